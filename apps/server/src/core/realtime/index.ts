import type { FastifyReply } from 'fastify'
import type { Bus } from './bus.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's live messages (set by buildApp) */
    realtime: Realtime
  }
}

export { type Bus, MemoryBus, openBus } from './bus.js'

/**
 * Live messages to signed-in users as server-sent events (`text/event-stream`). A stream listens to
 * the user's own channel (`user:<tenant>:<id>`, for messages meant for one person: the message
 * centre's) and to the topics its route asks for (`tenant:<tenant>:<topic>`, for what every viewer of
 * a screen sees: intercom locations). Producers publish on the bus, so with Redis a message
 * published on one node reaches streams held by every node. `listening(channel)` tells a producer
 * whether this process has anyone to deliver to (pollers stop when nobody watches).
 */
export const userChannel = (tenantId: string, userId: string) => `user:${tenantId}:${userId}`
export const tenantChannel = (tenantId: string, topic: string) => `tenant:${tenantId}:${topic}`

/** A message on the bus: the SSE event name and its JSON data. */
export interface LiveMessage {
  event: string
  data: unknown
}

export interface StreamOptions {
  channels: readonly string[]
  /** a comment line every so often keeps proxies from closing an idle stream */
  heartbeatMs?: number
  /** end the stream at this moment (epoch ms): the token's expiry, so a stream outlives no session */
  until?: number
  /**
   * channels whose messages are not relayed: each one writes this frame instead (a public viewer
   * learns that alarms changed, never what the alarm message said)
   */
  nudges?: readonly { channel: string; frame: string }[]
  /** channels whose first message ends the stream after it is written (a revoked link) */
  closeOn?: readonly string[]
  onClose?: () => void
}

export class Realtime {
  private readonly local = new Map<string, number>()

  constructor(readonly bus: Bus) {}

  /** The SSE frame is made once here; every stream writes it as it is. */
  async publish(channel: string, message: LiveMessage): Promise<void> {
    await this.bus.publish(channel, `event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`)
  }

  /** how many streams of this process listen to a channel */
  listening(channel: string): number {
    return this.local.get(channel) ?? 0
  }

  /** Turn the request into an event stream until the client goes away. */
  async stream(reply: FastifyReply, options: StreamOptions): Promise<void> {
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: do not buffer the stream
      'x-accel-buffering': 'no',
    })
    raw.write(': open\n\n')
    // a frame may still arrive between the end and the unsubscribes of 'close'
    const write = (frame: string) => void (raw.writableEnded || raw.write(frame))
    const closing = (frame: string) => void (raw.writableEnded || raw.end(frame))
    const unsubscribes = await Promise.all([
      ...options.channels.map((c) => this.bus.subscribe(c, write)),
      ...(options.nudges ?? []).map((n) => this.bus.subscribe(n.channel, () => write(n.frame))),
      ...(options.closeOn ?? []).map((c) => this.bus.subscribe(c, closing)),
    ])
    const counted = [...options.channels, ...(options.nudges ?? []).map((n) => n.channel)]
    for (const c of counted) this.local.set(c, this.listening(c) + 1)
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), options.heartbeatMs ?? 25_000)
    heartbeat.unref()
    const expiry =
      options.until === undefined
        ? undefined
        : setTimeout(() => raw.end(), Math.max(0, options.until - Date.now()))
    expiry?.unref()
    raw.once('close', () => {
      clearInterval(heartbeat)
      clearTimeout(expiry)
      for (const c of counted) {
        const n = this.listening(c) - 1
        if (n > 0) this.local.set(c, n)
        else this.local.delete(c)
      }
      for (const u of unsubscribes) void u()
      options.onClose?.()
    })
  }
}

import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { type Bus, MemoryBus, Realtime, tenantChannel, userChannel } from './index.js'
import { RedisBus } from './redis-bus.js'

/**
 * Server-sent events over the bus: a stream receives what is published on its channels (and nothing
 * else), `listening` counts this process's streams, a closed stream unsubscribes. With REDIS_URL the
 * same runs across two "processes" (two buses on one Redis): published on one, delivered by the other.
 */

async function serve(realtime: Realtime, channels: string[]): Promise<FastifyInstance> {
  const app = Fastify()
  app.get('/stream', (_request, reply) => realtime.stream(reply, { channels, heartbeatMs: 50 }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}

/** Read the stream until `count` events arrived (or give up). */
async function events(
  url: string,
  count: number,
  controller: AbortController,
): Promise<{ event: string; data: unknown }[]> {
  const res = await fetch(url, { signal: controller.signal })
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const out: { event: string; data: unknown }[] = []
  while (out.length < count) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    let end = text.indexOf('\n\n')
    while (end >= 0) {
      const frame = text.slice(0, end)
      text = text.slice(end + 2)
      const event = /^event: (.*)$/m.exec(frame)?.[1]
      const data = /^data: (.*)$/m.exec(frame)?.[1]
      if (event && data) out.push({ event, data: JSON.parse(data) })
      end = text.indexOf('\n\n')
    }
  }
  controller.abort()
  return out
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20))
}

function suite(name: string, makeBuses: () => [Bus, Bus]) {
  describe(name, () => {
    const cleanup: (() => Promise<unknown>)[] = []
    afterEach(async () => {
      for (const c of cleanup.splice(0).reverse()) await c()
    })

    it('delivers what is published on its channels, in batches as published, and nothing else', async () => {
      const [a, b] = makeBuses()
      const receiver = new Realtime(a)
      const sender = new Realtime(b)
      cleanup.push(
        () => a.close(),
        () => b.close(),
      )
      const mine = userChannel('100001', '42')
      const topic = tenantChannel('100001', 'intercom.locations')
      const app = await serve(receiver, [mine, topic])
      cleanup.push(() => app.close())
      const controller = new AbortController()
      const port = (app.server.address() as { port: number }).port
      const received = events(`http://127.0.0.1:${port}/stream`, 2, controller)
      await waitFor(() => receiver.listening(topic) === 1)
      expect(receiver.listening(topic)).toBe(1)
      await sender.publish(tenantChannel('100002', 'intercom.locations'), {
        event: 'locations',
        data: ['other tenant'],
      })
      await sender.publish(userChannel('100001', '43'), { event: 'message', data: 'someone else' })
      await sender.publish(topic, { event: 'locations', data: [['100001', 31.2, 121.5, 1]] })
      await sender.publish(mine, { event: 'message', data: { title: '你好' } })
      expect(await received).toEqual([
        { event: 'locations', data: [['100001', 31.2, 121.5, 1]] },
        { event: 'message', data: { title: '你好' } },
      ])
      await waitFor(() => receiver.listening(topic) === 0)
      expect(receiver.listening(topic)).toBe(0)
    })
  })
}

describe('realtime: a stream with an end', () => {
  it('ends at `until` (a token’s expiry) and unsubscribes', async () => {
    const realtime = new Realtime(new MemoryBus())
    const channel = userChannel('100001', '7')
    const app = Fastify()
    app.get('/stream', (_request, reply) =>
      realtime.stream(reply, { channels: [channel], until: Date.now() + 300 }),
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const port = (app.server.address() as { port: number }).port
      const started = Date.now()
      const res = await fetch(`http://127.0.0.1:${port}/stream`)
      // the body ends by itself
      await res.text()
      expect(Date.now() - started).toBeLessThan(5000)
      await waitFor(() => realtime.listening(channel) === 0)
      expect(realtime.listening(channel)).toBe(0)
    } finally {
      await app.close()
    }
  })
})

suite('realtime: in-process bus', () => {
  const bus = new MemoryBus()
  return [bus, bus]
})

const redisUrl = process.env.REDIS_URL
if (!redisUrl) console.info('realtime Redis bus test skipped: set REDIS_URL to run it')
describe.skipIf(!redisUrl)('realtime over Redis (REDIS_URL)', () => {
  suite('realtime: Redis pub/sub between two processes', () => {
    const prefix = `xpark-test:${randomUUID()}:`
    return [new RedisBus(redisUrl!, prefix), new RedisBus(redisUrl!, prefix)]
  })
})

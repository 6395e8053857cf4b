import type { FastifyBaseLogger } from 'fastify'
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt'
import {
  type DeviceTopic,
  type DeviceTopicKind,
  everyMachine,
  parseDeviceTopic,
  TOPIC_ROOT,
} from './topics.js'

/**
 * This node's MQTT connections (mqtt.js). Handlers are registered per topic kind before `start`;
 * a message is handed to its handler and acknowledged (PUBACK) only when the handler's promise
 * settles, so an event whose transaction did not commit is delivered again. A connection takes its
 * messages one at a time (mqtt.js `handleMessage`: the next waits for the last one's PUBACK, and
 * mqtt.js has no acknowledgement of our own), so a handler that only buffers returns at once.
 *
 * On a shared broker (mosquitto, `XPARK_MQTT_URL`) the kinds every node takes a share of are
 * subscribed as `$share/xpark/…`, so each message is handled by one node; acks are on the node's own
 * level and subscribed plainly. There the node also opens `intake - 1` more connections that take a
 * share of those kinds only: messages on several connections are in flight at once, and the device
 * layer writes the ones that wait together (core/devices/ingest.ts: a thousand punches a second are
 * a few dozen transactions, not a thousand). The embedded broker (aedes) speaks MQTT 3.1.1, has no
 * shared subscriptions and serves one node on one connection.
 */
export type TopicHandler = (topic: DeviceTopic, payload: unknown, packet: IPublishPacket) => unknown

export interface LinkOptions {
  url: string
  /** this node's name: its client id and its ack level */
  node: string
  /** several nodes share the broker: take a share of the device topics ($share/xpark/…) */
  shared: boolean
  protocolVersion: 4 | 5
  username?: string
  password?: string
  /** reconnect every so often while the broker is away */
  reconnectMs?: number
  /** connections taking the shared kinds, this node's one included (shared brokers only; default 1) */
  intake?: number
  log: FastifyBaseLogger
}

const SHARE_GROUP = 'xpark'

export class DeviceLink {
  private client: MqttClient | undefined
  /** the further connections taking a share of the device topics (shared brokers) */
  private intakes: MqttClient[] = []
  private readonly handlers = new Map<string, TopicHandler>()
  private readonly onConnectListeners: (() => void)[] = []

  constructor(private readonly options: LinkOptions) {}

  get node(): string {
    return this.options.node
  }

  get protocolVersion(): 4 | 5 {
    return this.options.protocolVersion
  }

  /** the broker answers: commands can be sent */
  get connected(): boolean {
    return this.client?.connected ?? false
  }

  /** Take every machine's messages of a kind (each by one node when shared). */
  onEvery(kind: DeviceTopicKind, handler: TopicHandler, options: { shared?: boolean } = {}): void {
    const filter = everyMachine(kind)
    const shared = (options.shared ?? true) && this.options.shared
    this.handlers.set(shared ? `$share/${SHARE_GROUP}/${filter}` : filter, handler)
  }

  /** Take the messages of one exact filter (this node's acks). */
  onFilter(filter: string, handler: TopicHandler): void {
    this.handlers.set(filter, handler)
  }

  whenConnected(listener: () => void): void {
    this.onConnectListeners.push(listener)
  }

  /** Connect; resolves at the first connection or after `waitMs` (the broker away: degraded, retrying). */
  async start(waitMs = 3_000): Promise<void> {
    const { options } = this
    const clientOptions: IClientOptions = {
      clientId: `xpark-node-${options.node}`,
      protocolVersion: options.protocolVersion,
      // a shared broker keeps this node's session: unacknowledged events come back after a restart
      clean: !options.shared,
      ...(options.protocolVersion === 5 && options.shared
        ? { properties: { sessionExpiryInterval: 3600 } }
        : {}),
      reconnectPeriod: options.reconnectMs ?? 2_000,
      connectTimeout: 5_000,
      keepalive: 30,
      resubscribe: true,
      ...(options.username ? { username: options.username } : {}),
      ...(options.password ? { password: options.password } : {}),
    }
    const client = mqtt.connect(options.url, clientOptions)
    this.client = client
    this.take(client)
    client.on('connect', () => {
      this.subscribe(client, [...this.handlers.keys()])
      for (const listener of this.onConnectListeners) listener()
    })
    client.on('error', (error) => options.log.warn({ err: error }, 'device broker'))
    const sharedFilters = [...this.handlers.keys()].filter((f) => f.startsWith('$share/'))
    const intake = options.shared && sharedFilters.length ? Math.max(1, options.intake ?? 1) : 1
    this.intakes = Array.from({ length: intake - 1 }, (_, i) => {
      const more = mqtt.connect(options.url, {
        ...clientOptions,
        clientId: `xpark-node-${options.node}-in${i + 1}`,
      })
      this.take(more)
      more.on('connect', () => this.subscribe(more, sharedFilters))
      more.on('error', (error) => options.log.warn({ err: error }, 'device broker (intake)'))
      return more
    })
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs)
      timer.unref()
      client.once('connect', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    if (!client.connected)
      options.log.warn({ url: redactUrl(options.url) }, 'device broker not reachable: retrying every 2 s')
  }

  /** A connection's messages to their handlers, each acknowledged when its handler settles. */
  private take(client: MqttClient): void {
    const { options } = this
    client.handleMessage = (packet, done) => {
      const run = async () => {
        const handler = this.handlerFor(packet.topic)
        const topic = parseDeviceTopic(packet.topic)
        if (!handler || !topic) return
        let payload: unknown
        try {
          payload = JSON.parse(packet.payload.toString())
        } catch {
          options.log.warn({ topic: packet.topic }, 'device message is not JSON: dropped')
          return
        }
        await handler(topic, payload, packet)
      }
      run().then(
        () => done(),
        (error: unknown) => {
          // not acknowledged: a shared broker delivers it again (to this node or another)
          options.log.error({ err: error, topic: packet.topic }, 'device message not handled')
          done(error instanceof Error ? error : new Error(String(error)))
        },
      )
    }
  }

  private subscribe(client: MqttClient, filters: readonly string[]): void {
    if (!filters.length) return
    client.subscribe(Object.fromEntries(filters.map((topic) => [topic, { qos: 1 as const }])), (error) => {
      if (error) this.options.log.error({ err: error }, 'device subscriptions refused')
    })
  }

  private handlerFor(topic: string): TopicHandler | undefined {
    for (const [filter, handler] of this.handlers)
      if (matches(filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter, topic))
        return handler
    return undefined
  }

  async publish(
    topic: string,
    payload: unknown,
    options: { retain?: boolean; properties?: IPublishPacket['properties'] } = {},
  ): Promise<void> {
    const client = this.client
    if (!client?.connected) throw new DeviceGatewayAway()
    await client.publishAsync(topic, JSON.stringify(payload), {
      qos: 1,
      retain: options.retain ?? false,
      ...(options.properties && this.options.protocolVersion === 5 ? { properties: options.properties } : {}),
    })
  }

  async close(): Promise<void> {
    await Promise.all([this.client, ...this.intakes].map((client) => client?.endAsync(true)))
  }
}

/** The broker is not connected: nothing can be sent now. */
export class DeviceGatewayAway extends Error {
  constructor() {
    super('设备网关未连接')
  }
}

/** MQTT filter matching (`+` one level, `#` the rest). */
export function matches(filter: string, topic: string): boolean {
  const f = filter.split('/')
  const t = topic.split('/')
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true
    if (i >= t.length) return false
    if (f[i] !== '+' && f[i] !== t[i]) return false
  }
  return f.length === t.length
}

const redactUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@')

export { TOPIC_ROOT }

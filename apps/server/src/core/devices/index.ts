import { hostname } from 'node:os'
import { lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.js'
import type { Realtime } from '../realtime/index.js'
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.js'
import { CommandDesk, type CommandOutcome, type CommandRequest } from './commands.js'
import { deviceKey, NODE_USERNAME, nodeKey } from './credentials.js'
import { type DeviceSubscription, Ingest } from './ingest.js'
import { DeviceLink } from './link.js'
import { type Presence, PresenceBook } from './presence.js'
import { deviceEventSeen } from './schema.js'
import { type DeviceTopicKind, deviceTopic } from './topics.js'

export {
  COMMAND_RESULT_NAMES,
  COMMAND_RESULTS,
  COMMAND_TIMEOUT_MS,
  type CommandOutcome,
  NO_ANSWER,
} from './commands.js'
export { deviceKey, deviceUsername } from './credentials.js'
export {
  type DeviceMessage,
  type DeviceSubscription,
  eventEnvelope,
  type Refusal,
  subscription,
} from './ingest.js'
export { DeviceGatewayAway } from './link.js'
export {
  PRESENCE_EVENT,
  PRESENCE_TOPIC,
  type Presence,
  type PresenceChange,
  type PresenceListener,
} from './presence.js'
export { ackTopic, deviceTopic, MACHINE_CODE_PATTERN } from './topics.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's device layer (set by buildApp): tests reach the machines' side through it */
    devices: Devices
  }
}

/** What the device screens say while the broker is away. */
export const GATEWAY_AWAY = '设备网关未连接'

/** Repeat keys of handled events are kept this long (a redelivery comes within minutes). */
const SEEN_KEEP_MS = 7 * 24 * 3600_000

export interface DevicesConfig {
  /** a broker of our own (mosquitto); none: the embedded one */
  url: string | undefined
  /** the embedded broker's address */
  host: string
  port: number
  /** this node's name on the broker (default: host and process) */
  node?: string
  /** connections taking the machines' messages on a broker of our own (default 1) */
  intake?: number
}

/**
 * The device layer every module stands on (`ctx.devices`, docs/device-protocol.md): send to machines,
 * command them and wait for their answer, know which are online, and take their events through the
 * manifests' `subscriptions`.
 */
export class Devices {
  readonly presence: PresenceBook
  private readonly desk: CommandDesk
  private ingest: Ingest | undefined
  private prune: NodeJS.Timeout | undefined

  constructor(
    readonly link: DeviceLink,
    private readonly database: Database,
    realtime: Realtime,
    private readonly log: FastifyBaseLogger,
    /** the embedded broker's address, when it runs here (the simulator connects to it) */
    readonly brokerUrl: string,
    private readonly secret: string,
    private readonly broker?: EmbeddedBroker,
  ) {
    this.presence = new PresenceBook(database.db, realtime, log)
    this.desk = new CommandDesk(link)
    // every machine's word shows it alive; a status may say it is not (its last will)
    link.onEvery('status', (t, payload) => {
      const status = typeof payload === 'object' && payload ? (payload as Record<string, unknown>) : {}
      this.presence.heard(t.tenantId, t.machine, status.online !== false, status)
    })
    link.onEvery('telemetry', (t, payload) => {
      this.presence.heard(t.tenantId, t.machine, true)
      return this.ingest?.take(t, payload)
    })
    link.onEvery('event', (t, payload) => {
      this.presence.heard(t.tenantId, t.machine, true)
      return this.ingest?.take(t, payload)
    })
  }

  /** Connect and start taking messages for these subscriptions. */
  /** messages handled, repeats skipped and refusals by a handler so far (tests, the benchmark) */
  get ingested(): {
    handled: number
    repeats: number
    refused: number
    passed: number
    batched: number
    eventBatches: number
  } {
    return {
      batched: this.ingest?.batched ?? 0,
      eventBatches: this.ingest?.eventBatches ?? 0,
      handled: this.ingest?.handled ?? 0,
      repeats: this.ingest?.repeats ?? 0,
      refused: this.ingest?.refused ?? 0,
      passed: this.ingest?.passed ?? 0,
    }
  }

  async start(subscriptions: readonly DeviceSubscription[]): Promise<void> {
    this.ingest = new Ingest(this.database, subscriptions, this.log)
    this.presence.start()
    this.prune = setInterval(
      () =>
        void this.database.db
          .delete(deviceEventSeen)
          .where(lt(deviceEventSeen.seenAt, new Date(Date.now() - SEEN_KEEP_MS)))
          .catch((error) => this.log.warn({ err: error }, 'device repeat keys not pruned')),
      3600_000,
    )
    this.prune.unref()
    await this.link.start()
  }

  /** A machine's key for signing in to the broker (the machine screen tells an installer; the simulator uses it). */
  keyOf = (tenantId: string, machine: string): string => deviceKey(this.secret, tenantId, machine)

  get connected(): boolean {
    return this.link.connected
  }

  get kind(): 'embedded' | 'broker' {
    return this.broker ? 'embedded' : 'broker'
  }

  /** counters of what was taken (tests, benchmark) */
  get stats() {
    return {
      handled: this.ingest?.handled ?? 0,
      repeats: this.ingest?.repeats ?? 0,
      presenceWrites: this.presence.flushes,
    }
  }

  publish(
    tenantId: string,
    machine: string,
    kind: DeviceTopicKind,
    payload: unknown,
    options: { retain?: boolean } = {},
  ) {
    return this.link.publish(deviceTopic(tenantId, machine, kind), payload, options)
  }

  /** A machine's settings (its report interval and rule) as retained config; silence is measured in it. */
  async configure(
    tenantId: string,
    machine: string,
    config: { reportIntervalSeconds: number } & Record<string, unknown>,
  ) {
    await this.presence.setInterval(tenantId, machine, config.reportIntervalSeconds)
    if (this.connected) await this.publish(tenantId, machine, 'config', config, { retain: true })
  }

  /**
   * A module's own retained settings for a machine, beside its report config: `config/<section>`
   * (the alarm rules it may check at the edge). False when the broker is away (nothing sent).
   */
  async configureSection(
    tenantId: string,
    machine: string,
    section: string,
    payload: unknown,
  ): Promise<boolean> {
    if (!/^[a-z][a-zA-Z0-9-]{0,31}$/.test(section)) throw new Error(`bad config section ${section}`)
    if (!this.connected) return false
    await this.link.publish(`${deviceTopic(tenantId, machine, 'config')}/${section}`, payload, {
      retain: true,
    })
    return true
  }

  /** Send a command and wait for the machine's answer; DeviceGatewayAway when the broker is away. */
  command(request: CommandRequest): Promise<CommandOutcome> {
    return this.desk.send(request)
  }

  online(tenantId: string, machines: readonly string[]): Promise<Map<string, Presence>> {
    return this.presence.of(tenantId, machines)
  }

  async close(): Promise<void> {
    this.presence.stop()
    clearInterval(this.prune)
    await this.presence.flush().catch(() => {})
    await this.link.close()
    await this.ingest?.close()
    await this.broker?.close()
  }
}

/**
 * Open the device layer: the embedded broker on loopback unless `url` names a broker of our own, and
 * this node's connection to it (MQTT 5 with shared subscriptions on a broker of our own; 3.1.1 on the
 * embedded one, which serves one node).
 */
export async function openDevices(
  config: DevicesConfig,
  deps: { database: Database; realtime: Realtime; secret: string; log: FastifyBaseLogger },
): Promise<Devices> {
  const broker = config.url
    ? undefined
    : await startEmbeddedBroker({ host: config.host, port: config.port, secret: deps.secret })
  const url = config.url ?? broker!.url
  const node = config.node ?? `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`
  const link = new DeviceLink({
    url,
    node,
    shared: !!config.url,
    protocolVersion: config.url ? 5 : 4,
    ...(config.intake ? { intake: config.intake } : {}),
    // a broker of our own may take the credentials in its URL; the embedded one knows the node's key
    ...(broker ? { username: NODE_USERNAME, password: nodeKey(deps.secret) } : {}),
    log: deps.log,
  })
  return new Devices(link, deps.database, deps.realtime, deps.log, url, deps.secret, broker)
}
export { presenceExpand } from './expand.js'
export { OFFLINE, type RanCommand, type RunCommand, runCommand, UNSUPPORTED } from './run-command.js'
export {
  type CommandSender,
  type DeclaredCommands,
  type DeclaredRun,
  NOT_PERMITTED,
  runDeclared,
} from './run-declared.js'

import { randomUUID } from 'node:crypto'
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt'
import { deviceTopic, deviceUsername } from '../../core/devices/index.js'

/**
 * Simulated machines (XPARK_DEVICE_SIMULATOR=on, the default outside production): each one a real MQTT
 * client that signs in with its device key, says it is online (retained, with a last will saying it
 * is not), reports its status every report interval (from its retained config), raises events and
 * answers commands, sends readings on demand (`read`: a sensor crossing a threshold when a test or the
 * demo asks), and keeps the modules' retained settings it was sent (`config/<section>`). Faults are switched per machine: `offline` (it leaves; its will speaks),
 * `silent` (it takes commands and never answers), `refuse` (it answers that it cannot).
 */
/** A machine that lost its broker mid-publish drops the message, as a real one does. */
const dropped = () => {}

export type SimulatedFault = 'none' | 'offline' | 'silent' | 'refuse'

export interface SimulatedMachine {
  tenantId: string
  code: string
  /** the controls it carries out (others it refuses) */
  controls?: readonly string[]
}

export interface ReceivedCommand {
  id: string
  control: string
  params: Record<string, unknown>
}

interface Running {
  machine: SimulatedMachine
  client: MqttClient
  fault: SimulatedFault
  interval: NodeJS.Timeout | undefined
  intervalSeconds: number
  commands: ReceivedCommand[]
  /** the retained `config/<section>` payloads it holds, by section */
  sections: Map<string, unknown>
}

export const REFUSAL = '设备故障, 拒绝执行'

export class DeviceSimulator {
  private readonly running = new Map<string, Running>()
  /** every client made, connected or still connecting: a close ends them all */
  private readonly clients = new Set<MqttClient>()
  private closed = false

  constructor(
    private readonly brokerUrl: string,
    /** each machine's device key (core/devices/credentials.ts) */
    private readonly keyOf: (tenantId: string, code: string) => string,
    private readonly options: { protocolVersion?: 4 | 5 } = {},
  ) {}

  /** Bring machines online (already running ones are left as they are). */
  async add(machines: readonly SimulatedMachine[]): Promise<void> {
    if (this.closed) return
    await Promise.all(machines.filter((m) => !this.running.has(nameOf(m))).map((m) => this.connect(m)))
  }

  private async connect(machine: SimulatedMachine, fault: SimulatedFault = 'none'): Promise<void> {
    const { tenantId, code } = machine
    const status = deviceTopic(tenantId, code, 'status')
    const client = await this.open({
      clientId: `sim-${tenantId}-${code}-${randomUUID().slice(0, 6)}`,
      protocolVersion: this.options.protocolVersion ?? 4,
      username: deviceUsername(tenantId, code),
      password: this.keyOf(tenantId, code),
      will: { topic: status, payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
      reconnectPeriod: 2_000,
    })
    if (this.closed) return
    const running: Running = {
      machine,
      client,
      fault,
      interval: undefined,
      intervalSeconds: 30,
      commands: [],
      sections: new Map(),
    }
    this.running.set(nameOf(machine), running)
    client.on('message', (topic, payload, packet) => {
      let message: Record<string, unknown>
      try {
        message = JSON.parse(payload.toString())
      } catch {
        return
      }
      const section = /\/config\/([^/]+)$/.exec(topic)?.[1]
      if (section) {
        running.sections.set(section, message)
        return
      }
      if (topic.endsWith('/config')) {
        const seconds = Number(message.reportIntervalSeconds)
        if (Number.isFinite(seconds) && seconds > 0) this.report(running, seconds)
        return
      }
      const id = String(message.id ?? '')
      const control = String(message.control ?? '')
      running.commands.push({ id, control, params: (message.params as Record<string, unknown>) ?? {} })
      if (running.fault === 'silent') return
      const replyTo =
        packet.properties?.responseTopic ??
        (typeof message.replyTo === 'string' ? message.replyTo : undefined)
      if (!replyTo) return
      const supported = !machine.controls || machine.controls.includes(control)
      const ok = running.fault !== 'refuse' && supported
      void client
        .publishAsync(
          replyTo,
          JSON.stringify({
            id,
            ok,
            ...(ok ? {} : { reason: supported ? REFUSAL : `不支持的操作: ${control}` }),
          }),
          { qos: 1 },
        )
        .catch(dropped)
    })
    await client.subscribeAsync(
      [
        deviceTopic(tenantId, code, 'cmd'),
        deviceTopic(tenantId, code, 'config'),
        `${deviceTopic(tenantId, code, 'config')}/+`,
      ],
      { qos: 1 },
    )
    await client.publishAsync(status, JSON.stringify({ online: true, firmware: 'sim-1.0' }), {
      qos: 1,
      retain: true,
    })
    this.report(running, running.intervalSeconds)
  }

  /**
   * A client, known to `close` from the moment it is made (mqtt's connectAsync hands it over only once
   * connected: one still connecting when the server closed went on reconnecting to the closed broker).
   */
  private open(options: IClientOptions): Promise<MqttClient> {
    const client = mqtt.connect(this.brokerUrl, options)
    this.clients.add(client)
    client.once('end', () => this.clients.delete(client))
    return new Promise((resolve, reject) => {
      const connected = () => settle(() => resolve(client))
      const ended = () => settle(() => resolve(client))
      const failed = (error: Error) =>
        settle(() => {
          client.end(true)
          reject(error)
        })
      const settle = (then: () => void) => {
        client.off('connect', connected).off('end', ended).off('error', failed)
        then()
      }
      client.on('connect', connected).on('end', ended).on('error', failed)
    })
  }

  /** Report now and then every `seconds` (a new config restarts the rhythm). */
  private report(running: Running, seconds: number): void {
    clearInterval(running.interval)
    running.intervalSeconds = seconds
    const { tenantId, code } = running.machine
    const send = () => {
      if (running.client.connected)
        void running.client
          .publishAsync(
            deviceTopic(tenantId, code, 'status'),
            JSON.stringify({ online: true, firmware: 'sim-1.0' }),
            { qos: 1, retain: true },
          )
          .catch(dropped)
    }
    send()
    running.interval = setInterval(send, seconds * 1000)
    running.interval.unref()
  }

  /** Switch a machine's fault; `offline` drops its connection (its last will tells), back from it reconnects. */
  async fault(tenantId: string, code: string, fault: SimulatedFault): Promise<void> {
    const running = this.running.get(`${tenantId}/${code}`)
    if (!running) throw new Error(`no simulated machine ${tenantId}/${code}`)
    if (fault === 'offline' && running.fault !== 'offline') {
      clearInterval(running.interval)
      // dropped, not closed: the broker publishes the last will as it would for a machine losing power
      running.client.stream.destroy()
      await running.client.endAsync(true)
    } else if (fault !== 'offline' && running.fault === 'offline') {
      this.running.delete(nameOf(running.machine))
      await this.connect(running.machine, fault)
      return
    }
    running.fault = fault
  }

  /**
   * Raise an event as the machine (at least once: the same id may be sent again with `repeat`), at
   * now, or at the event's own `at` (a machine uploading what it saw while it was away).
   */
  async raise(
    tenantId: string,
    code: string,
    event: { type: string; id?: string } & Record<string, unknown>,
  ): Promise<string> {
    const running = this.running.get(`${tenantId}/${code}`)
    if (!running || running.fault === 'offline')
      throw new Error(`simulated machine ${tenantId}/${code} is not online`)
    const id = event.id ?? randomUUID()
    await running.client.publishAsync(
      deviceTopic(tenantId, code, 'event'),
      JSON.stringify({ at: new Date().toISOString(), ...event, id }),
      { qos: 1 },
    )
    return id
  }

  /** Send readings as the machine (`{ temperature: 81 }`): a sensor crossing a rule on demand. */
  async read(tenantId: string, code: string, readings: Readonly<Record<string, number>>): Promise<void> {
    const running = this.running.get(`${tenantId}/${code}`)
    if (!running || running.fault === 'offline')
      throw new Error(`simulated machine ${tenantId}/${code} is not online`)
    await running.client.publishAsync(
      deviceTopic(tenantId, code, 'telemetry'),
      JSON.stringify({ ...readings, at: new Date().toISOString() }),
      { qos: 1 },
    )
  }

  /** A retained setting the machine holds (`config/<section>`), as last sent (tests). */
  sectionOf(tenantId: string, code: string, section: string): unknown {
    return this.running.get(`${tenantId}/${code}`)?.sections.get(section)
  }

  /** The commands a machine received (tests). */
  commandsOf(tenantId: string, code: string): readonly ReceivedCommand[] {
    return this.running.get(`${tenantId}/${code}`)?.commands ?? []
  }

  get size(): number {
    return this.running.size
  }

  async close(): Promise<void> {
    this.closed = true
    for (const r of this.running.values()) clearInterval(r.interval)
    this.running.clear()
    await Promise.all([...this.clients].map((client) => client.endAsync(true)))
    this.clients.clear()
  }
}

const nameOf = (m: SimulatedMachine) => `${m.tenantId}/${m.code}`

import { ALARM_SOURCE, RULE_KIND } from '@xpark/contract/modules/alarm'
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  type DeviceSubscription,
  eventEnvelope,
  type PresenceChange,
  subscription,
} from '../../core/devices/index.js'
import type { ModuleContext } from '../../core/module.js'
import type { DbOrTx, Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { fanOut, type Raised, raiseAlarm } from './raise.js'
import {
  type CompiledRule,
  compileRule,
  describe,
  inSchedule,
  type MachineFacts,
  readingOf,
  watches,
} from './rules.js'
import { alarmRule } from './schema.js'

/**
 * The rule engine of one app: each tenant's enabled rules compiled once and evaluated in memory for
 * every reading and event the device layer hands over. An edit drops the tenant's compiled rules on
 * every node through the bus (`RULES_CHANNEL`), so the next message recompiles them; a node that
 * missed the bus (Redis away) recompiles within `REFRESH_MS` anyway. "Held N s" lives in the shared
 * cache (Redis when configured): readings of one machine handled by different nodes count together.
 */
export const RULES_CHANNEL = 'alarm:rules'
/** the event type (dict `alarm_event_type`) the device layer's presence raises for a machine gone offline */
export const OFFLINE_EVENT = 'offline'
const REFRESH_MS = 60_000
/** the held state outlives a reading gap of this long (a sensor reporting every few minutes) */
const HELD_SLACK_SECONDS = 600
/** how long a machine's facts (type, place) serve the check before a reading's transaction */
const FACTS_MS = 10_000

interface Compiled {
  rules: CompiledRule[]
  at: number
}

const silent = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger

export class AlarmEngine {
  private readonly tenants = new Map<string, Promise<Compiled>>()
  /** machines' facts for `mayRaise`, by tenant/code (undefined: no such machine), with when read */
  private readonly facts = new Map<string, { machine: MachineFacts | undefined; at: number }>()
  private app: FastifyInstance | undefined
  private unsubscribe: (() => Promise<void>) | undefined
  /** what was raised and counted (tests, benchmark) */
  readonly stats = { readings: 0, events: 0, raised: 0, counted: 0 }

  constructor(private readonly ctx: ModuleContext) {}

  get context(): ModuleContext {
    return this.ctx
  }

  get log(): FastifyBaseLogger {
    return this.app?.log ?? silent
  }

  /** Bound when the module's routes are registered: the fan-out's SMS logs through the app. */
  async bind(app: FastifyInstance): Promise<void> {
    this.app = app
    this.unsubscribe ??= await this.ctx.realtime.bus.subscribe(RULES_CHANNEL, (tenantId) =>
      this.tenants.delete(tenantId),
    )
    // a machine gone silent or gone with its last will is an `offline` event for the event rules
    const stopListening = this.ctx.devices.presence.listen((changes) => this.wentOffline(changes))
    app.addHook('onClose', async () => {
      stopListening()
      await this.unsubscribe?.()
      this.unsubscribe = undefined
    })
  }

  /** Presence changes this node found: each machine gone offline goes through the `offline` rules. */
  async wentOffline(changes: readonly PresenceChange[]): Promise<void> {
    const at = new Date()
    for (const change of changes) {
      if (change.online) continue
      const after = await this.ctx.database.db.transaction((tx) =>
        this.event(tx, {
          tenantId: change.tenantId,
          machine: change.machine,
          type: OFFLINE_EVENT,
          receivedAt: at,
        }),
      )
      await after?.()
    }
  }

  /** A rule of the tenant changed: every node recompiles its rules at the next message. */
  async changed(tenantId: string): Promise<void> {
    this.tenants.delete(tenantId)
    await this.ctx.realtime.bus.publish(RULES_CHANNEL, tenantId)
  }

  /**
   * The tenant's enabled rules, compiled (one load at a time per tenant). Inside a message's
   * transaction they are read with it (PGlite has one connection: a read beside it would wait for it).
   */
  rulesOf(tenantId: string, db: DbOrTx = this.ctx.database.db): Promise<CompiledRule[]> {
    let entry = this.tenants.get(tenantId)
    if (entry) {
      const e = entry
      void e.then((c) => {
        if (Date.now() - c.at > REFRESH_MS && this.tenants.get(tenantId) === e) this.tenants.delete(tenantId)
      })
    } else {
      entry = this.load(tenantId, db)
      this.tenants.set(tenantId, entry)
      entry.catch(() => this.tenants.delete(tenantId))
    }
    return entry.then((c) => c.rules)
  }

  private async load(tenantId: string, db: DbOrTx): Promise<Compiled> {
    const rows = await db
      .select()
      .from(alarmRule)
      .where(and(eq(alarmRule.tenantId, tenantId), eq(alarmRule.status, 1), eq(alarmRule.isDeleted, 0)))
    return { rules: rows.map(compileRule), at: Date.now() }
  }

  /** The cache key of a (rule, machine)'s crossing since. */
  private heldKey = (rule: CompiledRule, machine: MachineFacts) =>
    `alarm:held:${rule.tenantId}:${rule.id}:${machine.id}`

  /**
   * Whether a crossing reading has now been held long enough: the first crossing's moment is kept in
   * the shared cache (set once, whichever node sees it first); a reading back inside the threshold
   * clears it.
   */
  private async held(rule: CompiledRule, machine: MachineFacts, crossing: boolean, at: Date) {
    const key = this.heldKey(rule, machine)
    if (!crossing) {
      if (rule.holdMs > 0) await this.ctx.cache.del(key)
      return false
    }
    if (rule.holdMs === 0) return true
    const ttl = Math.ceil(rule.holdMs / 1000) + HELD_SLACK_SECONDS
    if (await this.ctx.cache.setIfAbsent(key, String(at.getTime()), ttl)) return false
    const since = Number(await this.ctx.cache.get(key))
    // renewed so a long hold is not forgotten while readings keep crossing
    if (Number.isFinite(since)) await this.ctx.cache.set(key, String(since), ttl)
    return Number.isFinite(since) && at.getTime() - since >= rule.holdMs
  }

  private async machineOf(tx: DbOrTx, tenantId: string, code: string): Promise<MachineFacts | undefined> {
    const [m] = await tx
      .select({
        id: parkMachine.id,
        code: parkMachine.code,
        name: parkMachine.name,
        type: parkMachine.type,
        roomId: parkMachine.roomId,
        warehouseId: parkMachine.warehouseId,
      })
      .from(parkMachine)
      .where(
        and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.code, code), eq(parkMachine.isDeleted, 0)),
      )
    return m
  }

  private raise(
    tx: Tx,
    rule: CompiledRule,
    machine: MachineFacts,
    type: string,
    value: number | null,
    at: Date,
  ) {
    return raiseAlarm(tx, {
      tenantId: rule.tenantId,
      ruleId: rule.id,
      machineId: machine.id,
      machineCode: machine.code,
      source: ALARM_SOURCE.device,
      alarmType: type,
      level: rule.level,
      content: describe(rule, value ?? undefined),
      value,
      at,
    })
  }

  private counted(raised: Raised[]): (() => Promise<void>) | undefined {
    for (const r of raised) r.opened ? this.stats.raised++ : this.stats.counted++
    if (!raised.length) return undefined
    return () => this.fanOut(raised)
  }

  /** After the commit: each alarm's fan-out, in order. */
  async fanOut(raised: readonly Raised[]): Promise<void> {
    for (const r of raised)
      await fanOut(this.ctx, this.app!, r).catch((error) =>
        this.log.error({ err: error, alarm: r.id }, 'alarm fan-out failed'),
      )
  }

  /**
   * Before a reading's transaction: whether a rule watching the machine, on now, is crossed by it
   * (only then can it open or count an alarm). A reading back inside a held rule's threshold clears
   * the held moment here, in the shared cache. Most readings stop here, without a commit.
   */
  async mayRaise(m: {
    tenantId: string
    machine: string
    payload: Record<string, unknown>
    receivedAt: Date
  }) {
    const rules = (await this.rulesOf(m.tenantId)).filter((r) => readingOf(r, m.payload) !== undefined)
    if (!rules.length) return false
    const machine = await this.factsOf(m.tenantId, m.machine)
    if (!machine) return false
    let crossed = false
    for (const rule of rules) {
      if (!watches(rule, machine) || !inSchedule(rule, m.receivedAt)) continue
      if (rule.compare(readingOf(rule, m.payload)!)) crossed = true
      else if (rule.holdMs > 0) await this.ctx.cache.del(this.heldKey(rule, machine))
    }
    return crossed
  }

  private async factsOf(tenantId: string, code: string): Promise<MachineFacts | undefined> {
    const key = `${tenantId}/${code}`
    const known = this.facts.get(key)
    if (known && Date.now() - known.at < FACTS_MS) return known.machine
    const machine = await this.machineOf(this.ctx.database.db, tenantId, code)
    if (this.facts.size > 50_000) this.facts.clear()
    this.facts.set(key, { machine, at: Date.now() })
    return machine
  }

  /** A reading: each metric rule of the tenant watching the machine, on now, crossed and held. */
  async reading(
    tx: Tx,
    m: { tenantId: string; machine: string; payload: Record<string, unknown>; receivedAt: Date },
  ) {
    this.stats.readings++
    const rules = (await this.rulesOf(m.tenantId, tx)).filter((r) => readingOf(r, m.payload) !== undefined)
    if (!rules.length) return undefined
    const machine = await this.machineOf(tx, m.tenantId, m.machine)
    if (!machine) return undefined
    const raised: Raised[] = []
    for (const rule of rules) {
      if (!watches(rule, machine) || !inSchedule(rule, m.receivedAt)) continue
      const value = readingOf(rule, m.payload)!
      if (await this.held(rule, machine, rule.compare(value), m.receivedAt))
        raised.push(await this.raise(tx, rule, machine, rule.metric, value, m.receivedAt))
    }
    return this.counted(raised)
  }

  /** Before an event's transaction: whether an enabled rule of the tenant watches its type (cached rules). */
  async watchesEvent(tenantId: string, type: string): Promise<boolean> {
    return (await this.rulesOf(tenantId)).some(watchingEvent(type))
  }

  /** An event: each event rule of its type watching the machine, on now. */
  async event(tx: Tx, m: { tenantId: string; machine: string; type: string; receivedAt: Date }) {
    this.stats.events++
    const rules = (await this.rulesOf(m.tenantId, tx)).filter(watchingEvent(m.type))
    if (!rules.length) return undefined
    const machine = await this.machineOf(tx, m.tenantId, m.machine)
    if (!machine) return undefined
    const raised: Raised[] = []
    for (const rule of rules)
      if (watches(rule, machine) && inSchedule(rule, m.receivedAt))
        raised.push(await this.raise(tx, rule, machine, m.type, null, m.receivedAt))
    return this.counted(raised)
  }
}

/** an event rule of this event type */
const watchingEvent = (type: string) => (r: CompiledRule) =>
  r.kind === RULE_KIND.event && r.eventType === type

const engines = new WeakMap<ModuleContext, AlarmEngine>()

export function engineOf(ctx: ModuleContext): AlarmEngine {
  let engine = engines.get(ctx)
  if (!engine) {
    engine = new AlarmEngine(ctx)
    engines.set(ctx, engine)
  }
  return engine
}

/**
 * The app whose engine the kit's hooks reach (`afterCommit` and action `after` get no module context):
 * set when the module's routes are registered; one app per process (a test file's), a second one
 * takes it over.
 */
let bound: AlarmEngine | undefined
export const bindEngine = (engine: AlarmEngine) => {
  bound = engine
}
export const boundEngine = (): AlarmEngine | undefined => bound

/** Readings are any numbers a machine sends; events carry their envelope (the type's fields ride along). */
const readings = z.record(z.string(), z.unknown())

/** The manifest's subscriptions: every reading and event through the tenant's rules. */
export function alarmSubscriptions(ctx: ModuleContext): DeviceSubscription[] {
  const engine = engineOf(ctx)
  return [
    subscription({
      kind: 'telemetry',
      payload: readings,
      // readings carry no id: each one counts
      dedupe: false,
      wants: (m) => engine.mayRaise(m),
      handle: (m, tx) => engine.reading(tx, m),
    }),
    subscription({
      kind: 'event',
      payload: eventEnvelope.loose(),
      // only an event type some rule watches opens a transaction for the alarms
      wants: (m) => engine.watchesEvent(m.tenantId, m.payload.type),
      handle: (m, tx) =>
        engine.event(tx, {
          tenantId: m.tenantId,
          machine: m.machine,
          type: m.payload.type,
          receivedAt: m.receivedAt,
        }),
    }),
  ]
}

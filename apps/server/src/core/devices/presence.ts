import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import { type Realtime, tenantChannel } from '../realtime/index.js'
import { devicePresence } from './schema.js'

/**
 * Whether machines are online (docs/modules/device.md, "Online"). A machine says so on its retained
 * `status` topic (its last will says `online: false`); anything else it sends shows it alive. What
 * this node hears is kept in memory and written once a second in one upsert, however many machines
 * spoke: 10,000 machines reporting every second are one statement a second per node, not 10,000. A
 * machine silent for three of its report intervals is offline (a sweep every few seconds marks it).
 * Changes reach the consoles as a live message on the tenant's `devices` topic.
 */
export interface Presence {
  online: boolean
  lastSeenAt: Date | null
}

/** The live topic device screens listen to (core/realtime): `{ machine, online }[]` per change. */
export const PRESENCE_TOPIC = 'devices'
export const PRESENCE_EVENT = 'presence'

const DEFAULT_INTERVAL_SECONDS = 60
const ROWS_PER_STATEMENT = 12_000

/** Machines whose online state changed, as one node saw it (each change is seen by one node). */
export type PresenceChange = { tenantId: string; machine: string; online: boolean }
export type PresenceListener = (changes: readonly PresenceChange[]) => Promise<void>

interface Heard {
  tenantId: string
  machine: string
  online: boolean
  at: Date
  status: Record<string, unknown> | null
}

export class PresenceBook {
  private pending = new Map<string, Heard>()
  /** what this node last told the consoles, by tenant/machine */
  private readonly told = new Map<string, boolean>()
  private timers: NodeJS.Timeout[] = []
  /** the write in progress: writes never overlap */
  private writing: Promise<void> | undefined
  /** statements written (the benchmark counts them) */
  flushes = 0
  /** modules reacting to changes in this process (an offline machine raises an alarm) */
  private readonly listeners = new Set<PresenceListener>()

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(flushMs = 1_000, sweepMs = 5_000): void {
    const flush = setInterval(() => {
      // a write slower than the interval is not overlapped: the next tick finds it running and waits
      // for the one after (two upserts of the same rows in different orders deadlock)
      if (this.writing) return
      void this.flush().catch((e) => this.log.error({ err: e }, 'presence write failed'))
    }, flushMs)
    const sweep = setInterval(
      () => void this.sweep().catch((e) => this.log.error({ err: e }, 'presence sweep failed')),
      sweepMs,
    )
    flush.unref()
    sweep.unref()
    this.timers = [flush, sweep]
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t)
  }

  /** A machine spoke (`online` false only from a status saying so, its last will). */
  heard(
    tenantId: string,
    machine: string,
    online: boolean,
    status: Record<string, unknown> | null = null,
  ): void {
    const key = `${tenantId}/${machine}`
    const before = this.pending.get(key)
    this.pending.set(key, {
      tenantId,
      machine,
      online,
      at: new Date(),
      status: status ?? before?.status ?? null,
    })
  }

  /** Write what was heard since the last time: one statement (after the write in progress, if any). */
  async flush(): Promise<void> {
    const written = await this.exclusive(async () => {
      if (!this.pending.size) return []
      const heard = [...this.pending.values()]
      this.pending = new Map()
      this.flushes++
      try {
        await this.write(heard)
      } catch (error) {
        // not written: kept for the next write, unless the machine spoke again since
        for (const h of heard) {
          const key = `${h.tenantId}/${h.machine}`
          if (!this.pending.has(key)) this.pending.set(key, h)
        }
        throw error
      }
      return heard
    })
    await this.tell(written.filter((h) => this.told.get(`${h.tenantId}/${h.machine}`) !== h.online))
  }

  /**
   * Run one write when no other is running. `writing` is what the others wait for: it settles when
   * the write ends and never rejects (the write's own caller gets its error; a waiter only waits, and
   * a rejected promise nobody awaits would end the process while the database is away).
   */
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    while (this.writing) await this.writing
    const running = work()
    this.writing = running.then(
      () => {},
      () => {},
    )
    try {
      return await running
    } finally {
      this.writing = undefined
    }
  }

  /**
   * One statement per 12,000 machines: PostgreSQL takes at most 65,535 parameters in a statement and
   * a row sends five (a node hearing more machines in one second writes them in several statements).
   */
  private async write(heard: readonly Heard[]): Promise<void> {
    for (let i = 0; i < heard.length; i += ROWS_PER_STATEMENT)
      await this.writeRows(heard.slice(i, i + ROWS_PER_STATEMENT))
  }

  private async writeRows(heard: readonly Heard[]): Promise<void> {
    await this.db
      .insert(devicePresence)
      .values(
        heard.map((h) => ({
          tenantId: h.tenantId,
          machine: h.machine,
          online: h.online,
          lastSeenAt: h.at,
          status: h.status,
        })),
      )
      .onConflictDoUpdate({
        target: [devicePresence.tenantId, devicePresence.machine],
        set: {
          online: sql`excluded.online`,
          lastSeenAt: sql`excluded.last_seen_at`,
          status: sql`coalesce(excluded.status, ${devicePresence.status})`,
        },
      })
  }

  /** Machines silent for three report intervals go offline (never beside a write: same rows). */
  async sweep(): Promise<void> {
    const silent = await this.exclusive(() =>
      this.db
        .update(devicePresence)
        .set({ online: false })
        .where(
          and(
            eq(devicePresence.online, true),
            sql`${devicePresence.lastSeenAt} < now() - make_interval(secs => ${devicePresence.intervalSeconds} * 3)`,
          ),
        )
        .returning({ tenantId: devicePresence.tenantId, machine: devicePresence.machine })
        .execute(),
    )
    await this.tell(silent.map((s) => ({ ...s, online: false })))
  }

  /**
   * Hear the changes this node finds: a machine's last will (on the node that took it) and the sweep's
   * silent machines (the node whose update marked them). A listener's failure is logged, not thrown.
   */
  listen(listener: PresenceListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async tell(changes: readonly PresenceChange[]): Promise<void> {
    const byTenant = new Map<string, { machine: string; online: boolean }[]>()
    for (const c of changes) {
      this.told.set(`${c.tenantId}/${c.machine}`, c.online)
      byTenant.set(c.tenantId, [
        ...(byTenant.get(c.tenantId) ?? []),
        { machine: c.machine, online: c.online },
      ])
    }
    for (const [tenantId, list] of byTenant)
      await this.realtime.publish(tenantChannel(tenantId, PRESENCE_TOPIC), {
        event: PRESENCE_EVENT,
        data: list,
      })
    if (!changes.length) return
    for (const listener of this.listeners)
      await listener(changes).catch((error) => this.log.error({ err: error }, 'presence listener failed'))
  }

  /** The report interval a machine was configured with (silence is measured in it). */
  async setInterval(tenantId: string, machine: string, seconds: number): Promise<void> {
    await this.db
      .insert(devicePresence)
      .values({ tenantId, machine, intervalSeconds: seconds, online: false })
      .onConflictDoUpdate({
        target: [devicePresence.tenantId, devicePresence.machine],
        set: { intervalSeconds: seconds },
      })
  }

  /** Online state of some machines of a tenant (unknown machines are offline). */
  async of(tenantId: string, machines: readonly string[]): Promise<Map<string, Presence>> {
    const result = new Map<string, Presence>()
    if (!machines.length) return result
    const rows = await this.db
      .select({
        machine: devicePresence.machine,
        online: sql<boolean>`${devicePresence.online} and ${devicePresence.lastSeenAt} >= now() - make_interval(secs => ${devicePresence.intervalSeconds} * 3)`,
        lastSeenAt: devicePresence.lastSeenAt,
      })
      .from(devicePresence)
      .where(and(eq(devicePresence.tenantId, tenantId), inArray(devicePresence.machine, [...machines])))
    for (const m of machines) result.set(m, { online: false, lastSeenAt: null })
    for (const r of rows) result.set(r.machine, { online: !!r.online, lastSeenAt: r.lastSeenAt })
    // heard here and not yet written: fresher than the table
    for (const m of machines) {
      const h = this.pending.get(`${tenantId}/${m}`)
      if (h) result.set(m, { online: h.online, lastSeenAt: h.at })
    }
    return result
  }
}

export { DEFAULT_INTERVAL_SECONDS }

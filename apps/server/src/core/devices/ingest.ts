import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Database, Tx } from '../../db/client.js'
import { AppError } from '../errors.js'
import { deviceEventSeen } from './schema.js'
import type { DeviceTopic } from './topics.js'

/**
 * What a module takes from the machines (its manifest's `subscriptions`): a topic kind, the payload's
 * schema, and a handler run in a transaction. A message is acknowledged to the broker only after that
 * transaction commits, and its key (the event's id) is written in the same transaction: a message
 * delivered twice (a redelivery after a crash, two nodes racing) is handled once. A handler refuses a
 * message by throwing an AppError (the business rule's own refusal): its writes are undone, the
 * refusal logged, and the message acknowledged; any other error leaves it unacknowledged.
 *
 * Messages taken while a transaction is writing wait and go in the next one together (a group
 * commit): one transaction for the batch, one statement for its repeat keys, and a subscription with
 * `handleMany` handles its share of the batch in a few set-based statements. A batch that fails is
 * taken again a message at a time, so one bad message fails alone.
 */
export interface DeviceMessage<P> {
  tenantId: string
  /** the machine's code */
  machine: string
  payload: P
  receivedAt: Date
}

export interface DeviceSubscription<P = unknown> {
  /** `event` (things that happened, at least once) or `telemetry` (readings) */
  kind: 'event' | 'telemetry'
  /** only messages whose `type` is this */
  type?: string
  payload: z.ZodType<P>
  /**
   * in the message's transaction; may answer what to do once it has committed (fire a scene: slow,
   * outside the transaction, and never for a message that rolled back or was a repeat)
   */
  handle?: (message: DeviceMessage<P>, tx: Tx) => Promise<void | (() => Promise<void>)>
  /**
   * the batch's messages of this subscription at once, in a savepoint (a thousand punches a second
   * are a few statements a batch, not ten a punch); answers the messages it refused (by index,
   * none of their writes made). Thrown, any error fails the batch, which is then taken a message at
   * a time: handled alone, an AppError thrown is that message's refusal.
   */
  handleMany?: (messages: DeviceMessage<P>[], tx: Tx) => Promise<readonly Refusal[]>
  /**
   * readings taken in batches instead of a transaction a message (every reading stored): kept in
   * memory and written every `everyMs` (default 1 s) in one transaction by `write`. A batch that fails
   * is retried at the next write; what a node holds when it dies is lost (readings, never events).
   */
  batch?: { everyMs?: number; write: (messages: DeviceMessage<P>[], tx: Tx) => Promise<void> }
  /** the key a repeated message repeats (default: the payload's `id`); none: every delivery is handled */
  dedupe?: ((payload: P) => string) | false
  /**
   * asked before the transaction opens, without a statement of the message's own: false → nothing
   * for this subscription to do. A message no subscription wants opens no transaction, so readings
   * well inside every threshold cost a rule check, not a commit (bench section 12).
   */
  wants?: (message: DeviceMessage<P>) => Promise<boolean> | boolean
}

/** A message of a batch that `handleMany` refused, by its index in the batch. */
export interface Refusal {
  index: number
  error: AppError
}

/** Declared in a manifest without losing the payload's type. */
export const subscription = <P>(s: DeviceSubscription<P>): DeviceSubscription => s as DeviceSubscription

/** Every event carries an id (its dedupe key) and a type; the rest is the type's own. */
export const eventEnvelope = z.object({
  id: z.string().min(1).max(64),
  type: z.string().min(1).max(32),
  at: z.string().max(40).optional(),
})

/** Past this many held messages a subscription's oldest are dropped (the database away for long). */
const BATCH_HOLD = 100_000
/** messages in one event transaction at most (more wait for the next) */
const EVENT_BATCH = 500

/** A message waiting for its transaction; settled once it commits (acknowledged) or fails. */
interface Pending {
  tenantId: string
  machine: string
  kind: DeviceTopic['kind']
  type: unknown
  key: string | null
  wanted: { s: DeviceSubscription; payload: unknown }[]
  receivedAt: Date
  done: (error?: unknown) => void
}

/** What a batch's transaction did, counted once it has committed. */
interface Outcome {
  handled: number
  repeats: number
  refused: number
  after: (() => Promise<void>)[]
}

interface Held {
  subscription: DeviceSubscription
  messages: DeviceMessage<unknown>[]
  timer?: NodeJS.Timeout
  writing?: Promise<void>
}

export class Ingest {
  /** messages handled, and repeats skipped (tests and the benchmark read them) */
  handled = 0
  repeats = 0
  /** messages a handler refused (an AppError): acknowledged, nothing of theirs written */
  refused = 0
  /** messages no subscription wanted (`wants`): no transaction opened */
  passed = 0
  /** messages taken by batched subscriptions only, and those dropped while the database was away */
  batched = 0
  dropped = 0
  /** event transactions committed, and the messages they took (the benchmark reads the ratio) */
  eventBatches = 0
  private readonly held: Held[] = []
  private waiting: Pending[] = []
  private writingEvents = false
  private eventsWriting: Promise<void> = Promise.resolve()
  private eventsScheduled = false

  constructor(
    private readonly database: Database,
    private readonly subscriptions: readonly DeviceSubscription[],
    private readonly log: FastifyBaseLogger,
  ) {
    for (const subscription of subscriptions) {
      if (!subscription.batch) {
        if (!subscription.handle && !subscription.handleMany)
          throw new Error('a device subscription needs handle, handleMany or batch')
        continue
      }
      const held: Held = { subscription, messages: [] }
      held.timer = setInterval(() => void this.write(held), subscription.batch.everyMs ?? 1_000)
      held.timer.unref()
      this.held.push(held)
    }
  }

  /** Write a batched subscription's held messages (one write at a time; a failed batch is kept). */
  private async write(held: Held): Promise<void> {
    if (held.writing || !held.messages.length) return held.writing
    const messages = held.messages
    held.messages = []
    held.writing = this.database.db
      .transaction((tx) => held.subscription.batch!.write(messages, tx))
      .catch((error) => {
        this.log.error(
          { err: error, messages: messages.length },
          'device readings not written: kept for the next try',
        )
        held.messages = [...messages, ...held.messages]
        const over = held.messages.length - BATCH_HOLD
        if (over > 0) {
          held.messages.splice(0, over)
          this.dropped += over
        }
      })
      .finally(() => {
        held.writing = undefined
      })
    return held.writing
  }

  /** Write the events taken, stop the batch timers and write what is held (the server's close). */
  async close(): Promise<void> {
    while (this.writingEvents || this.waiting.length) await this.writeEvents()
    for (const held of this.held) {
      clearInterval(held.timer)
      await held.writing
      await this.write(held)
    }
  }

  kinds(): ('event' | 'telemetry')[] {
    return [...new Set(this.subscriptions.map((s) => s.kind))]
  }

  async take(topic: DeviceTopic, raw: unknown): Promise<void> {
    const type = typeof raw === 'object' && raw && 'type' in raw ? (raw as { type: unknown }).type : undefined
    const parsed = this.subscriptions
      .filter((s) => s.kind === topic.kind && (s.type === undefined || s.type === type))
      .flatMap((s) => {
        const parsed = s.payload.safeParse(raw)
        if (parsed.success) return [{ s, payload: parsed.data }]
        this.log.warn(
          {
            topic: `${topic.tenantId}/${topic.machine}/${topic.kind}`,
            issues: parsed.error.issues.slice(0, 3),
          },
          'device message refused by its schema',
        )
        return []
      })
    if (!parsed.length) return
    const receivedAt = new Date()
    const wanted: typeof parsed = []
    let batched = false
    for (const w of parsed) {
      const message = { tenantId: topic.tenantId, machine: topic.machine, payload: w.payload, receivedAt }
      if (w.s.wants && !(await w.s.wants(message))) continue
      const held = w.s.batch && this.held.find((h) => h.subscription === w.s)
      if (held) {
        held.messages.push(message)
        batched = true
      } else wanted.push(w)
    }
    if (!wanted.length) {
      if (batched) this.batched++
      else this.passed++
      return
    }
    const keys = wanted.map(({ s, payload }) => {
      const key = s.dedupe === false ? null : s.dedupe ? s.dedupe(payload) : (payload as { id?: unknown }).id
      return typeof key === 'string' && key ? `${topic.tenantId}/${topic.machine}/${key}` : null
    })
    await new Promise<void>((resolve, reject) => {
      this.waiting.push({
        tenantId: topic.tenantId,
        machine: topic.machine,
        kind: topic.kind,
        type,
        key: keys.find((k) => k !== null) ?? null,
        wanted,
        receivedAt,
        done: (error) => (error === undefined ? resolve() : reject(error)),
      })
      this.scheduleEvents()
    })
  }

  /** The next event transaction starts once the one writing has committed (or now, if none is). */
  private scheduleEvents(): void {
    if (this.writingEvents || this.eventsScheduled || !this.waiting.length) return
    this.eventsScheduled = true
    // after the I/O of this turn: the messages that came in with this one join it
    setImmediate(() => {
      this.eventsScheduled = false
      void this.writeEvents()
    })
  }

  private writeEvents(): Promise<void> {
    if (this.writingEvents) return this.eventsWriting
    if (!this.waiting.length) return Promise.resolve()
    this.writingEvents = true
    const batch = this.waiting.splice(0, EVENT_BATCH)
    this.eventsWriting = this.commit(batch).finally(() => {
      this.writingEvents = false
      this.scheduleEvents()
    })
    return this.eventsWriting
  }

  /** One transaction for the batch; failed, each message alone (the one at fault fails by itself). */
  private async commit(batch: Pending[]): Promise<void> {
    let outcome: Outcome
    try {
      outcome = await this.database.db.transaction((tx) => this.handleBatch(batch, tx))
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.done(error)
        return
      }
      for (const message of batch) await this.commit([message])
      return
    }
    this.eventBatches++
    this.handled += outcome.handled
    this.repeats += outcome.repeats
    this.refused += outcome.refused
    for (const message of batch) message.done()
    for (const then of outcome.after)
      void then().catch((error) => this.log.error({ err: error }, 'device message: follow-up failed'))
  }

  private async handleBatch(batch: readonly Pending[], tx: Tx): Promise<Outcome> {
    const outcome: Outcome = { handled: 0, repeats: 0, refused: 0, after: [] }
    // the repeat keys of the batch in one statement: a key already there, or twice in the batch, is a repeat
    const keys = [...new Set(batch.flatMap((m) => (m.key ? [m.key] : [])))]
    const fresh = new Set<string>()
    if (keys.length) {
      const inserted = await tx.execute(
        sql`insert into ${deviceEventSeen} (key) select unnest(${sql.param(keys)}::varchar[])
          on conflict do nothing returning key`,
      )
      // `execute` answers `{ rows }` on both drivers
      for (const row of (inserted as unknown as { rows: { key: string }[] }).rows) fresh.add(row.key)
    }
    const taken: Pending[] = []
    for (const message of batch) {
      if (message.key && !fresh.delete(message.key)) outcome.repeats++
      else taken.push(message)
    }
    const messageOf = (m: Pending, payload: unknown): DeviceMessage<unknown> => ({
      tenantId: m.tenantId,
      machine: m.machine,
      payload,
      receivedAt: m.receivedAt,
    })
    const refusal = (m: Pending, error: AppError) => {
      outcome.refused++
      this.log.warn(
        { topic: `${m.tenantId}/${m.machine}/${m.kind}`, type: m.type, msg: error.message },
        'device message refused by its handler',
      )
    }
    // the subscriptions that take their share at once
    const many = new Map<DeviceSubscription, { m: Pending; payload: unknown }[]>()
    for (const m of taken)
      for (const { s, payload } of m.wanted)
        if (s.handleMany) {
          const share = many.get(s)
          if (share) share.push({ m, payload })
          else many.set(s, [{ m, payload }])
        }
    for (const [s, share] of many) {
      try {
        const refused = await tx.transaction((sp) =>
          s.handleMany!(
            share.map(({ m, payload }) => messageOf(m, payload)),
            sp,
          ),
        )
        for (const r of refused) refusal(share[r.index]!.m, r.error)
      } catch (error) {
        // alone, a refusal thrown is the message's; in a batch whose is not known: taken again alone
        if (batch.length > 1 || !(error instanceof AppError)) throw error
        refusal(share[0]!.m, error)
      }
    }
    // the others a message at a time, each in a savepoint: a handler's refusal (AppError: a check-in
    // off the path) undoes its own writes only, is logged and acknowledged (a redelivery would be
    // refused the same way)
    for (const m of taken) {
      for (const { s, payload } of m.wanted) {
        if (s.handleMany) continue
        try {
          const then = await tx.transaction((sp) => s.handle!(messageOf(m, payload), sp))
          if (then) outcome.after.push(then)
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          refusal(m, error)
        }
      }
      outcome.handled++
    }
    return outcome
  }
}

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
  private readonly held: Held[] = []

  constructor(
    private readonly database: Database,
    private readonly subscriptions: readonly DeviceSubscription[],
    private readonly log: FastifyBaseLogger,
  ) {
    for (const subscription of subscriptions) {
      if (!subscription.batch) {
        if (!subscription.handle) throw new Error('a device subscription needs handle or batch')
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

  /** Stop the batch timers and write what is held (the server's close). */
  async close(): Promise<void> {
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
    const key = keys.find((k) => k !== null)
    const after: (() => Promise<void>)[] = []
    await this.database.db.transaction(async (tx) => {
      if (key) {
        const fresh = await tx
          .insert(deviceEventSeen)
          .values({ key })
          .onConflictDoNothing()
          .returning({ key: deviceEventSeen.key })
        if (!fresh.length) {
          this.repeats++
          return
        }
      }
      for (const { s, payload } of wanted) {
        const message = { tenantId: topic.tenantId, machine: topic.machine, payload, receivedAt }
        try {
          // a savepoint each: a handler's refusal (AppError: a check-in off the path) undoes its own
          // writes only, is logged and acknowledged (a redelivery would be refused the same way)
          const then = await tx.transaction((sp) => s.handle!(message, sp))
          if (then) after.push(then)
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          this.refused++
          this.log.warn(
            { topic: `${topic.tenantId}/${topic.machine}/${topic.kind}`, type, msg: error.message },
            'device message refused by its handler',
          )
        }
      }
      this.handled++
    })
    for (const then of after)
      void then().catch((error) => this.log.error({ err: error }, 'device message: follow-up failed'))
  }
}

import { eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from '../../db/client.js'
import { insertRows } from '../../db/insert-rows.js'
import { addDays, dayOf } from '../days.js'
import type { Job } from '../module.js'
import { jobWake } from './index.js'
import { derivedDay, derivedTouch } from './schema.js'

/**
 * Results kept from source rows (attendance's person-days from punches, a day's visit counts from
 * face records, a car park's daily passes): the screens and reports read the results, never the raw
 * rows. A result is a function of its key's source rows, so it is recomputed, never patched:
 *
 * - a write that changes source rows marks the keys it touched (`touch`, in its own transaction), and
 *   the job recomputes exactly those keys soon after; or it recomputes them at once (`recompute`, in
 *   its transaction) when the person who wrote must see the result;
 * - keys that come due with time (everyone's yesterday: a day without punches is an absence) are
 *   queued once per day by `dueEachDay`, each day once and none skipped, from the day the job first ran;
 * - a recompute deletes the key's result rows and inserts what `compute` answers: running it twice
 *   gives the same rows (idempotent), so N processes or a retry after a failure do no harm.
 *
 * The marks live in the database, so a recompute asked for is never lost to a restart; a mark made
 * again while the job recomputed its key stays for the next run.
 */

/** A key: the result table's property names forming its unique key, with their values. */
export type DerivedKey = Record<string, string>
type Row = Record<string, unknown>

export interface DerivedSpec<K extends DerivedKey> {
  /** the job's name, and the marks' (64 characters at most) */
  name: string
  everySeconds: number
  /** the result table */
  into: PgTable
  /** the property names of `into` forming a result's key, in order (its unique index, or a prefix of it) */
  key: readonly (keyof K & string)[]
  /** the result rows of these keys, read from the source rows (a key may have none) */
  compute: (keys: K[], tx: DbOrTx) => Promise<Row[]>
  /** the keys that come due once `day` (`yyyy-MM-dd`, the server's time zone) is over */
  dueEachDay?: (day: string, db: DbOrTx) => Promise<K[]>
  /** keys recomputed in one transaction by the job (default 500) */
  batch?: number
}

export interface Derived<K extends DerivedKey> {
  job: Job
  /** mark keys for the job to recompute, in the transaction that changed their source rows */
  touch(tx: DbOrTx, keys: readonly K[]): Promise<void>
  /** recompute keys now, in the caller's transaction; answers how many result rows there are now */
  recompute(tx: DbOrTx, keys: readonly K[]): Promise<number>
  /**
   * what the job does: queue the days come due, then recompute every marked key; answers the keys
   * done. An aborted `signal` stops it after the batch it is in (the server closing).
   */
  drain(db: Db, options?: { today?: string; signal?: AbortSignal }): Promise<number>
  /**
   * ask the job to drain now on this process rather than at its next interval, once the write that
   * marked keys has committed (a rule saved: its people's month is wanted in seconds, not a minute)
   */
  soon(): void
}

const TOUCH_CHUNK = 10_000
const DELETE_CHUNK = 50
/** recomputes of keys in one bucket wait for each other; more buckets, less waiting, more locks */
const LOCK_BUCKETS = 8

/** A key's bucket: a string hash (FNV-1a) folded onto the buckets. */
function bucketOf(mark: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < mark.length; i++) hash = Math.imul(hash ^ mark.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % LOCK_BUCKETS
}

export function derived<K extends DerivedKey>(spec: DerivedSpec<K>): Derived<K> {
  const columns = getTableColumns(spec.into) as Record<string, PgColumn>
  const keyColumns = spec.key.map((name) => {
    const column = columns[name]
    if (!column) throw new Error(`derived ${spec.name}: ${String(spec.into)} has no column ${name}`)
    return column
  })
  const batch = spec.batch ?? 500
  const markOf = (key: K) => JSON.stringify(spec.key.map((name) => key[name]))
  const keyOf = (mark: string): K | null => {
    try {
      const values: unknown = JSON.parse(mark)
      if (!Array.isArray(values) || values.length !== spec.key.length) return null
      return Object.fromEntries(spec.key.map((name, i) => [name, String(values[i])])) as K
    } catch {
      return null
    }
  }
  const distinct = (keys: readonly K[]) => [...new Map(keys.map((key) => [markOf(key), key])).values()]

  const touch: Derived<K>['touch'] = async (tx, keys) => {
    const marks = distinct(keys).map(markOf)
    // the keys as one array parameter: a rule save marks 150,000 person-days, and building a
    // statement of two parameters a mark took 6-8 s of the server's CPU (bench section 13)
    for (let i = 0; i < marks.length; i += TOUCH_CHUNK)
      await tx.execute(
        sql`insert into ${derivedTouch} (name, key)
          select ${spec.name}, unnest(${sql.param(marks.slice(i, i + TOUCH_CHUNK))}::varchar[])
          on conflict (name, key) do update set touched_at = clock_timestamp()`,
      )
  }

  const recompute: Derived<K>['recompute'] = async (tx, keys) => {
    const unique = distinct(keys)
    if (!unique.length) return 0
    // a write's recompute and the job's on one key wait for each other (else both insert its rows):
    // a lock per bucket of keys, at most LOCK_BUCKETS of them (PGlite's lock table holds about 64 a
    // transaction: a lock per key aborted it past that), taken in one order so none deadlock
    const buckets = [...new Set(unique.map((key) => bucketOf(markOf(key))))].sort((a, b) => a - b)
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${spec.name}), b) from unnest(array[${sql.join(
        buckets.map((b) => sql`${b}`),
        sql`, `,
      )}]::int[]) as b order by b`,
    )
    // (k1, k2, …) in ((v1, v2, …), …), a few dozen keys a statement: PGlite's small stack aborts on
    // the expression of hundreds
    const tuple = sql.join(keyColumns, sql`, `)
    for (let i = 0; i < unique.length; i += DELETE_CHUNK) {
      const values = sql.join(
        unique.slice(i, i + DELETE_CHUNK).map(
          (key) =>
            sql`(${sql.join(
              spec.key.map((name) => sql`${key[name]}`),
              sql`, `,
            )})`,
        ),
        sql`, `,
      )
      await tx.delete(spec.into).where(sql`(${tuple}) in (${values})`)
    }
    const rows = await spec.compute(unique, tx)
    await insertRows(tx, spec.into, rows)
    return rows.length
  }

  /** queue the keys of every day over since the last one queued (yesterday only, the first time) */
  const queueDays = async (db: Db, today: string) => {
    const dueEachDay = spec.dueEachDay
    if (!dueEachDay) return
    const yesterday = addDays(today, -1)
    const [state] = await db.select().from(derivedDay).where(eq(derivedDay.name, spec.name))
    for (let day = state ? addDays(state.through, 1) : yesterday; day <= yesterday; day = addDays(day, 1)) {
      await db.transaction(async (tx) => {
        await touch(tx, await dueEachDay(day, tx))
        await tx
          .insert(derivedDay)
          .values({ name: spec.name, through: day })
          .onConflictDoUpdate({ target: derivedDay.name, set: { through: day } })
      })
    }
  }

  const drain: Derived<K>['drain'] = async (db, options = {}) => {
    await queueDays(db, options.today ?? dayOf(new Date()))
    // a run stops taking batches after its interval: the next run goes on where it stopped
    const until = Date.now() + spec.everySeconds * 1000
    let done = 0
    let analyzed = false
    for (;;) {
      const taken = await db.transaction(async (tx) => {
        // claim the oldest marks by deleting them: a run of the next interval or another node still
        // draining skips them (locked), a failed recompute rolls the deletion back, and a key marked
        // again meanwhile gets a new mark (its write waits for this commit, then finds no row to
        // update; in this very transaction, no row to update either): it stays for the next run.
        // ctid: a TID scan, whatever the planner knows of the marks (it had none without ANALYZE,
        // and 500 (key, time) pairs filtered every mark of the job: 1.9 s a batch at 130,000 marks).
        const claimed = await tx.execute(
          sql`delete from ${derivedTouch} where ctid = any(array(
            select ctid from ${derivedTouch} where ${derivedTouch.name} = ${spec.name}
            order by ${derivedTouch.touchedAt} limit ${batch} for update skip locked))
          returning ${derivedTouch.key} as key`,
        )
        // `execute` answers `{ rows }` on both drivers
        const rows = (claimed as unknown as { rows: { key: string }[] }).rows
        const keys = rows.map((mark) => keyOf(mark.key)).filter((key): key is K => key !== null)
        await recompute(tx, keys)
        return rows.length
      })
      done += taken
      if (taken < batch || Date.now() >= until || options.signal?.aborted) break
      // many marks: fresh statistics, once a run, so the claim reads the oldest by the index. The
      // marks go from none to 150,000 in one save, and autovacuum analyzes a minute later at best
      // (PGlite: hourly, when they are usually gone); without them the claim sorted every mark (42 ms
      // a batch at 150,000, 1 ms with them). Only a hint: a refusal changes nothing.
      if (!analyzed) {
        analyzed = true
        await db.execute(sql`analyze ${derivedTouch}`).catch(() => {})
      }
    }
    return done
  }

  const wake = jobWake()
  return {
    touch,
    recompute,
    drain,
    soon: () => wake.ask(),
    job: {
      name: spec.name,
      everySeconds: spec.everySeconds,
      run: async (ctx, signal) => void (await drain(ctx.database.db, { signal })),
      // a drain beside another is safe: each batch claims marks no other run holds (skip locked)
      wake,
    },
  }
}

import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * One row per scheduled job and interval that a process claimed: the primary key lets exactly one of
 * N server processes run a job in an interval (core/jobs). Old rows are pruned by the claims.
 */
export const jobRun = pgTable(
  'xpark_job_run',
  {
    name: varchar('name', { length: 64 }).notNull(),
    /** the interval: milliseconds since the epoch divided by the job's period */
    slot: bigint('slot', { mode: 'number' }).notNull(),
    /** which process ran it (host and pid), for the operator */
    node: varchar('node', { length: 255 }).notNull().default(''),
    ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
)

/**
 * Keys whose derived results are due for a recompute (core/jobs/derived.ts): marked in the
 * transaction that changed their source rows, drained by the derived job. `touchedAt` tells a mark
 * made again while the job was recomputing from the one it read, so the newer one stays.
 */
export const derivedTouch = pgTable(
  'xpark_derived_touch',
  {
    name: varchar('name', { length: 64 }).notNull(),
    /** the key's values in the declared order, as a JSON array */
    key: varchar('key', { length: 512 }).notNull(),
    touchedAt: timestamp('touched_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.key] }),
    // the job takes its oldest marks first: without it each batch sorted every mark of the job
    index('xpark_derived_touch_oldest_idx').on(t.name, t.touchedAt),
  ],
)

/** The last day whose due keys a derived job queued (`dueEachDay`): each day once, none skipped. */
export const derivedDay = pgTable('xpark_derived_day', {
  name: varchar('name', { length: 64 }).primaryKey(),
  through: varchar('through', { length: 10 }).notNull(),
})

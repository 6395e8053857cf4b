import { bigint, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

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

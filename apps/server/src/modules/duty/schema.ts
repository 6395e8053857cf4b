import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * One person on duty on one day and shift (spec 01 §7 "Duty"). The day is a calendar date
 * (`yyyy-MM-dd`, no time zone to shift it); `shift` is dict `duty_shift` (1 白班, 2 夜班).
 */
export const dutyPerson = pgTable(
  'xpark_duty_person',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    dutyDate: varchar('duty_date', { length: 10 }).notNull(),
    shift: integer('shift').notNull(),
    userId: id('user_id').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    index('xpark_duty_person_date_idx').on(t.tenantId, t.dutyDate, t.shift),
    // a person is on a day's shift once
    uniqueIndex('xpark_duty_person_uq').on(t.tenantId, t.dutyDate, t.shift, t.userId).where(live),
  ],
)

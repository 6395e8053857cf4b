import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * Attendance (issue 30): rules with their versions and people, punches, and the person-day results a
 * job keeps from them (core/jobs/derived.ts). See docs/modules/attendance.md.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A rule as edited (punchClockSeting); what counts on a day is its version of that day. */
export const attendanceRule = pgTable('xpark_attendance_rule', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  deptIds: varchar('dept_ids', { length: 4000 }).notNull().default(''),
  userIds: varchar('user_ids', { length: 40000 }).notNull().default(''),
  workdays: varchar('workdays', { length: 13 }).notNull(),
  shiftCount: smallint('shift_count').notNull().default(1),
  start1: varchar('start1', { length: 5 }).notNull(),
  end1: varchar('end1', { length: 5 }).notNull(),
  start2: varchar('start2', { length: 5 }).notNull().default(''),
  end2: varchar('end2', { length: 5 }).notNull().default(''),
  lateGraceMinutes: integer('late_grace_minutes').notNull().default(0),
  earlyGraceMinutes: integer('early_grace_minutes').notNull().default(0),
  absentMinutes: integer('absent_minutes').notNull().default(240),
  punchBeforeMinutes: integer('punch_before_minutes').notNull().default(120),
  punchAfterMinutes: integer('punch_after_minutes').notNull().default(240),
  machineIds: varchar('machine_ids', { length: 4000 }).notNull().default(''),
  useHolidays: smallint('use_holidays').notNull().default(1),
  /** the day the last change counts from */
  effectiveDay: varchar('effective_day', { length: 10 }).notNull().default(''),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
})

/** What a rule was from a day on (`settings`: rules.ts `RuleSettings`); a change adds one. */
export const attendanceRuleVersion = pgTable(
  'xpark_attendance_rule_version',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ruleId: id('rule_id').notNull(),
    fromDay: varchar('from_day', { length: 10 }).notNull(),
    settings: jsonb('settings').notNull(),
  },
  (t) => [uniqueIndex('xpark_attendance_rule_version_uq').on(t.ruleId, t.fromDay)],
)

/** A rule's people (its departments expanded when it is saved): a person in one rule only. */
export const attendanceMember = pgTable(
  'xpark_attendance_member',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ruleId: id('rule_id').notNull(),
    userId: id('user_id').notNull(),
  },
  (t) => [
    uniqueIndex('xpark_attendance_member_user_uq').on(t.tenantId, t.userId),
    index('xpark_attendance_member_rule_idx').on(t.tenantId, t.ruleId),
  ],
)

/** A punch: 1 from a machine (its event id once per machine), 2 by hand (补卡, with a reason). */
export const attendancePunch = pgTable(
  'xpark_attendance_punch',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    userId: id('user_id').notNull(),
    punchTime: at('punch_time').notNull(),
    source: smallint('source').notNull().default(2),
    machineId: id('machine_id'),
    eventId: varchar('event_id', { length: 64 }),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
  },
  (t) => [
    // a machine's event delivered twice is one punch
    uniqueIndex('xpark_attendance_punch_event_uq')
      .on(t.tenantId, t.machineId, t.eventId)
      .where(sql`event_id is not null`),
    index('xpark_attendance_punch_user_idx').on(t.tenantId, t.userId, t.punchTime).where(live),
  ],
)

/**
 * A person-day's result (derived from the punches, the rule's version of the day, the holiday
 * calendar and approved leave): recomputed whole, never patched. `status`: ATTENDANCE_STATUS.
 */
export const attendanceDay = pgTable(
  'xpark_attendance_day',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: id('user_id').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    ruleId: id('rule_id').notNull(),
    status: smallint('status').notNull(),
    /** `09:00-18:00` or `09:00-12:00,13:00-18:00` */
    shifts: varchar('shifts', { length: 32 }).notNull(),
    in1: at('in1'),
    out1: at('out1'),
    in2: at('in2'),
    out2: at('out2'),
    lateMinutes: integer('late_minutes').notNull().default(0),
    earlyMinutes: integer('early_minutes').notNull().default(0),
    missingCount: smallint('missing_count').notNull().default(0),
    /** half days of absence: 0, 1 or 2 */
    absentHalfDays: smallint('absent_half_days').notNull().default(0),
    workMinutes: integer('work_minutes').notNull().default(0),
    punchCount: smallint('punch_count').notNull().default(0),
    /** the clock line: the shifts' instants and the punches of the window (ISO texts) */
    line: jsonb('line').notNull(),
    computedAt: at('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.day] }),
    index('xpark_attendance_day_day_idx').on(t.tenantId, t.day, t.status),
    // the late and abnormal pages' count: their statuses' days and people from the index alone
    index('xpark_attendance_day_status_idx').on(t.tenantId, t.status, t.day, t.userId),
    index('xpark_attendance_day_rule_idx').on(t.tenantId, t.ruleId, t.day),
  ],
)

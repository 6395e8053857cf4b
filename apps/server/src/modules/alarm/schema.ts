import { sql } from 'drizzle-orm'
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { id, live, tenantColumns, tenantIndexes } from '../../db/columns.js'

/**
 * Alarms (spec 02 §7, issue 29): rules, groups, the alarm records and who was told of each. A rule's
 * `status` is 1 enabled / 0 disabled; an alarm's `status` its state: 0 未处理, 1 处理中, 2 已关闭.
 */

/** A rule: a metric threshold (kind 1) or a device event type (kind 2) on some machines, in a schedule. */
export const alarmRule = pgTable(
  'xpark_alarm_rule',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: integer('kind').notNull(),
    metric: varchar('metric', { length: 32 }).notNull().default(''),
    operator: varchar('operator', { length: 2 }).notNull().default(''),
    threshold: doublePrecision('threshold'),
    holdSeconds: integer('hold_seconds').notNull().default(0),
    eventType: varchar('event_type', { length: 32 }).notNull().default(''),
    scopeType: integer('scope_type').notNull(),
    machineType: integer('machine_type'),
    roomId: id('room_id'),
    warehouseId: id('warehouse_id'),
    /** comma-joined machine ids (scope 3) */
    machineIds: varchar('machine_ids', { length: 10_000 }).notNull().default(''),
    /** ISO weekdays, comma-joined; '' every day */
    weekdays: varchar('weekdays', { length: 16 }).notNull().default(''),
    /** `HH:mm`; both '' all day */
    timeFrom: varchar('time_from', { length: 5 }).notNull().default(''),
    timeTo: varchar('time_to', { length: 5 }).notNull().default(''),
    level: integer('level').notNull(),
    /** comma-joined alarm group ids */
    groupIds: varchar('group_ids', { length: 1000 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [...tenantIndexes('xpark_alarm_rule', t)],
)

/** A group of people an alarm is told to; SMS for alarms of `smsLevel` or above (0: none). */
export const alarmGroup = pgTable(
  'xpark_alarm_group',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    userIds: varchar('user_ids', { length: 10_000 }).notNull(),
    smsLevel: integer('sms_level').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_alarm_group', t),
    uniqueIndex('xpark_alarm_group_name_uq').on(t.tenantId, t.name).where(live),
  ],
)

/**
 * An alarm: one per (rule, machine) while not closed — `dedupe_key` is `r<rule>/m<machine>` (a rule's)
 * or `x<type>/m<machine>` (another system's without a rule), unique among the open live rows, so two
 * nodes taking readings of one machine at once open one and count on it.
 */
export const alarm = pgTable(
  'xpark_alarm',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    dedupeKey: varchar('dedupe_key', { length: 80 }).notNull(),
    ruleId: id('rule_id'),
    machineId: id('machine_id'),
    machineCode: varchar('machine_code', { length: 64 }).notNull().default(''),
    source: integer('source').notNull(),
    alarmType: varchar('alarm_type', { length: 32 }).notNull(),
    level: integer('level').notNull(),
    content: varchar('content', { length: 255 }).notNull().default(''),
    value: doublePrecision('value'),
    count: integer('count').notNull().default(1),
    firstTime: timestamp('first_time', { withTimezone: true, mode: 'date' }).notNull(),
    lastTime: timestamp('last_time', { withTimezone: true, mode: 'date' }).notNull(),
    handlerId: id('handler_id'),
    closeTime: timestamp('close_time', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_alarm', t),
    uniqueIndex('xpark_alarm_open_uq').on(t.tenantId, t.dedupeKey).where(sql`status < 2 and is_deleted = 0`),
    index('xpark_alarm_rule_idx').on(t.tenantId, t.ruleId).where(live),
    index('xpark_alarm_time_idx').on(t.tenantId, t.lastTime).where(live),
    // the alarm screen's filters (状态, then 级别) in its default order (newest first), and their count:
    // without it a page of 未处理 counted every alarm of the tenant (bench section 12)
    index('xpark_alarm_state_idx').on(t.tenantId, t.status, t.level, t.id).where(live),
  ],
)

/**
 * Who was told of an alarm, and how (`message`, `sms`): one row per alarm, person and channel, so a
 * follow-up run twice (a retry, two nodes) tells nobody twice.
 */
export const alarmNotice = pgTable(
  'xpark_alarm_notice',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    alarmId: id('alarm_id').notNull(),
    userId: id('user_id').notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
  },
  (t) => [uniqueIndex('xpark_alarm_notice_uq').on(t.alarmId, t.userId, t.channel)],
)

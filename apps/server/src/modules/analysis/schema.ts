import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { id } from '../../db/columns.js'

/**
 * Park analysis (spec 02 §7, issue 30): the sensors' readings as they come (the one source of its
 * own) and the daily aggregates the analysis calls read, each kept by a job from its source rows
 * (core/jobs/derived.ts). See docs/modules/visitor.md "Analysis".
 */

const tenant = () => varchar('tenant_id', { length: 12 }).notNull()
const day = () => varchar('day', { length: 10 }).notNull()
const area = () => varchar('area', { length: 128 }).notNull()

/** A reading of a sensor (telemetry: every numeric field of the message is one metric). */
export const sensorReading = pgTable(
  'xpark_sensor_reading',
  {
    id: id('id').primaryKey(),
    tenantId: tenant(),
    machineId: id('machine_id').notNull(),
    area: area(),
    metric: varchar('metric', { length: 32 }).notNull(),
    value: doublePrecision('value').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
    day: day(),
  },
  (t) => [index('xpark_sensor_reading_day_idx').on(t.tenantId, t.day, t.machineId, t.metric)],
)

/** A sensor's metric by day: how many readings, their sum (the mean), least, most, last. */
export const sensorDaily = pgTable(
  'xpark_sensor_daily',
  {
    tenantId: tenant(),
    day: day(),
    machineId: id('machine_id').notNull(),
    metric: varchar('metric', { length: 32 }).notNull(),
    area: area(),
    readings: integer('readings').notNull(),
    total: doublePrecision('total').notNull(),
    least: doublePrecision('least').notNull(),
    most: doublePrecision('most').notNull(),
    last: doublePrecision('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.machineId, t.metric] })],
)

/** Alarms by the day they opened, level and area: how many, how many closed since. */
export const alarmDaily = pgTable(
  'xpark_alarm_daily',
  {
    tenantId: tenant(),
    day: day(),
    level: smallint('level').notNull(),
    area: area(),
    alarms: integer('alarms').notNull(),
    closed: integer('closed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.level, t.area] })],
)

/** Property orders by the day they were made: how many, how many done since (kind 1 repair). */
export const serviceDaily = pgTable(
  'xpark_service_daily',
  {
    tenantId: tenant(),
    day: day(),
    kind: smallint('kind').notNull(),
    orders: integer('orders').notNull(),
    done: integer('done').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.kind] })],
)

/** The machines of a day (as the day's last recompute found them): by type and area, and online. */
export const machineDaily = pgTable(
  'xpark_machine_daily',
  {
    tenantId: tenant(),
    day: day(),
    type: smallint('type').notNull(),
    area: area(),
    machines: integer('machines').notNull(),
    online: integer('online').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.type, t.area] })],
)

/**
 * Parking's pass records by day, gate (its machine: `0` for none) and area, which way (0 entry, 1
 * exit) and whether the gate opened: how many passes.
 */
export const passDaily = pgTable(
  'xpark_pass_daily',
  {
    tenantId: tenant(),
    day: day(),
    machineId: id('machine_id').notNull(),
    area: area(),
    direction: smallint('direction').notNull(),
    released: smallint('released').notNull(),
    passes: integer('passes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.machineId, t.direction, t.released] })],
)

/**
 * Device repairs (the 设备报修 process's instances) by the day they started, machine and fault type:
 * how many, and how many ended (approved or refused to the end, not withdrawn or terminated).
 */
export const repairDaily = pgTable(
  'xpark_repair_daily',
  {
    tenantId: tenant(),
    day: day(),
    /** '0': the form named no machine (or one since removed) */
    machineId: id('machine_id').notNull(),
    machineType: smallint('machine_type').notNull(),
    area: area(),
    /** '0': no fault type named */
    faultTypeId: id('fault_type_id').notNull(),
    repairs: integer('repairs').notNull(),
    done: integer('done').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.machineId, t.faultTypeId] })],
)

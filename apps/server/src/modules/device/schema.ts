import { faultTypeContract } from '@xpark/contract/modules/device'
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceOf } from '../../core/crud/beside-table.js'
import { id, live, tenantColumns } from '../../db/columns.js'

/** Devices (issue 28): machines, report rules, fault types, grants. See docs/modules/device.md. */

/** A machine; its code names it on MQTT (`xpark/<tenant>/<code>/…`). */
export const parkMachine = pgTable(
  'xpark_machine',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    type: smallint('type').notNull(),
    roomId: id('room_id'),
    warehouseId: id('warehouse_id'),
    location: varchar('location', { length: 128 }).notNull().default(''),
    serviceUrl: varchar('service_url', { length: 500 }).notNull().default(''),
    serverType: varchar('server_type', { length: 64 }).notNull().default(''),
    agreeContext: varchar('agree_context', { length: 255 }).notNull().default(''),
    /** sealed (core/secret-box.ts): write-only */
    machineAccount: varchar('machine_account', { length: 255 }).notNull().default(''),
    machinePassword: varchar('machine_password', { length: 255 }).notNull().default(''),
    machineIp: varchar('machine_ip', { length: 64 }).notNull().default(''),
    machinePort: integer('machine_port'),
    clockCard: smallint('clock_card').notNull().default(0),
    reportRuleId: id('report_rule_id'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('xpark_machine_code_uq').on(t.tenantId, t.code).where(live),
    index('xpark_machine_type_idx').on(t.tenantId, t.type),
    index('xpark_machine_rule_idx').on(t.tenantId, t.reportRuleId),
  ],
)

/** A report rule: how often its machines report. */
export const reportRule = pgTable('xpark_report_rule', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  intervalSeconds: integer('interval_seconds').notNull().default(60),
  items: varchar('items', { length: 255 }).notNull().default(''),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
})

/** A kind of fault (of a machine type, or of any). */
export const machineFaultType = pgTable(
  'xpark_machine_fault_type',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    machineType: smallint('machine_type'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_machine_fault_type_name_uq').on(t.tenantId, t.name).where(live)],
)

export const faultTypes = resourceOf(machineFaultType, faultTypeContract, {
  unique: [{ fields: ['name'], message: '故障类型已存在: {name}' }],
})

/** A person granted on a machine: 0 待下发, 1 已下发, 2 下发失败 (retried with backoff). */
export const machineGrant = pgTable(
  'xpark_machine_grant',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    machineId: id('machine_id').notNull(),
    userId: id('user_id').notNull(),
    grantStatus: smallint('grant_status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: varchar('error', { length: 255 }).notNull().default(''),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    /**
     * a person who is no account (a registered visitor: `user_id` is then the registration's id):
     * the name and face the machine is given
     */
    personName: varchar('person_name', { length: 64 }),
    faceUrl: varchar('face_url', { length: 500 }),
    /** a grant for a time (a visitor's day): the machine is told, and the device-grants job takes it back after */
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('xpark_machine_grant_expiry_idx')
      .on(t.validUntil)
      .where(sql`is_deleted = 0 and valid_until is not null`),
    uniqueIndex('xpark_machine_grant_uq').on(t.tenantId, t.machineId, t.userId).where(live),
    index('xpark_machine_grant_due_idx').on(t.grantStatus, t.nextAttemptAt),
  ],
)

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/**
 * The device layer's own tables (core/devices): what every module standing on devices shares. A
 * module's machines (modules/device) are named here by tenant and code, as on the wire.
 */

/** A machine's last word: its retained status, the last time anything came from it, its report interval. */
export const devicePresence = pgTable(
  'xpark_device_presence',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    machine: varchar('machine', { length: 64 }).notNull(),
    /** what the machine said last (`status` true/false; its last will says false) */
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** the report rule's interval in seconds: silent for three of them is offline */
    intervalSeconds: integer('interval_seconds').notNull().default(60),
    /** the status payload as sent (firmware, signal …) */
    status: jsonb('status').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.machine] }),
    index('xpark_device_presence_online').on(t.online),
  ],
)

/** Device events already handled, by their id: a redelivered event is handled once. */
export const deviceEventSeen = pgTable(
  'xpark_device_event_seen',
  {
    key: varchar('key', { length: 160 }).primaryKey(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('xpark_device_event_seen_at').on(t.seenAt)],
)

/**
 * Every command sent to a machine and how it ended (控制记录): who sent it (`create_user`), when, from
 * where (`source`: WEB, SCENE, LINKAGE …), and the machine's answer. A refused command (unsupported,
 * offline, no permission) was never sent and is not here.
 */
export const deviceCommand = pgTable(
  'xpark_device_command',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    machineId: id('machine_id').notNull(),
    machine: varchar('machine', { length: 64 }).notNull(),
    control: varchar('control', { length: 32 }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>(),
    source: varchar('source', { length: 16 }).notNull().default('WEB'),
    /** 1 成功, 2 失败 (the machine's reason), 3 超时 */
    result: smallint('result').notNull(),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    /** milliseconds from sending to the answer (the timeout for 超时) */
    elapsedMs: integer('elapsed_ms').notNull().default(0),
  },
  (t) => [
    index('xpark_device_command_machine_idx').on(t.tenantId, t.machineId, t.createTime),
    index('xpark_device_command_time_idx').on(t.tenantId, t.createTime),
  ],
)

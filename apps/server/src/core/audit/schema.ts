import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { id } from '../../db/columns.js'

/**
 * BladeX's three log tables (blade_log_usual, blade_log_api, blade_log_error), same columns.
 * Rows are written by core/audit only; nothing secret is ever stored (params are masked first),
 * so reads need no further masking. xpark adds `status` (the HTTP status) to the API log.
 */

/** Columns every log table has: who, where, and which server wrote it. */
function logColumns() {
  return {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'),
    serviceId: varchar('service_id', { length: 32 }).notNull().default(''),
    serverHost: varchar('server_host', { length: 255 }).notNull().default(''),
    serverIp: varchar('server_ip', { length: 255 }).notNull().default(''),
    env: varchar('env', { length: 255 }).notNull().default(''),
    method: varchar('method', { length: 10 }).notNull().default(''),
    requestUri: varchar('request_uri', { length: 255 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 1000 }).notNull().default(''),
    remoteIp: varchar('remote_ip', { length: 255 }).notNull().default(''),
    methodClass: varchar('method_class', { length: 255 }).notNull().default(''),
    methodName: varchar('method_name', { length: 255 }).notNull().default(''),
    params: text('params').notNull().default(''),
    /** the account of the caller (BladeX create_by) */
    createBy: varchar('create_by', { length: 64 }).notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  }
}

export const logUsual = pgTable(
  'blade_log_usual',
  {
    ...logColumns(),
    logLevel: varchar('log_level', { length: 10 }).notNull().default(''),
    /** a business key; console uploads carry `web` */
    logId: varchar('log_id', { length: 100 }).notNull().default(''),
    logData: text('log_data').notNull().default(''),
  },
  (t) => [index('blade_log_usual_tenant_time_idx').on(t.tenantId, t.createTime)],
)

export const logApi = pgTable(
  'blade_log_api',
  {
    ...logColumns(),
    /** '1' the request succeeded (HTTP < 400), '2' it failed */
    type: varchar('type', { length: 2 }).notNull().default('1'),
    title: varchar('title', { length: 255 }).notNull().default(''),
    /** milliseconds from request to response */
    time: integer('time').notNull().default(0),
    status: integer('status').notNull().default(200),
  },
  (t) => [index('blade_log_api_tenant_time_idx').on(t.tenantId, t.createTime)],
)

export const logError = pgTable(
  'blade_log_error',
  {
    ...logColumns(),
    stackTrace: text('stack_trace').notNull().default(''),
    exceptionName: varchar('exception_name', { length: 255 }).notNull().default(''),
    message: text('message').notNull().default(''),
    lineNumber: integer('line_number'),
    fileName: varchar('file_name', { length: 1000 }).notNull().default(''),
  },
  (t) => [index('blade_log_error_tenant_time_idx').on(t.tenantId, t.createTime)],
)

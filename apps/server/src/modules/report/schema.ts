import { index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * Reports (spec 02 §7): the partner channels orders are placed through, and saved reports (a saved
 * view of a console screen). The orders themselves stay commodity's and canteen's: they carry the
 * partner's code in their `channel` column.
 */

/** A partner channel (合作渠道); `kind` 1 商超, 2 平台 (dict `report_partner_kind`). */
export const reportPartner = pgTable(
  'xpark_report_partner',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    /** path-safe: `/<code>/statisticList`; what orders carry in `channel` */
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: integer('kind').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_report_partner_code_uq').on(t.tenantId, t.code).where(live)],
)

/**
 * A saved report: a console screen (`path`) and its view (filters, columns, chart), listed to its
 * owner and to the roles it is shared with (`roleIds`, a comma list).
 */
export const savedReport = pgTable(
  'xpark_report',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    view: jsonb('view').notNull().default({}),
    ownerId: id('owner_id').notNull(),
    roleIds: varchar('role_ids', { length: 2000 }).notNull().default(''),
  },
  (t) => [index('xpark_report_owner_idx').on(t.tenantId, t.ownerId)],
)

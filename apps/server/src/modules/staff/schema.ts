import { sql } from 'drizzle-orm'
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/** Staff types of a tenant (员工类型, `blade-system/staff/type`): code unique per tenant. */
export const staffType = pgTable(
  'blade_staff_type',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('blade_staff_type_tenant_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
)

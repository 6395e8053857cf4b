import { sql } from 'drizzle-orm'
import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { baseColumns, id } from '../../db/columns.js'

/** Global system parameters (no tenant): only the platform administrator writes them. */
export const param = pgTable(
  'blade_param',
  {
    id: id('id').primaryKey(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseColumns(),
  },
  (t) => [uniqueIndex('blade_param_key_uq').on(t.paramKey).where(sql`is_deleted = 0`)],
)

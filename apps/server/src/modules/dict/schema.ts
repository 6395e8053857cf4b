import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { baseColumns, id, tenantColumns } from '../../db/columns.js'

/** Columns shared by the system and the business dictionary (roots: parent_id 0, dict_key '-1'). */
function dictColumns() {
  return {
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    dictKey: varchar('dict_key', { length: 255 }).notNull().default('-1'),
    dictValue: varchar('dict_value', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    /** 1: sealed; only the platform administrator may change or remove the row */
    isSealed: smallint('is_sealed').notNull().default(0),
  }
}

/** System dictionary: global, written by the platform administrator only. */
export const dict = pgTable(
  'blade_dict',
  { id: id('id').primaryKey(), ...dictColumns(), ...baseColumns() },
  (t) => [
    uniqueIndex('blade_dict_code_key_uq').on(t.code, t.dictKey).where(sql`is_deleted = 0`),
    index('blade_dict_parent_idx').on(t.parentId),
  ],
)

/** Business dictionary: the same per tenant. */
export const dictBiz = pgTable(
  'blade_dict_biz',
  { id: id('id').primaryKey(), ...dictColumns(), ...tenantColumns() },
  (t) => [
    uniqueIndex('blade_dict_biz_code_key_uq').on(t.tenantId, t.code, t.dictKey).where(sql`is_deleted = 0`),
    index('blade_dict_biz_parent_idx').on(t.parentId),
  ],
)

import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/** The organisation of a tenant: departments and posts. */

export const dept = pgTable(
  'blade_dept',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    parentId: id('parent_id').notNull().default('0'),
    ancestors: varchar('ancestors', { length: 2000 }).notNull().default('0'),
    deptCategory: smallint('dept_category').notNull().default(1),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  // a dept's subtree is an `ancestors` prefix range (org/dept.ts deptSubtree)
  (t) => [index('blade_dept_tenant_ancestors_idx').on(t.tenantId, t.ancestors.op('varchar_pattern_ops'))],
)

/** Posts (job titles) of a tenant; category 1 senior, 2 middle, 3 junior, 4 other. */
export const post = pgTable(
  'blade_post',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    category: smallint('category').notNull().default(1),
    postCode: varchar('post_code', { length: 12 }).notNull(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('blade_post_tenant_code_uq').on(t.tenantId, t.postCode).where(sql`is_deleted = 0`)],
)

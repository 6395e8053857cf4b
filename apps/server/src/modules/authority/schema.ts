import { index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core'
import { baseColumns, id, tenantColumns } from '../../db/columns.js'

/** Roles and the data and API scopes granted to them. */

export const role = pgTable(
  'blade_role',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    parentId: id('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
    roleAlias: varchar('role_alias', { length: 255 }).notNull(),
  },
  (t) => [index('blade_role_tenant_idx').on(t.tenantId)],
)

/** Data and API scopes granted to a role: scope_category 1 data (blade_scope_data), 2 api (blade_scope_api). */
export const roleScope = pgTable(
  'blade_role_scope',
  {
    id: id('id').primaryKey(),
    scopeCategory: smallint('scope_category').notNull(),
    scopeId: id('scope_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_scope_role_idx').on(t.roleId)],
)

/**
 * Data scope rules (global, defined by the platform administrator, granted per tenant role).
 * scope_type 1 all, 2 own, 3 own dept, 4 own dept and children, 5 custom (scope_value: a structured
 * JSON rule, never SQL; see core/scope).
 */
export const scopeData = pgTable(
  'blade_scope_data',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    resourceCode: varchar('resource_code', { length: 255 }).notNull(),
    scopeName: varchar('scope_name', { length: 255 }).notNull(),
    scopeField: varchar('scope_field', { length: 255 }).notNull().default('*'),
    scopeClass: varchar('scope_class', { length: 500 }).notNull().default(''),
    scopeColumn: varchar('scope_column', { length: 255 }).notNull().default('create_dept'),
    scopeType: smallint('scope_type').notNull(),
    scopeValue: varchar('scope_value', { length: 2000 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseColumns(),
  },
  (t) => [index('blade_scope_data_resource_idx').on(t.resourceCode)],
)

/** API scope rules (global): a granted scope_path lets a role call the paths containing it. */
export const scopeApi = pgTable('blade_scope_api', {
  id: id('id').primaryKey(),
  menuId: id('menu_id').notNull(),
  resourceCode: varchar('resource_code', { length: 255 }).notNull(),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopePath: varchar('scope_path', { length: 255 }).notNull(),
  /** 1 system, 2 business */
  scopeType: smallint('scope_type').notNull().default(1),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseColumns(),
})

import { boolean, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/** Menus of the console and the mobile app, their grants to roles, and the top menus. */

/** Columns of a menu tree: the console's (`blade_menu`) and the mobile app's (`blade_menu_app`). */
function menuColumns() {
  return {
    id: id('id').primaryKey(),
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    alias: varchar('alias', { length: 255 }).notNull().default('menu'),
    path: varchar('path', { length: 255 }).notNull().default(''),
    source: varchar('source', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    category: smallint('category').notNull().default(1),
    action: smallint('action').notNull().default(0),
    isOpen: smallint('is_open').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    /** comma-joined role aliases; empty means every role that was granted the menu */
    roles: varchar('roles', { length: 255 }).notNull().default(''),
    keepAlive: boolean('keep_alive').notNull().default(true),
    isDeleted: smallint('is_deleted').notNull().default(0),
  }
}

export const menu = pgTable('blade_menu', menuColumns())

export const roleMenu = pgTable(
  'blade_role_menu',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_menu_role_idx').on(t.roleId)],
)

/** The mobile app's menus (BladeX menuApp): platform data, granted to roles like `blade_menu`. */
export const menuApp = pgTable('blade_menu_app', menuColumns())

export const roleMenuApp = pgTable(
  'blade_role_menu_app',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_menu_app_role_idx').on(t.roleId)],
)

export const topMenu = pgTable('blade_top_menu', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  code: varchar('code', { length: 255 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  source: varchar('source', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
})

export const topMenuSetting = pgTable('blade_top_menu_setting', {
  id: id('id').primaryKey(),
  topMenuId: id('top_menu_id').notNull(),
  menuId: id('menu_id').notNull(),
})

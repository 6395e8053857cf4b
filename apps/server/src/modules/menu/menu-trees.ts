import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { menu, menuApp, roleMenu, roleMenuApp, topMenuSetting } from './schema.js'

/**
 * The two menu trees of the platform: the console's (`blade_menu`) and the mobile app's
 * (`blade_menu_app`, BladeX menuApp). Same columns, same rules, each granted to roles through its
 * own link table; management, routes and grant code take one of these instead of naming a table.
 */
export interface MenuTree {
  /** `menu` or `menuApp`: cache keys, grant-tree and role-tree-keys fields */
  key: 'menu' | 'menuApp'
  table: typeof menu | typeof menuApp
  /** role → menu grants */
  grants: typeof roleMenu | typeof roleMenuApp
  /** API path of its management routes */
  path: string
  /** OpenAPI tag */
  tag: string
  /** button-code prefix of its management screen (`<code>_add` …) */
  code: string
  /** rows naming a menu that go when it is removed */
  links: readonly { table: PgTable; menuId: PgColumn }[]
}

export const WEB_MENUS: MenuTree = {
  key: 'menu',
  table: menu,
  grants: roleMenu,
  path: 'blade-system/menu',
  tag: 'menu',
  code: 'menu',
  links: [
    { table: roleMenu, menuId: roleMenu.menuId },
    { table: topMenuSetting, menuId: topMenuSetting.menuId },
  ],
}

export const APP_MENUS: MenuTree = {
  key: 'menuApp',
  table: menuApp,
  grants: roleMenuApp,
  path: 'blade-system/menuApp',
  tag: 'menuApp',
  code: 'menuapp',
  links: [{ table: roleMenuApp, menuId: roleMenuApp.menuId }],
}

import { menuAppContract, menuContract } from '@xpark/contract/schemas'
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
  /** its management resource (packages/contract: path, codes, form, row) */
  contract: typeof menuContract
  /** API path of its management routes (the contract's) */
  path: string
  /** OpenAPI tag */
  tag: string
  /** button-code prefix of its management screen (`<code>_add` …; the contract's) */
  code: string
  /** rows naming a menu that go when it is removed */
  links: readonly { table: PgTable; menuId: PgColumn }[]
}

export const WEB_MENUS: MenuTree = {
  key: 'menu',
  table: menu,
  grants: roleMenu,
  contract: menuContract,
  path: menuContract.path,
  tag: 'menu',
  code: menuContract.code,
  links: [
    { table: roleMenu, menuId: roleMenu.menuId },
    { table: topMenuSetting, menuId: topMenuSetting.menuId },
  ],
}

export const APP_MENUS: MenuTree = {
  key: 'menuApp',
  table: menuApp,
  grants: roleMenuApp,
  contract: menuAppContract,
  path: menuAppContract.path,
  tag: 'menuApp',
  code: menuAppContract.code,
  links: [{ table: roleMenuApp, menuId: roleMenuApp.menuId }],
}

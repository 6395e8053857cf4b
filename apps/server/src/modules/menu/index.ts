import { button, defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import { menuRoutes } from './menu.js'
import * as tables from './schema.js'
import { shellMenuRoutes } from './shell.js'
import { topMenuRoutes } from './topmenu.js'

export { APP_MENUS, type MenuTree, WEB_MENUS } from './menu-trees.js'
export { heldMenu } from './menus.js'
export { menu, menuApp, roleMenu, roleMenuApp, topMenu, topMenuSetting } from './schema.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const MENU_MENUS: MenuSeed[] = [
  inSystemMenu(
    {
      ...screen('topmenu', '顶部菜单', '/system/topmenu', 'AppstoreOutlined', [
        button('topmenu_setting', '菜单配置', 2),
      ]),
      sort: 14,
    },
    // platform data: only the administrator (who has every menu) manages menus
    { ...screen('menu', '菜单管理', '/system/menu', 'MenuOutlined'), sort: 19 },
    { ...screen('menuapp', 'APP菜单', '/system/menuApp', 'MobileOutlined'), sort: 20 },
  ),
]

/**
 * blade-system/menu, menuApp and topMenu: the console's and the mobile app's menus, the top menus, and
 * the signed-in user's menus and buttons (the permission codes every route is checked against).
 */
export const menuModule = defineModule({
  name: 'menu',
  menus: MENU_MENUS,
  tables,
  routes: async (api, ctx) => {
    await shellMenuRoutes(api, ctx)
    await topMenuRoutes(api, ctx)
    await menuRoutes(api, ctx)
  },
})

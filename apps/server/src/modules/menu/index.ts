import { defineModule } from '../../core/module.js'
import { menuRoutes } from './menu.js'
import * as tables from './schema.js'
import { shellMenuRoutes } from './shell.js'
import { topMenuRoutes } from './topmenu.js'

export { APP_MENUS, type MenuTree, WEB_MENUS } from './menu-trees.js'
export { heldMenu } from './menus.js'
export { menu, menuApp, roleMenu, roleMenuApp, topMenu, topMenuSetting } from './schema.js'

/**
 * blade-system/menu, menuApp and topMenu: the console's and the mobile app's menus, the top menus, and
 * the signed-in user's menus and buttons (the permission codes every route is checked against).
 */
export const menuModule = defineModule({
  name: 'menu',
  tables,
  routes: async (api, ctx) => {
    await shellMenuRoutes(api, ctx)
    await topMenuRoutes(api, ctx)
    await menuRoutes(api, ctx)
  },
})

import {
  appButtonsCall,
  appRoutesCall,
  menuButtonsCall,
  menuRoutesCall,
  permissionCodesCall,
  topMenusCall,
} from '@xpark/contract/schemas'
import { authOf } from '../../core/auth/plugin.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { sendCachedData } from '../../core/http/prepared.js'
import type { ModuleContext } from '../../core/module.js'
import { APP_MENUS } from './menu-trees.js'
import { MenuService } from './menus.js'

/** The signed-in user's menus and buttons (console and mobile app), and the permission codes of a caller. */
export async function shellMenuRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const menus = new MenuService(ctx.database.db, ctx.cache)
  api.permissions.resolve = (auth) => menus.permissionCodes(auth)
  // the shell's menus load beside the change-password dialog of an initial password
  const shell = { config: { beforePasswordChange: true } }

  handle(
    api,
    menuRoutesCall,
    async ({ topMenuId }, request, reply) => {
      const { key, json } = await menus.routes(authOf(request), topMenuId)
      return sendCachedData(request, reply, key, json)
    },
    shell,
  )
  handle(
    api,
    menuButtonsCall,
    async (_, request, reply) => {
      const { key, json } = await menus.buttons(authOf(request))
      return sendCachedData(request, reply, key, json)
    },
    shell,
  )
  handle(api, topMenusCall, async (_, request) => menus.topMenus(authOf(request)), shell)
  // the permission codes (button codes) the caller holds: what every route is checked against
  handle(
    api,
    permissionCodesCall,
    async (_, request) => [...(await menus.permissionCodes(authOf(request)))].sort(),
    shell,
  )
  // the mobile app's menus and buttons of the signed-in user (menuApp is granted like menu)
  handle(
    api,
    appRoutesCall,
    async (_, request, reply) => {
      const { key, json } = await menus.appRoutes(authOf(request))
      return sendCachedData(request, reply, key, json)
    },
    shell,
  )
  handle(
    api,
    appButtonsCall,
    async (_, request, reply) => {
      const { key, json } = await menus.buttons(authOf(request), APP_MENUS)
      return sendCachedData(request, reply, key, json)
    },
    shell,
  )
}

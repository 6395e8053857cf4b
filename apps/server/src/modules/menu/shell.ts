import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { SIGNED_IN } from '../../core/auth/route-permissions.js'
import { ok } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
import { sendCachedData } from '../../core/http/prepared.js'
import type { ModuleContext } from '../../core/module.js'
import { APP_MENUS } from './menu-trees.js'
import { MenuService } from './menus.js'

/** The signed-in user's menus and buttons (console and mobile app), and the permission codes of a caller. */
export async function shellMenuRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const menus = new MenuService(ctx.database.db, ctx.cache)
  api.permissions.resolve = (auth) => menus.permissionCodes(auth)
  const tags = ['menu']

  api.get(
    '/blade-system/menu/routes',
    {
      // the shell's menus load beside the change-password dialog of an initial password
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags, querystring: z.object({ topMenuId: z.string().regex(/^\d+$/).optional() }) },
    },
    async (request, reply) => {
      const { key, json } = await menus.routes(authOf(request), request.query.topMenuId)
      return sendCachedData(request, reply, key, json)
    },
  )
  api.get(
    '/blade-system/menu/buttons',
    { schema: { tags }, config: { permission: SIGNED_IN, beforePasswordChange: true } },
    async (request, reply) => {
      const { key, json } = await menus.buttons(authOf(request))
      return sendCachedData(request, reply, key, json)
    },
  )
  // top menus group the console's menus; the app reads the same list (menu and menuApp share their verbs)
  for (const path of ['/blade-system/menu/top-menu', '/blade-system/menuApp/top-menu'])
    api.get(
      path,
      { schema: { tags }, config: { permission: SIGNED_IN, beforePasswordChange: true } },
      async (request) => ok(await menus.topMenus(authOf(request))),
    )
  // the permission codes (button codes) the caller holds: what every route is checked against; the
  // path is blade-user's (spec 01 §7), the codes are this module's
  api.get(
    '/blade-user/queryPermission',
    {
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags: ['user'], summary: "user: the caller's permission codes, sorted" },
    },
    async (request) => ok([...(await menus.permissionCodes(authOf(request)))].sort()),
  )
  // the mobile app's menus and buttons of the signed-in user (menuApp is granted like menu)
  api.get(
    '/blade-system/menuApp/routes',
    {
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags: ['menuApp'], summary: "menuApp: the caller's app menus (category 1) as a tree" },
    },
    async (request, reply) => {
      const { key, json } = await menus.appRoutes(authOf(request))
      return sendCachedData(request, reply, key, json)
    },
  )
  api.get(
    '/blade-system/menuApp/buttons',
    {
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags: ['menuApp'], summary: "menuApp: the caller's app buttons under their menus" },
    },
    async (request, reply) => {
      const { key, json } = await menus.buttons(authOf(request), APP_MENUS)
      return sendCachedData(request, reply, key, json)
    },
  )
}

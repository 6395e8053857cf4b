import { z } from 'zod'
import type { ModuleContext } from '../../app.js'
import { authOf } from '../../core/auth/plugin.js'
import { ok } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
import { MenuService } from './menus.js'
import { paramRoutes } from './param.js'
import { profileRoutes } from './profile.js'

export {
  type Account,
  deptNames,
  findAccount,
  findAccountById,
  switchTarget,
  type TenantState,
  tenantState,
} from './accounts.js'

/** blade-system and blade-user: menus, permissions, the signed-in user. */
export async function systemModule(api: Api, ctx: ModuleContext): Promise<void> {
  const menus = new MenuService(ctx.database.db, ctx.cache)
  api.permissions.resolve = (auth) => menus.permissionCodes(auth)
  const tags = ['menu']

  api.get(
    '/blade-system/menu/routes',
    { schema: { tags, querystring: z.object({ topMenuId: z.string().regex(/^\d+$/).optional() }) } },
    async (request) => {
      return ok(await menus.routes(authOf(request), request.query.topMenuId))
    },
  )
  api.get('/blade-system/menu/buttons', { schema: { tags } }, async (request) =>
    ok(await menus.buttons(authOf(request))),
  )
  api.get('/blade-system/menu/top-menu', { schema: { tags } }, async (request) =>
    ok(await menus.topMenus(authOf(request))),
  )

  await profileRoutes(api, ctx)
  await paramRoutes(api, ctx)
}

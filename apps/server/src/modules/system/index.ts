import { z } from 'zod'
import type { ModuleContext } from '../../app.js'
import { authOf } from '../../core/auth/plugin.js'
import { SIGNED_IN } from '../../core/auth/route-permissions.js'
import { ok } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
import { loadPrincipal } from './accounts.js'
import { clientRoutes } from './client/index.js'
import { dictModule } from './dict/index.js'
import { menuRoutes } from './menu/index.js'
import { APP_MENUS } from './menu-trees.js'
import { MenuService } from './menus.js'
import { orgRoutes } from './org/index.js'
import { paramRoutes } from './param.js'
import { profileRoutes } from './profile.js'
import { regionRoutes } from './region/index.js'
import { authorityRoutes } from './role/index.js'
import { systemScopeSource } from './role/scope-source.js'
import { staffTypeRoutes } from './staff/index.js'
import { tenantRoutes } from './tenant/index.js'
import { topMenuRoutes } from './topmenu/index.js'
import { userRoutes, userTenantRoutes } from './user/index.js'

export {
  type Account,
  accountTenants,
  deptNames,
  findAccount,
  findAccountById,
  switchTarget,
  type TenantState,
  tenantState,
} from './accounts.js'
export { heldMenu } from './menus.js'
export { tenantOfDomain } from './tenant/index.js'

/** blade-system and blade-user: menus, permissions, the signed-in user. */
export async function systemModule(api: Api, ctx: ModuleContext): Promise<void> {
  const menus = new MenuService(ctx.database.db, ctx.cache)
  api.permissions.resolve = (auth) => menus.permissionCodes(auth)
  // the data and API scope rules every module's resources are narrowed by
  api.scopes.use(systemScopeSource(ctx.database))
  api.principals.loader = (tenantId, userId) => loadPrincipal(ctx.database.db, tenantId, userId)
  const tags = ['menu']

  api.get(
    '/blade-system/menu/routes',
    {
      // the shell's menus load beside the change-password dialog of an initial password
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags, querystring: z.object({ topMenuId: z.string().regex(/^\d+$/).optional() }) },
    },
    async (request) => {
      return ok(await menus.routes(authOf(request), request.query.topMenuId))
    },
  )
  api.get(
    '/blade-system/menu/buttons',
    { schema: { tags }, config: { permission: SIGNED_IN, beforePasswordChange: true } },
    async (request) => ok(await menus.buttons(authOf(request))),
  )
  api.get(
    '/blade-system/menu/top-menu',
    { schema: { tags }, config: { permission: SIGNED_IN, beforePasswordChange: true } },
    async (request) => ok(await menus.topMenus(authOf(request))),
  )
  // the mobile app's menus and buttons of the signed-in user (menuApp is granted like menu)
  api.get(
    '/blade-system/menuApp/routes',
    {
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags: ['menuApp'], summary: "menuApp: the caller's app menus (category 1) as a tree" },
    },
    async (request) => ok(await menus.appRoutes(authOf(request))),
  )
  api.get(
    '/blade-system/menuApp/buttons',
    {
      config: { permission: SIGNED_IN, beforePasswordChange: true },
      schema: { tags: ['menuApp'], summary: "menuApp: the caller's app buttons under their menus" },
    },
    async (request) => ok(await menus.buttons(authOf(request), APP_MENUS)),
  )

  await profileRoutes(api, ctx)
  await paramRoutes(api, ctx)
  await orgRoutes(api, ctx)
  await authorityRoutes(api, ctx)
  await userRoutes(api, ctx)
  await userTenantRoutes(api, ctx)
  await dictModule(api, ctx)
  await clientRoutes(api, ctx)
  await regionRoutes(api, ctx)
  await topMenuRoutes(api, ctx)
  await tenantRoutes(api, ctx)
  await menuRoutes(api, ctx)
  await staffTypeRoutes(api, ctx)
}

import type { ModuleContext } from '../../../app.js'
import type { Api } from '../../../core/http/api.js'
import { grantRoutes } from './grant.js'
import { roleRoutes } from './role.js'
import { scopeRoutes } from './scopes.js'

export { systemScopeSource } from './scope-source.js'

/** blade-system/role (with grant), menu/grant-tree, menu/role-tree-keys, data-scope and api-scope. */
export async function authorityRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await roleRoutes(api, ctx)
  await grantRoutes(api, ctx)
  await scopeRoutes(api, ctx)
}

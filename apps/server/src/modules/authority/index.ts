import { defineModule } from '../../core/module.js'
import { grantRoutes } from './grant.js'
import { roleRoutes } from './role.js'
import * as tables from './schema.js'
import { systemScopeSource } from './scope-source.js'
import { scopeRoutes } from './scopes.js'

export { ADMIN, ADMINISTRATOR, assertMayConfigure } from './role.js'
export { role, roleScope, scopeApi, scopeData } from './schema.js'
export { systemScopeSource } from './scope-source.js'

/**
 * blade-system/role (with grant), menu/grant-tree, menu/role-tree-keys, data-scope and api-scope; and
 * the data and API scope rules every module's resources are narrowed by.
 */
export const authorityModule = defineModule({
  name: 'authority',
  tables,
  routes: async (api, ctx) => {
    api.scopes.use(systemScopeSource(ctx.database))
    await roleRoutes(api, ctx)
    await grantRoutes(api, ctx)
    await scopeRoutes(api, ctx)
  },
})

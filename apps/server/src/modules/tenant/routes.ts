import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { datasourceRoutes } from './datasource.js'
import { tenantOwnSettingRoutes } from './own-setting.js'
import { productionRoutes } from './products.js'
import { proxyTenantRoutes } from './proxy.js'
import { tenantCallRoutes } from './tenant-calls.js'
import { registerTenants } from './tenants.js'

/** The module's routes: tenants, their declared calls, products, agents, datasources, a tenant's own setting. */
export async function tenantRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await registerTenants(api, ctx)
  await tenantCallRoutes(api, ctx)
  await productionRoutes(api, ctx)
  await proxyTenantRoutes(api, ctx)
  await datasourceRoutes(api, ctx)
  await tenantOwnSettingRoutes(api, ctx)
}

import { defineModule } from '../../core/module.js'
import * as tables from './schema.js'
import { tenantRoutes } from './tenants.js'

export { DEMO_PRODUCTS, PARK_ADMIN_MENU_CODES, seedProducts } from './provision.js'
export { tenantFace } from './proxy.js'
export { assertAccountQuota } from './quota.js'
export { production, tenant, tenantProduction } from './schema.js'
export { tenantOfDomain } from './tenants.js'

/**
 * blade-system/tenant, production, proxyTenant and datasource: tenants (parks) and their provisioning,
 * park products, agents and datasources (platform administrator only).
 */
export const tenantModule = defineModule({ name: 'tenant', tables, routes: tenantRoutes })

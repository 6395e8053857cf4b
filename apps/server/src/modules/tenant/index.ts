import { button, defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import { tenantRoutes } from './routes.js'
import * as tables from './schema.js'

export { DEMO_PRODUCTS, PARK_ADMIN_MENU_CODES, seedProducts } from './provision.js'
export { tenantFace } from './proxy.js'
export { assertAccountQuota } from './quota.js'
export { production, tenant, tenantProduction } from './schema.js'
export { tenantOfDomain } from './tenants.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const TENANT_MENUS: MenuSeed[] = [
  inSystemMenu(
    // platform administrator only: granted to no tenant role (the routes check the administrator)
    { ...screen('tenant', '租户管理', '/system/tenant', 'ClusterOutlined'), sort: 10 },
    // platform administrator only, like tenant: park products, agents, datasources
    {
      ...screen('production', '产品管理', '/system/production', 'AppstoreAddOutlined', [
        button('production_grant', '菜单配置', 2),
      ]),
      sort: 11,
    },
    {
      ...screen('proxy', '代理商管理', '/system/proxy', 'ShopOutlined', [
        button('proxy_grant', '产品授权', 2),
      ]),
      sort: 12,
    },
    { ...screen('datasource', '数据源管理', '/system/datasource', 'DatabaseOutlined'), sort: 13 },
  ),
]

/**
 * blade-system/tenant, production, proxyTenant and datasource: tenants (parks) and their provisioning,
 * park products, agents and datasources (platform administrator only).
 */
export const tenantModule = defineModule({
  name: 'tenant',
  tables,
  routes: tenantRoutes,
  menus: TENANT_MENUS,
})

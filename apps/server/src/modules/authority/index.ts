import { button, defineModule, type MenuSeed, screen } from '../../core/module.js'
import { grantRoutes } from './grant.js'
import { roleRoutes } from './role.js'
import * as tables from './schema.js'
import { systemScopeSource } from './scope-source.js'
import { scopeRoutes } from './scopes.js'

export { ADMIN, ADMINISTRATOR, assertMayConfigure } from './role.js'
export { role, roleScope, scopeApi, scopeData } from './schema.js'
export { systemScopeSource } from './scope-source.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const AUTHORITY_MENUS: MenuSeed[] = [
  {
    code: 'authority',
    name: '权限管理',
    path: '/authority',
    source: 'SafetyOutlined',
    sort: 97,
    // BladeX's 权限管理: roles and the two scope screens under /authority, with BladeX's setting
    // buttons (seeded for BladeX clients; the platform's scope definitions stay its own)
    children: [
      screen('role', '角色管理', '/authority/role', 'TeamOutlined', [button('role_grant', '权限设置', 1)]),
      screen('datascope', '数据权限', '/authority/datascope', 'DatabaseOutlined', [
        button('data_scope_setting', '权限配置', 2),
      ]),
      screen('apiscope', '接口权限', '/authority/apiscope', 'ApiOutlined', [
        button('api_scope_setting', '权限配置', 2),
      ]),
    ],
  },
]

/**
 * blade-system/role (with grant), menu/grant-tree, menu/role-tree-keys, data-scope and api-scope; and
 * the data and API scope rules every module's resources are narrowed by.
 */
export const authorityModule = defineModule({
  name: 'authority',
  menus: AUTHORITY_MENUS,
  tables,
  routes: async (api, ctx) => {
    api.scopes.use(systemScopeSource(ctx.database))
    await roleRoutes(api, ctx)
    await grantRoutes(api, ctx)
    await scopeRoutes(api, ctx)
  },
})

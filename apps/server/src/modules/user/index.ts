import { button, defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import { loadPrincipal } from './accounts.js'
import { userPhotoRoutes } from './photos.js'
import { profileRoutes } from './profile.js'
import { userTenantRoutes } from './tenants.js'
import { userRoutes } from './user.js'

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
export { handOutProblem, roleAuthority } from './authority.js'
/** the data scope rules' resource code for people: readers of people's rows elsewhere narrow by it */
export { USER_RESOURCE } from './user.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const USER_MENUS: MenuSeed[] = [
  inSystemMenu({
    ...screen('user', '用户管理', '/system/user', 'UserOutlined', [
      button('user_reset', '重置密码', 1),
      button('user_role', '角色配置', 1),
      button('user_export', '导出', 1),
      button('user_import', '导入', 1),
    ]),
    sort: 2,
  }),
]

/**
 * blade-user: accounts (the user resource, its Excel import and export, photos), the signed-in user's
 * profile and password, the tenants an account may switch into; and the principal every request is
 * checked as. The accounts' tables are the identity module's (the rest of the system area reads them).
 */
export const userModule = defineModule({
  name: 'user',
  menus: USER_MENUS,
  routes: async (api, ctx) => {
    api.principals.loader = (tenantId, userId) => loadPrincipal(ctx.database.db, tenantId, userId)
    await profileRoutes(api, ctx)
    await userRoutes(api, ctx)
    await userPhotoRoutes(api, ctx)
    await userTenantRoutes(api, ctx)
  },
})

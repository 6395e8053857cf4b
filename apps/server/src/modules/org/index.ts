import { defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import { deptRoutes } from './dept.js'
import { postRoutes } from './post.js'
import * as tables from './schema.js'

export { deptSubtree, textArray } from './dept.js'
export { dept, post } from './schema.js'
export { tenantFor } from './tree.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const ORG_MENUS: MenuSeed[] = [
  inSystemMenu(
    { ...screen('dept', '部门管理', '/system/dept', 'ApartmentOutlined'), sort: 3 },
    { ...screen('post', '岗位管理', '/system/post', 'IdcardOutlined'), sort: 4 },
  ),
]

/** blade-system/dept and blade-system/post: a tenant's departments (a tree) and posts. */
export const orgModule = defineModule({
  name: 'org',
  menus: ORG_MENUS,
  tables,
  routes: async (api, ctx) => {
    await deptRoutes(api, ctx)
    await postRoutes(api, ctx)
  },
})

import { defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import * as tables from './schema.js'
import { staffTypeRoutes } from './staff-types.js'

export { staffType } from './schema.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const STAFF_MENUS: MenuSeed[] = [
  inSystemMenu({ ...screen('stafftype', '员工类型', '/system/staffType', 'SolutionOutlined'), sort: 17 }),
]

/** blade-system/staff/type: a tenant's staff types. */
export const staffModule = defineModule({
  name: 'staff',
  tables,
  routes: staffTypeRoutes,
  menus: STAFF_MENUS,
})

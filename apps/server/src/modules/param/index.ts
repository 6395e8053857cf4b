import { defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import { paramRoutes } from './params.js'
import * as tables from './schema.js'

export { wholeNumberParam } from './read.js'
export { param } from './schema.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const PARAM_MENUS: MenuSeed[] = [
  inSystemMenu({ ...screen('param', '参数管理', '/system/param', 'ToolOutlined'), sort: 1 }),
]

/** blade-system/param: global system parameters (the platform administrator writes them). */
export const paramModule = defineModule({ name: 'param', tables, routes: paramRoutes, menus: PARAM_MENUS })

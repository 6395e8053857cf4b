import { button, defineModule, inSystemMenu, type MenuSeed } from '../../core/module.js'
import { paramRoutes } from './params.js'
import * as tables from './schema.js'

export { param } from './schema.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const PARAM_MENUS: MenuSeed[] = [
  inSystemMenu({
    code: 'param',
    name: '参数管理',
    path: '/system/param',
    source: 'ToolOutlined',
    sort: 1,
    children: [
      button('param_add', '新增', 1),
      button('param_edit', '修改', 2),
      button('param_delete', '删除', 3),
      button('param_view', '查看', 2),
    ],
  }),
]

/** blade-system/param: global system parameters (the platform administrator writes them). */
export const paramModule = defineModule({ name: 'param', tables, routes: paramRoutes, menus: PARAM_MENUS })

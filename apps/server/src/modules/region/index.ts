import { defineModule, type MenuSeed, screen } from '../../core/module.js'
import { regionRoutes } from './regions.js'
import * as tables from './schema.js'

export { region } from './schema.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const REGION_MENUS: MenuSeed[] = [
  {
    code: 'base',
    name: '基础配置',
    path: '/base',
    source: 'ClusterOutlined',
    sort: 98,
    children: [screen('region', '行政区划', '/base/region', 'EnvironmentOutlined')],
  },
]

/** blade-system/region: the administrative regions (global, a tree by code). */
export const regionModule = defineModule({
  name: 'region',
  tables,
  routes: regionRoutes,
  menus: REGION_MENUS,
})

import { defineModule, inSystemMenu, type MenuSeed, screen } from '../../core/module.js'
import { BIZ_DICT, SYSTEM_DICT } from './resource.js'
import { dictRoutes } from './routes.js'
import * as tables from './schema.js'

/** the business dictionary's resource (its rules: a key once per code, parents, sealing) and its cache */
export { BIZ_DICT, dictBizResource } from './resource.js'
export { dict, dictBiz } from './schema.js'

/** The module's screens in the console's menu (seeded; compose/seed/menus.ts merges every module's). */
const DICT_MENUS: MenuSeed[] = [
  inSystemMenu(
    { ...screen('dict', '字典管理', '/system/dict', 'BookOutlined'), sort: 5 },
    { ...screen('dictbiz', '业务字典', '/system/dictbiz', 'ReadOutlined'), sort: 6 },
  ),
]

/** blade-system/dict (system, global) and blade-system/dict-biz (business, per tenant). */
export const dictModule = defineModule({
  name: 'dict',
  menus: DICT_MENUS,
  tables,
  routes: async (api, ctx) => {
    await dictRoutes(api, ctx, SYSTEM_DICT)
    await dictRoutes(api, ctx, BIZ_DICT)
  },
})

import { defineModule } from '../../core/module.js'
import { BIZ_DICT, SYSTEM_DICT } from './resource.js'
import { dictRoutes } from './routes.js'
import * as tables from './schema.js'

export { dict, dictBiz } from './schema.js'

/** blade-system/dict (system, global) and blade-system/dict-biz (business, per tenant). */
export const dictModule = defineModule({
  name: 'dict',
  tables,
  routes: async (api, ctx) => {
    await dictRoutes(api, ctx, SYSTEM_DICT)
    await dictRoutes(api, ctx, BIZ_DICT)
  },
})

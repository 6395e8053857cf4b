import type { ModuleContext } from '../../../app.js'
import type { Api } from '../../../core/http/api.js'
import { BIZ_DICT, SYSTEM_DICT } from './resource.js'
import { dictRoutes } from './routes.js'

export { BIZ_DICT, dictBizResource, dictResource, SYSTEM_DICT } from './resource.js'

/** blade-system/dict (system, global) and blade-system/dict-biz (business, per tenant). */
export async function dictModule(api: Api, ctx: ModuleContext): Promise<void> {
  await dictRoutes(api, ctx, SYSTEM_DICT)
  await dictRoutes(api, ctx, BIZ_DICT)
}

import type { ModuleContext } from '../../../app.js'
import type { Api } from '../../../core/http/api.js'
import { deptRoutes } from './dept.js'
import { postRoutes } from './post.js'

export { deptSubtree } from './dept.js'

/** blade-system/dept and blade-system/post. */
export async function orgRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await deptRoutes(api, ctx)
  await postRoutes(api, ctx)
}

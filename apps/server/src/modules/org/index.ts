import { defineModule } from '../../core/module.js'
import { deptRoutes } from './dept.js'
import { postRoutes } from './post.js'
import * as tables from './schema.js'

export { deptSubtree, textArray } from './dept.js'
export { ROLE_PICKER } from './pickers.js'
export { dept, post } from './schema.js'
export { tenantFor } from './tree.js'

/** blade-system/dept and blade-system/post: a tenant's departments (a tree) and posts. */
export const orgModule = defineModule({
  name: 'org',
  tables,
  routes: async (api, ctx) => {
    await deptRoutes(api, ctx)
    await postRoutes(api, ctx)
  },
})

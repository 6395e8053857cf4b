import { defineModule } from '../../core/module.js'
import * as tables from './schema.js'
import { staffTypeRoutes } from './staff-types.js'

export { staffType } from './schema.js'

/** blade-system/staff/type: a tenant's staff types. */
export const staffModule = defineModule({ name: 'staff', tables, routes: staffTypeRoutes })

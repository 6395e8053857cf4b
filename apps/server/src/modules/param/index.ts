import { defineModule } from '../../core/module.js'
import { paramRoutes } from './params.js'
import * as tables from './schema.js'

export { param } from './schema.js'

/** blade-system/param: global system parameters (the platform administrator writes them). */
export const paramModule = defineModule({ name: 'param', tables, routes: paramRoutes })

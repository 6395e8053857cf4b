import { defineModule } from '../../core/module.js'
import { regionRoutes } from './regions.js'
import * as tables from './schema.js'

export { region } from './schema.js'

/** blade-system/region: the administrative regions (global, a tree by code). */
export const regionModule = defineModule({ name: 'region', tables, routes: regionRoutes })

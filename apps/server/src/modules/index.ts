import { defineModule, type ModuleManifest } from '../core/module.js'
import { appModule } from './app/index.js'
import * as appTables from './app/schema.js'
import { authModule } from './auth/index.js'
import * as authTables from './auth/schema.js'
import { commodityModule } from './commodity/index.js'
import { deskModule } from './desk/index.js'
import * as deskTables from './desk/schema.js'
import { dutyModule } from './duty/index.js'
import { logModule } from './log/index.js'
import { resourceModule } from './resource/index.js'
import * as resourceTables from './resource/schema.js'
import { systemModule } from './system/index.js'
import * as systemTables from './system/schema.js'
import * as tenantTables from './system/tenant/schema.js'

/**
 * The one list of modules: the app registers their routes, the seeds write their menus, products,
 * dictionaries and demo data, the sweeps walk their tables, in this order. Adding a module adds its
 * folder and one line here.
 */
export const MODULES: readonly ModuleManifest[] = [
  defineModule({ name: 'auth', routes: authModule, tables: authTables }),
  defineModule({ name: 'system', routes: systemModule, tables: { ...systemTables, ...tenantTables } }),
  defineModule({ name: 'log', routes: logModule }),
  defineModule({ name: 'desk', routes: deskModule, tables: deskTables }),
  defineModule({ name: 'resource', routes: resourceModule, tables: resourceTables }),
  defineModule({ name: 'app', routes: appModule, tables: appTables }),
  commodityModule,
  dutyModule,
]

import { defineModule, type Module } from '../core/module.js'
import { alarmModule } from './alarm/index.js'
import { analysisModule } from './analysis/index.js'
import { appModule } from './app/index.js'
import { assetModule } from './asset/index.js'
import { attendanceModule } from './attendance/index.js'
import { authModule } from './auth/index.js'
import * as authTables from './auth/schema.js'
import { authorityModule } from './authority/index.js'
import { canteenModule } from './canteen/index.js'
import { clientModule } from './client/index.js'
import { commodityModule } from './commodity/index.js'
import { deskModule } from './desk/index.js'
import { deviceModule } from './device/index.js'
import { dictModule } from './dict/index.js'
import { dutyModule } from './duty/index.js'
import { financeModule } from './finance/index.js'
import { homeModule } from './home/index.js'
import { identityModule } from './identity/index.js'
import { inspectionModule } from './inspection/index.js'
import { intercomModule } from './intercom/index.js'
import { logModule } from './log/index.js'
import { meetingModule } from './meeting/index.js'
import { menuModule } from './menu/index.js'
import { messageModule } from './message/index.js'
import { orgModule } from './org/index.js'
import { paramModule } from './param/index.js'
import { parkingModule } from './parking/index.js'
import { propertyModule } from './property/index.js'
import { regionModule } from './region/index.js'
import { reportModule } from './report/index.js'
import { resourceModule } from './resource/index.js'
import { screenModule } from './screen/index.js'
import { socialModule } from './social/index.js'
import { staffModule } from './staff/index.js'
import { storageModule } from './storage/index.js'
import { tenantModule } from './tenant/index.js'
import { userModule } from './user/index.js'
import { videoModule } from './video/index.js'
import { visitorModule } from './visitor/index.js'
import { workflowModule } from './workflow/index.js'

/**
 * The one list of modules: the app registers their routes, the seeds write their menus, products,
 * dictionaries and demo data, the sweeps walk their tables, in this order. Adding a module adds its
 * folder and one line here.
 */
export const MODULES: readonly Module[] = [
  defineModule({ name: 'auth', routes: authModule, tables: authTables }),
  // the system area (blade-system, blade-user): the accounts' tables it stands on (no routes), then
  // menus (the permission codes of every caller), the data and API scopes, the principal, and the rest
  identityModule,
  menuModule,
  authorityModule,
  userModule,
  paramModule,
  orgModule,
  dictModule,
  clientModule,
  regionModule,
  tenantModule,
  staffModule,
  logModule,
  deskModule,
  resourceModule,
  appModule,
  commodityModule,
  storageModule,
  financeModule,
  canteenModule,
  intercomModule,
  assetModule,
  dutyModule,
  deviceModule,
  videoModule,
  messageModule,
  meetingModule,
  alarmModule,
  inspectionModule,
  attendanceModule,
  parkingModule,
  propertyModule,
  visitorModule,
  workflowModule,
  analysisModule,
  screenModule,
  homeModule,
  socialModule,
  reportModule,
]

import {
  CONTROL_PERMISSION,
  commandLogContract,
  DOOR_CONTROL_PERMISSION,
  faultTypeContract,
  grantContract,
  machineContract,
  reportRuleContract,
} from '@xpark/contract/modules/device'
import { button, defineModule, resourceScreen } from '../../core/module.js'
import { seedDeviceDemo } from './demo.js'
import { DEVICE_DICTS } from './dicts.js'
import { DEVICE_STATISTICS } from './figures.js'
import { issueDue, revokeExpired } from './grants.js'
import { reconcileConfig } from './report-config.js'
import { commandLog, grants, machines, reportRules } from './resources.js'
import { registerGrantRoutes } from './routes/grants.js'
import { registerMachineRoutes } from './routes/machines.js'
import { registerReportRoutes } from './routes/reports.js'
import * as tables from './schema.js'
import { startSimulatedPark } from './simulated.js'

/** Devices (issue 28, spec 02 §7 "Machines, playback and report rules"). See docs/modules/device.md. */

export { MACHINE_TYPE_NAMES } from './dicts.js'
export { grantForPeriod, issueDue, type PeriodGrant, revokeExpired } from './grants.js'
export { controlMachine, machineByCode, machineInScope } from './machine-commands.js'
export { machines } from './resources.js'
export { machineFaultType, machineGrant, parkMachine } from './schema.js'
export { simulatorOf } from './simulated.js'

const DEVICE_MENUS = [
  {
    code: 'device',
    name: '设备管理',
    path: '/device',
    source: 'ApiOutlined',
    sort: 57,
    children: [
      resourceScreen(machineContract, '设备管理', '/device/machine', 'HddOutlined', [
        button(CONTROL_PERMISSION, '控制', 2),
        button(DOOR_CONTROL_PERMISSION, '开门', 2),
      ]),
      resourceScreen(grantContract, '设备授权', '/device/authorization', 'SafetyCertificateOutlined'),
      resourceScreen(reportRuleContract, '上报规则', '/device/report-rule', 'FieldTimeOutlined'),
      resourceScreen(faultTypeContract, '故障类型', '/device/fault-type', 'WarningOutlined'),
      resourceScreen(commandLogContract, '控制记录', '/device/command', 'HistoryOutlined'),
      { code: 'device_dashboard', name: '设备看板', path: '/device/dashboard', source: 'DashboardOutlined' },
    ],
  },
]

export const deviceModule = defineModule({
  name: 'device',
  tables,
  resources: [machines, reportRules, grants, commandLog],
  menus: DEVICE_MENUS,
  product: { name: '设备管理', remark: '设备、授权、上报规则、故障类型与控制记录' },
  // park staff look: no writes, no controls
  staff: (codes) =>
    codes.filter((c) => !/_(add|edit|delete|import|export)$/.test(c) && !c.startsWith('machine_control')),
  dicts: DEVICE_DICTS,
  demo: seedDeviceDemo,
  statistics: DEVICE_STATISTICS,
  jobs: [
    {
      name: 'device-grants',
      everySeconds: 10,
      run: async (ctx) => {
        await revokeExpired(ctx)
        await issueDue(ctx)
      },
    },
    { name: 'device-config', everySeconds: 30, run: async (ctx) => void (await reconcileConfig(ctx)) },
  ],
  routes: async (api, ctx) => {
    registerMachineRoutes(api, ctx)
    registerReportRoutes(api, ctx)
    registerGrantRoutes(api, ctx)
    // machines get their report rule soon after a start (then the device-config job keeps them so)
    api.addHook('onReady', async () => {
      const first = setTimeout(() => void reconcileConfig(ctx).catch(() => {}), 2_000)
      first.unref()
    })
    if (ctx.config.deviceSimulator) {
      let stop = async () => {}
      api.addHook('onReady', async () => {
        stop = startSimulatedPark(ctx, api.log)
      })
      api.addHook('onClose', async () => stop())
    }
  },
})

import {
  currentVehicleContract,
  PARKING_CARD_SYNC,
  PARKING_REMOTE_OPEN,
  parkingCardContract,
  parkingLotContract,
  passRecordContract,
} from '@xpark/contract/modules/parking'
import { button, defineModule, resourceScreen } from '../../core/module.js'
import { seedParkingDemo } from './demo.js'
import { PARKING_STATISTICS } from './figures.js'
import { gateSubscriptions } from './gate-events.js'
import { currentVehicles, parkingCards, parkingLots, passRecords } from './resources.js'
import { registerParkingRoutes } from './routes/calls.js'
import * as tables from './schema.js'
import { pmsSyncJob } from './sync.js'
import { startTraffic } from './traffic.js'

/**
 * Parking (spec 02 §3 parking lookups, §7 "Parking", §4 parking system sync; issue 30): car parks and
 * their gates, vehicle cards synced to the parking system, the vehicles inside and the pass records
 * the gates' plate events make. The lookups are the seeded dictionaries of spec 02 §3 (plate_color …
 * pass_type, compose/seed/dicts.ts); the module adds its own two. See docs/modules/parking.md.
 */

export { type PassWritten, passWritten } from './passes-written.js'
export { parkingPass, parkingVehicle } from './schema.js'

const PARKING_MENUS = [
  {
    code: 'parking',
    name: '停车管理',
    path: '/parking',
    source: 'CarOutlined',
    sort: 63,
    children: [
      resourceScreen(parkingLotContract, '车场管理', '/parking/lot', 'ShopOutlined'),
      resourceScreen(currentVehicleContract, '在场车辆', '/parking/vehicle', 'CarOutlined'),
      resourceScreen(passRecordContract, '过车记录', '/parking/pass', 'SwapOutlined', [
        button(PARKING_REMOTE_OPEN, '远程开闸', 1),
      ]),
      resourceScreen(parkingCardContract, '车辆卡', '/parking/card', 'IdcardOutlined', [
        button(PARKING_CARD_SYNC, '同步', 2),
      ]),
    ],
  },
]

export const parkingModule = defineModule({
  name: 'parking',
  tables,
  resources: [parkingLots, parkingCards, currentVehicles, passRecords],
  menus: PARKING_MENUS,
  product: { name: '停车管理', remark: '车场与道闸、车辆卡与停车系统同步、在场车辆、过车记录与远程开闸' },
  // park staff (the view-only role) look: no writes, no sync, no gate opening
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete|sync)$/.test(c) && c !== PARKING_REMOTE_OPEN),
  dicts: [
    {
      code: 'parking_sync_state',
      name: '停车系统同步状态',
      entries: [
        [0, '待同步'],
        [1, '已同步'],
        [2, '同步失败'],
        [3, '仅本地'],
      ],
    },
    {
      code: 'parking_card_status',
      name: '车辆卡状态',
      entries: [
        [1, '有效'],
        [0, '已作废'],
      ],
    },
    {
      code: 'parking_released',
      name: '道闸动作',
      entries: [
        [1, '开闸'],
        [0, '未开闸'],
      ],
    },
  ],
  demo: seedParkingDemo,
  statistics: PARKING_STATISTICS,
  jobs: [pmsSyncJob],
  subscriptions: gateSubscriptions,
  routes: async (api, ctx) => {
    registerParkingRoutes(api, ctx)
    if (ctx.config.deviceSimulator) {
      let stop = () => {}
      api.addHook('onReady', async () => {
        stop = startTraffic(ctx, api.log)
      })
      api.addHook('onClose', async () => stop())
    }
  },
})

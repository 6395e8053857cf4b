import {
  INSPECTION_CHECK_IN,
  INSPECTION_RELATE,
  inspectionEventContract,
  inspectionPathContract,
  inspectionPlanContract,
  inspectionPointContract,
  inspectionRecordContract,
} from '@xpark/contract/modules/inspection'
import { button, defineModule, resourceScreen } from '../../core/module.js'
import { checkInSubscriptions } from './checkin.js'
import { seedInspectionDemo } from './demo.js'
import { markOverdue, recordMaker } from './plan.js'
import {
  inspectionEvents,
  inspectionPaths,
  inspectionPlans,
  inspectionPoints,
  inspectionRecords,
} from './resources.js'
import { registerOverviewRoutes } from './routes/overview.js'
import { registerRecordRoutes } from './routes/records.js'
import { registerRelateRoutes } from './routes/relate.js'
import * as tables from './schema.js'

/**
 * Inspection patrols (spec 02 §7 "Inspection", §4; issue 29): points, paths, plans, the records made
 * from them, check-ins by code (console, app or a patrol handset over MQTT), events, the overview and
 * the statistics. See docs/modules/inspection.md.
 */

const INSPECTION_MENUS = [
  {
    code: 'inspection',
    name: '巡检管理',
    path: '/inspection',
    source: 'SafetyOutlined',
    sort: 62,
    children: [
      {
        code: 'inspection_overview',
        name: '巡检概览',
        path: '/inspection/overview',
        source: 'PieChartOutlined',
      },
      resourceScreen(inspectionPointContract, '巡检点', '/inspection/point', 'EnvironmentOutlined'),
      resourceScreen(inspectionPathContract, '巡检路线', '/inspection/path', 'NodeIndexOutlined'),
      resourceScreen(inspectionPlanContract, '巡检计划', '/inspection/plan', 'ScheduleOutlined'),
      resourceScreen(inspectionRecordContract, '巡检记录', '/inspection/record', 'FileDoneOutlined', [
        button(INSPECTION_CHECK_IN, '签到', 2),
      ]),
      resourceScreen(inspectionEventContract, '巡检事件', '/inspection/event', 'AlertOutlined', [
        button(INSPECTION_RELATE, '转告警/报修', 2),
      ]),
    ],
  },
]

export const inspectionModule = defineModule({
  name: 'inspection',
  tables,
  resources: [inspectionPoints, inspectionPaths, inspectionPlans, inspectionRecords, inspectionEvents],
  menus: INSPECTION_MENUS,
  product: { name: '巡检管理', remark: '巡检点、巡检路线、巡检计划、巡检记录与签到、巡检事件、巡检概览' },
  // park staff patrol: they start, check in and end their own records; they change no set-up
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete|close|relate)$/.test(c)),
  dicts: [
    {
      code: 'inspection_record_status',
      name: '巡检状态',
      entries: [
        [0, '待开始'],
        [1, '进行中'],
        [2, '已完成'],
        [3, '已关闭'],
        [4, '已超时'],
      ],
    },
    {
      code: 'inspection_result',
      name: '巡检结果',
      entries: [
        [0, '正常'],
        [1, '异常'],
      ],
    },
    {
      code: 'inspection_point_result',
      name: '巡检点结果',
      entries: [
        [0, '未检'],
        [1, '正常'],
        [2, '异常'],
        [3, '漏检'],
      ],
    },
    {
      code: 'inspection_event_level',
      name: '巡检事件等级',
      entries: [
        [1, '一般'],
        [2, '重要'],
        [3, '紧急'],
      ],
    },
  ],
  demo: seedInspectionDemo,
  jobs: [
    recordMaker.job,
    {
      name: 'inspection-overdue',
      everySeconds: 60,
      run: async (ctx) => void (await markOverdue(ctx.database.db)),
    },
  ],
  subscriptions: checkInSubscriptions,
  routes: async (api, ctx) => {
    registerRecordRoutes(api, ctx)
    registerOverviewRoutes(api, ctx)
    registerRelateRoutes(api, ctx)
  },
})

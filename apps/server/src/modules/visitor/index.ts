import {
  doorRecordContract,
  faceRecordContract,
  PHOTO_KEEP_DAYS,
  PHOTO_KEEP_DAYS_PARAM,
  VISITOR_APPROVE,
  VISITOR_PHONE,
  visitContract,
} from '@xpark/contract/modules/visitor'
import { button, defineModule, type MenuSeed, resourceScreen } from '../../core/module.js'
import { wholeNumberParam } from '../param/index.js'
import { accessDays, visitDays } from './aggregates.js'
import { seedVisitorDemo } from './demo.js'
import { startDemoTraffic } from './demo-traffic.js'
import { VISITOR_STATISTICS } from './figures.js'
import { accessSubscriptions, purgePhotos } from './records.js'
import { bindLinks, doorRecords, faceRecords, visits } from './resources.js'
import { registerRecordRoutes } from './routes/records.js'
import { registerVisitRoutes } from './routes/visits.js'
import * as tables from './schema.js'
import { expireVisits } from './visits.js'

/**
 * Visitors, faces and doors (spec 02 §7 "Visitors, faces and analysis", issue 30): visits decided by
 * their host or an approver and granted on doors for their window, the face terminals' and doors'
 * records from the device layer, and the daily aggregates the analysis reads. See
 * docs/modules/visitor.md.
 */

export { accessDays, type DayKey, visitDays } from './aggregates.js'
export { accessDaily, accessRecord, visit, visitDaily } from './schema.js'

const VISITOR_MENUS: MenuSeed[] = [
  {
    code: 'visitor_manage',
    name: '访客管理',
    path: '/visitor',
    source: 'IdcardOutlined',
    sort: 69,
    children: [
      resourceScreen(visitContract, '访客管理', '/visitor/list', 'IdcardOutlined', [
        button(VISITOR_PHONE, '查看手机号', 2),
      ]),
      {
        code: 'visitor_approval',
        name: '访客审批',
        path: '/visitor/approval',
        source: 'AuditOutlined',
        children: [button(VISITOR_APPROVE, '审批', 2)],
      },
      resourceScreen(faceRecordContract, '人脸记录', '/face/record', 'ScanOutlined'),
      {
        code: 'face_track',
        name: '人员轨迹',
        path: '/face/track',
        source: 'NodeIndexOutlined',
      },
      resourceScreen(doorRecordContract, '门禁记录', '/door/record', 'LoginOutlined'),
    ],
  },
]

export const visitorModule = defineModule({
  name: 'visitor',
  tables,
  resources: [visits, faceRecords, doorRecords],
  menus: VISITOR_MENUS,
  product: { name: '访客管理', remark: '访客登记与审批 (门禁授权)、人脸记录、人员轨迹、门禁记录' },
  // park staff look: no registrations, removals or decisions, phone numbers masked
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete|approve|phone)$/.test(c)),
  dicts: [
    {
      code: 'visit_status',
      name: '访客状态',
      entries: [
        [1, '待审批'],
        [2, '已通过'],
        [3, '已拒绝'],
        [4, '已到访'],
        [5, '已离开'],
        [6, '已过期'],
      ],
    },
    {
      code: 'access_person_type',
      name: '通行人员类型',
      entries: [
        [0, '陌生人'],
        [1, '员工'],
        [2, '访客'],
      ],
    },
    {
      code: 'door_open_method',
      name: '开门方式',
      entries: [
        ['face', '人脸'],
        ['card', '刷卡'],
        ['password', '密码'],
        ['qrcode', '二维码'],
        ['remote', '远程开门'],
      ],
    },
  ],
  demo: seedVisitorDemo,
  subscriptions: accessSubscriptions,
  statistics: VISITOR_STATISTICS,
  jobs: [
    visitDays.job,
    accessDays.job,
    // windows over: 已过期 / 已离开 (the grants end with the window: the device-grants job)
    {
      name: 'visitor-expiry',
      everySeconds: 60,
      run: async (ctx) => void (await expireVisits(ctx.database.db)),
    },
    {
      name: 'visitor-photos',
      everySeconds: 3600,
      run: async (ctx) => {
        const { db } = ctx.database
        const keepDays = await wholeNumberParam(db, PHOTO_KEEP_DAYS_PARAM, PHOTO_KEEP_DAYS, {
          min: 1,
          max: 3650,
        })
        await purgePhotos(db, keepDays)
      },
    },
  ],
  routes: async (api, ctx) => {
    bindLinks(ctx.files)
    registerVisitRoutes(api, ctx)
    registerRecordRoutes(api, ctx)
    if (ctx.config.deviceSimulator) {
      let stop = () => {}
      api.addHook('onReady', async () => {
        stop = startDemoTraffic(ctx, api.log)
      })
      api.addHook('onClose', async () => stop())
    }
  },
})

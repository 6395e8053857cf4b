import { REPORT_PERMISSIONS, REPORT_SCREENS } from '@xpark/contract/modules/report'
import { button, defineModule, screen } from '../../core/module.js'
import { seedReportDemo } from './demo.js'
import { partnerFigures } from './figures.js'
import { reportPartners } from './resources.js'
import { registerPartnerRoutes } from './routes/partners.js'
import { registerSavedReportRoutes } from './routes/reports.js'
import * as tables from './schema.js'

/**
 * Reports (spec 02 §7 "Reports and statistics"): partner channels and their figures (read from
 * commodity's and canteen's orders, which carry the channel), the channels' order pages and dining
 * counts, and saved reports. See docs/modules/report.md.
 */

const REPORT_MENUS = [
  {
    code: REPORT_SCREENS.section,
    name: '报表统计',
    path: '/report',
    source: 'BarChartOutlined',
    sort: 72,
    children: [
      screen(REPORT_SCREENS.list, '报表管理', '/report/list', 'FileTextOutlined'),
      // 合作渠道 (/report/channel) comes from its contract's screen
      {
        code: REPORT_SCREENS.statistic,
        name: '渠道统计',
        path: '/report/partner',
        source: 'LineChartOutlined',
        children: [
          button(REPORT_PERMISSIONS.statistic, '查看', 2),
          button(REPORT_PERMISSIONS.export, '导出', 1),
        ],
      },
      {
        code: REPORT_SCREENS.darunfa,
        name: '大润发订单',
        path: '/report/darunfa',
        source: 'ShoppingOutlined',
        children: [button(REPORT_PERMISSIONS.darunfa, '查看', 2)],
      },
      {
        code: REPORT_SCREENS.dining,
        name: '就餐统计',
        path: '/report/dining',
        source: 'CoffeeOutlined',
        children: [button(REPORT_PERMISSIONS.dining, '查看', 2)],
      },
    ],
  },
]

export const reportModule = defineModule({
  name: 'report',
  tables,
  resources: [reportPartners],
  menus: REPORT_MENUS,
  product: { name: '报表统计', remark: '报表管理、合作渠道与渠道统计' },
  // park staff look, they do not change
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete|export)$/.test(c)),
  dicts: [
    {
      code: 'report_partner_kind',
      name: '合作渠道类型',
      entries: [
        [1, '商超'],
        [2, '平台'],
      ],
    },
  ],
  demo: seedReportDemo,
  statistics: [partnerFigures],
  routes: async (api, ctx) => {
    registerPartnerRoutes(api, ctx)
    registerSavedReportRoutes(api, ctx)
  },
})

import { DATAV_PUBLISH, screenContract } from '@xpark/contract/modules/screen'
import { button, defineModule, resourceScreen } from '../../core/module.js'
import { seedScreenDemo } from './demo.js'
import { screens } from './resources.js'
import { registerLinkRoutes } from './routes/links.js'
import { registerPublicRoutes } from './routes/public.js'
import { registerScreenRoutes } from './routes/screens.js'
import * as tables from './schema.js'

/**
 * Big screens (issue 32): designs of widgets over the modules' statistics, published as snapshots,
 * opened in the console or through revocable links. See docs/modules/screen.md.
 */

const SCREEN_MENUS = [
  {
    code: 'bigscreen',
    name: '数据大屏',
    path: '/datav',
    source: 'FundProjectionScreenOutlined',
    sort: 90,
    en: 'Big screens',
    children: [
      {
        ...resourceScreen(screenContract, '大屏管理', '/datav/list', 'DesktopOutlined', [
          button(DATAV_PUBLISH, '发布', 2),
        ]),
        en: 'Screens',
      },
      {
        code: 'datav_middle',
        name: '大屏导航',
        path: '/middle',
        source: 'AppstoreOutlined',
        isOpen: 2 as const,
        en: 'Screen navigation',
      },
      {
        code: 'datav_general',
        name: '综合大屏',
        path: '/wel/screen',
        source: 'DashboardOutlined',
        isOpen: 2 as const,
        en: 'Park wall',
      },
      {
        code: 'datav_assets',
        name: '资产大屏',
        path: '/wel/assetsscreen',
        source: 'BankOutlined',
        isOpen: 2 as const,
        en: 'Assets wall',
      },
    ],
  },
]

export const screenModule = defineModule({
  name: 'screen',
  tables,
  resources: [screens],
  menus: SCREEN_MENUS,
  product: { name: '数据大屏', remark: '大屏设计、发布与链接' },
  // park staff look at the walls; they neither design nor publish
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete)$/.test(c) && c !== DATAV_PUBLISH),
  demo: seedScreenDemo,
  routes: async (api, ctx) => {
    registerScreenRoutes(api, ctx)
    registerLinkRoutes(api, ctx)
    registerPublicRoutes(api, ctx)
  },
})

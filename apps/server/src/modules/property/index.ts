import {
  adviceContract,
  appraiseContract,
  CLEAN_DISPATCH,
  checkItemContract,
  cleanContract,
  communityMachineContract,
  HOTSPOT_EDIT,
  HOTSPOT_VIEW,
  PROPERTY_DICTS,
  propertyDictContract,
  REPAIR_DISPATCH,
  repairContract,
  VISITOR_GRANT,
  visitorContract,
} from '@xpark/contract/modules/property'
import { button, defineModule, type MenuSeed, resourceScreen } from '../../core/module.js'
import { seedPropertyDemo } from './demo.js'
import { PROPERTY_STATISTICS } from './figures.js'
import { completeUnrated } from './orders.js'
import { advices, appraisals, checkItems, cleans, communityMachines, repairs, visitors } from './resources.js'
import { registerCityRoutes } from './routes/cities.js'
import { registerLookupRoutes } from './routes/lookups.js'
import { registerOrderRoutes } from './routes/orders.js'
import { registerVisitorRoutes } from './routes/visitors.js'
import * as tables from './schema.js'
import { expireVisitors } from './visitors.js'

/**
 * Property services (spec 02 §7 "Property services (/ydzy)", issue 29): communities, repair and
 * cleaning orders, appraisals, the property dictionaries, check lists, community machines, hot
 * cities, complaints and suggestions, visitors. See docs/modules/property.md.
 */

export { createRepairOrder, type NewRepairOrder } from './create.js'
export { completeUnrated } from './orders.js'
export { propertyCheckItem, propertyClean, propertyRepair } from './schema.js'

const PROPERTY_MENUS: MenuSeed[] = [
  {
    code: 'property',
    name: '物业服务',
    path: '/property',
    source: 'ShopOutlined',
    sort: 68,
    children: [
      resourceScreen(repairContract, '报事报修', '/property/repair', 'ToolOutlined', [
        button(REPAIR_DISPATCH, '派单', 2),
      ]),
      resourceScreen(appraiseContract, '维修评价', '/property/appraise', 'StarOutlined'),
      resourceScreen(cleanContract, '保洁服务', '/property/clean', 'ClearOutlined', [
        button(CLEAN_DISPATCH, '派单', 2),
      ]),
      resourceScreen(propertyDictContract, '服务类型', '/property/type', 'TagsOutlined'),
      resourceScreen(checkItemContract, '检查清单', '/property/checklist', 'CheckSquareOutlined'),
      resourceScreen(communityMachineContract, '社区设备', '/property/machine', 'HddOutlined'),
      {
        code: 'property_hotspot',
        name: '热门城市',
        path: '/property/hotspot',
        source: 'FireOutlined',
        children: [button(HOTSPOT_VIEW, '查看', 1), button(HOTSPOT_EDIT, '修改', 2)],
      },
      resourceScreen(adviceContract, '投诉建议', '/property/advice', 'MessageOutlined'),
      resourceScreen(visitorContract, '访客登记', '/property/visitor', 'IdcardOutlined', [
        button(VISITOR_GRANT, '下发访客', 2),
      ]),
    ],
  },
]

export const propertyModule = defineModule({
  name: 'property',
  tables,
  resources: [repairs, cleans, appraisals, communityMachines, checkItems, advices, visitors],
  menus: PROPERTY_MENUS,
  product: {
    name: '物业服务',
    remark: '报事报修、维修评价、保洁服务、服务类型、检查清单、社区设备、热门城市、投诉建议、访客登记',
  },
  // park staff look: no writes, no moves of orders, replies or grants
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete|dispatch|handle|reply|grant)$/.test(c)),
  dicts: [
    {
      code: 'property_order_status',
      name: '工单状态',
      entries: [
        [1, '待受理'],
        [2, '已派单'],
        [3, '维修中'],
        [4, '待评价'],
        [5, '已完成'],
        [6, '已取消'],
      ],
    },
    {
      code: 'property_order_source',
      name: '工单来源',
      entries: [
        [1, '后台'],
        [2, '移动端'],
        [3, '巡检'],
      ],
    },
    {
      code: 'property_order_kind',
      name: '工单类别',
      entries: [
        [1, '报修'],
        [2, '保洁'],
      ],
    },
    {
      code: 'property_advice_status',
      name: '投诉建议状态',
      entries: [
        [1, '待回复'],
        [2, '已回复'],
      ],
    },
    {
      code: 'property_visitor_status',
      name: '访客状态',
      entries: [
        [1, '已登记'],
        [2, '已授权'],
        [3, '已过期'],
      ],
    },
  ],
  bizDicts: [
    {
      code: 'property_repair_type',
      name: PROPERTY_DICTS.property_repair_type,
      entries: [
        ['water', '水电维修'],
        ['door', '门窗维修'],
        ['public', '公共设施'],
        ['lift', '电梯故障'],
        ['other', '其他'],
      ],
    },
    {
      code: 'property_clean_type',
      name: PROPERTY_DICTS.property_clean_type,
      entries: [
        ['daily', '日常保洁'],
        ['deep', '深度保洁'],
        ['garbage', '垃圾清运'],
        ['other', '其他'],
      ],
    },
    {
      code: 'property_trouble',
      name: PROPERTY_DICTS.property_trouble,
      entries: [
        ['leak', '漏水'],
        ['power', '停电'],
        ['block', '堵塞'],
        ['broken', '损坏'],
        ['noise', '噪音'],
        ['other', '其他'],
      ],
    },
    {
      code: 'property_check_category',
      name: PROPERTY_DICTS.property_check_category,
      entries: [
        ['safety', '安全'],
        ['fire', '消防'],
        ['device', '设备'],
        ['environment', '环境'],
        ['hygiene', '卫生'],
      ],
    },
  ],
  demo: seedPropertyDemo,
  statistics: PROPERTY_STATISTICS,
  jobs: [
    // 待评价 for 7 days → 已完成; a visitor's day over → 已过期 (the grants: the device-grants job)
    {
      name: 'property-orders',
      everySeconds: 600,
      run: async (ctx) => void (await completeUnrated(ctx.database.db)),
    },
    { name: 'property-visitors', everySeconds: 300, run: async (ctx) => void (await expireVisitors(ctx)) },
  ],
  routes: async (api, ctx) => {
    await registerLookupRoutes(api, ctx)
    registerCityRoutes(api, ctx)
    registerOrderRoutes(api, ctx)
    registerVisitorRoutes(api, ctx)
  },
})

import {
  commodityMessageContract,
  commodityOrderContract,
  commodityTypeContract,
  commodityUnitContract,
} from '@xpark/contract/modules/commodity'
import { defineModule, resourceScreen } from '../../core/module.js'
import { seedCommodityDemo } from './demo.js'
import { commodityMessages, commodityOrders, commodityTypes, commodityUnits } from './resources.js'
import { registerOrderRoutes } from './routes/orders.js'
import { registerShopTreeRoute } from './routes/shop-tree.js'
import * as tables from './schema.js'
import { COMMODITY_STATISTICS } from './statistics.js'

/** Orders carry their partner channel (`channel`): the reports read them (orders the caller may see). */
export { commodityOrders } from './resources.js'
export { commodityOrder } from './schema.js'

/** Commodities (spec 02 §7 "Commodities"): types, listings, orders. See docs/modules/commodity.md. */

const SHOP_MENUS = [
  {
    code: 'commodity',
    name: '商品管理',
    path: '/commodity',
    source: 'ShopOutlined',
    sort: 50,
    children: [
      resourceScreen(commodityTypeContract, '商品类型', '/commodity/type', 'AppstoreOutlined'),
      resourceScreen(commodityMessageContract, '商品信息', '/commodity/message', 'TagsOutlined'),
      resourceScreen(commodityOrderContract, '商品订单', '/commodity/order', 'ShoppingCartOutlined'),
      resourceScreen(commodityUnitContract, '商品单位', '/commodity/unit', 'NumberOutlined'),
      {
        code: 'commodity_dashboard',
        name: '商品看板',
        path: '/commodity/dashboard',
        source: 'DashboardOutlined',
      },
    ],
  },
]

export const commodityModule = defineModule({
  name: 'commodity',
  tables,
  resources: [commodityTypes, commodityMessages, commodityOrders, commodityUnits],
  menus: SHOP_MENUS,
  product: { name: '商品管理', remark: '商品类型、商品信息与商品订单' },
  // park staff look, they do not change
  staff: (codes) =>
    codes.filter((c) => !/_(add|edit|delete|status|shelf|pay|complete|cancel|import|export)$/.test(c)),
  dicts: [
    {
      code: 'commodity_type_status',
      name: '商品类型状态',
      entries: [
        [0, '停用'],
        [1, '启用'],
      ],
    },
    {
      code: 'commodity_shelf_status',
      name: '商品上架状态',
      entries: [
        [0, '已下架'],
        [1, '已上架'],
      ],
    },
    {
      code: 'commodity_order_status',
      name: '商品订单状态',
      entries: [
        [1, '待付款'],
        [2, '已付款'],
        [3, '已完成'],
        [4, '已取消'],
      ],
    },
  ],
  demo: seedCommodityDemo,
  statistics: COMMODITY_STATISTICS,
  routes: async (api, ctx) => {
    registerShopTreeRoute(api, ctx)
    registerOrderRoutes(api, ctx)
  },
})

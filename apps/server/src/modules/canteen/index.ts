import {
  allowanceContract,
  canteenContract,
  commonFoodContract,
  cookContract,
  foodCategoryContract,
  foodContract,
  foodRawContract,
  foodSafeContract,
  holidayContract,
  imageSettingContract,
  mealContract,
  mealTimeContract,
  noticeContract,
  orderApplyContract,
  orderContract,
  orderFoodContract,
  phaseContract,
  publishContract,
  publishFoodContract,
} from '@xpark/contract/modules/canteen'
import { button, defineModule, menuCodes, resourceScreen } from '../../core/module.js'
import { seedCanteenDemo } from './demo.js'
import { CANTEEN_STATISTICS } from './figures.js'
import * as resources from './resources.js'
import { registerCardExistRoute } from './routes/card-exist.js'
import { registerFoodRoutes } from './routes/food.js'
import { registerMemberRoutes } from './routes/members.js'
import { registerMenuRoutes } from './routes/menus.js'
import { registerOrderRoutes } from './routes/orders.js'
import { registerPickerRoutes } from './routes/pickers.js'
import { registerStatisticRoutes } from './routes/statistics.js'
import * as tables from './schema.js'

/** The park's holiday calendar (节假日: 1 休息日, 2 工作日), one per tenant: attendance reads it. */
export { type HolidayChanged, holidayChanged } from './holidays-changed.js'
/** Orders carry their partner channel (`channel`): the reports read them (orders the caller may see). */
export { orders as canteenOrders } from './resources.js'
export { canteen, canteenHoliday, canteenOrder } from './schema.js'

/**
 * Canteen and food (spec 02 §7 "Canteen and food (/andchu)"). Orders are paid from a finance card
 * (through finance's index.ts), refunds go back to it. See docs/modules/canteen.md.
 */

const CANTEEN_MENUS = [
  {
    code: 'canteen',
    name: '智慧食堂',
    path: '/canteen',
    source: 'CoffeeOutlined',
    sort: 60,
    children: [
      {
        code: 'canteen_dashboard',
        name: '食堂看板',
        path: '/canteen/dashboard',
        source: 'DashboardOutlined',
      },
      resourceScreen(canteenContract, '食堂设置', '/canteen/canteen', 'ShopOutlined'),
      resourceScreen(foodCategoryContract, '菜品分类', '/canteen/category', 'ApartmentOutlined'),
      resourceScreen(foodContract, '菜品管理', '/canteen/food', 'CoffeeOutlined'),
      resourceScreen(commonFoodContract, '常用菜品', '/canteen/commonfood', 'StarOutlined'),
      // one dish of a menu on its own (publishFood) is worked on from the menu's screen
      resourceScreen(publishContract, '菜品发布', '/canteen/publish', 'CalendarOutlined', [
        button(publishFoodContract.permissions.add, '新增菜品', 2),
        button(publishFoodContract.permissions.edit, '修改菜品', 2),
        button(publishFoodContract.permissions.delete, '删除菜品', 2),
        button(publishFoodContract.permissions.view, '查看菜品', 2),
      ]),
      resourceScreen(orderContract, '订餐订单', '/canteen/order', 'ShoppingOutlined', [
        { code: 'canteen_order_refund', name: '退款', category: 2, action: 2 },
        { code: 'canteen_order_kitchen', name: '备餐清单', category: 2, action: 1 },
      ]),
      resourceScreen(orderFoodContract, '菜品评价', '/canteen/orderfood', 'LikeOutlined'),
      resourceScreen(orderApplyContract, '订餐申请', '/canteen/apply', 'FormOutlined'),
      resourceScreen(cookContract, '厨师管理', '/canteen/cook', 'TeamOutlined'),
      resourceScreen(foodSafeContract, '食品安全', '/canteen/foodsafe', 'SafetyOutlined'),
      resourceScreen(foodRawContract, '食材溯源', '/canteen/foodraw', 'NodeIndexOutlined'),
      resourceScreen(mealContract, '餐次设置', '/canteen/meal', 'ScheduleOutlined'),
      resourceScreen(mealTimeContract, '用餐时间', '/canteen/mealtime', 'ClockCircleOutlined'),
      resourceScreen(phaseContract, '时段设置', '/canteen/phase', 'FieldTimeOutlined'),
      resourceScreen(allowanceContract, '餐补设置', '/canteen/allowance', 'GiftOutlined'),
      resourceScreen(holidayContract, '节假日', '/canteen/holiday', 'CarryOutOutlined'),
      resourceScreen(noticeContract, '食堂公告', '/canteen/notice', 'NotificationOutlined'),
      resourceScreen(imageSettingContract, '图片设置', '/canteen/image', 'PictureOutlined'),
    ],
  },
]

const R = resources

export const canteenModule = defineModule({
  name: 'canteen',
  tables,
  resources: [
    R.canteens,
    R.foodCategories,
    R.foods,
    R.commonFoods,
    R.foodSafes,
    R.foodRaws,
    R.cooks,
    R.allowances,
    R.phases,
    R.meals,
    R.images,
    R.notices,
    R.holidays,
    R.mealTimes,
    R.publishes,
    R.publishFoods,
    R.orders,
    R.orderFoods,
    R.orderApplies,
  ],
  menus: CANTEEN_MENUS,
  product: { name: '智慧食堂', remark: '菜品、发布、订餐、退款、食品安全与溯源' },
  staff: menuCodes(CANTEEN_MENUS).filter(
    (c) => !/_(add|edit|delete|import|export|refund|audit|kitchen)$/.test(c),
  ),
  dicts: [
    {
      code: 'canteen_meal_type',
      name: '餐次',
      entries: [
        [1, '早餐'],
        [2, '午餐'],
        [3, '晚餐'],
        [4, '夜宵'],
      ],
    },
    {
      code: 'canteen_meal_mode',
      name: '就餐方式',
      entries: [
        [1, '预订'],
        [2, '现场'],
      ],
    },
    {
      code: 'canteen_order_status',
      name: '订餐订单状态',
      entries: [
        [2, '已支付'],
        [3, '部分退款'],
        [4, '已退款'],
      ],
    },
    {
      code: 'canteen_day_type',
      name: '节假日类型',
      entries: [
        [1, '休息日'],
        [2, '工作日'],
      ],
    },
    {
      code: 'canteen_apply_status',
      name: '订餐申请状态',
      entries: [
        [0, '待审批'],
        [1, '已通过'],
        [2, '已驳回'],
      ],
    },
    {
      code: 'canteen_check_result',
      name: '检查结果',
      entries: [
        [0, '不合格'],
        [1, '合格'],
      ],
    },
  ],
  demo: seedCanteenDemo,
  statistics: CANTEEN_STATISTICS,
  routes: async (api, ctx) => {
    registerMemberRoutes(api, ctx)
    registerPickerRoutes(api, ctx)
    registerFoodRoutes(api, ctx)
    registerMenuRoutes(api, ctx)
    registerOrderRoutes(api, ctx)
    registerStatisticRoutes(api, ctx)
    registerCardExistRoute(api, ctx)
  },
})

import { z } from 'zod'
import { defineCall } from '../../calls.js'
import { wire } from '../../fields.js'
import { pageOf, treeNodeReply } from '../../replies.js'
import { idString } from '../../schemas/common.js'
import { idCsv } from '../../schemas/org.js'
import {
  canteenContract,
  cookContract,
  foodContract,
  foodRawContract,
  foodSafeContract,
  SaveLocationForm,
} from './food.js'
import { AutoPublishForm, publishContract } from './meals.js'
import {
  CardExistForm,
  OrderForm,
  orderContract,
  orderFoodContract,
  RefundForm,
  StatisticQuery,
} from './orders.js'

/** Canteen's declared hand routes: copies, traceability, publishing, orders and refunds, statistics, trees. */

const ids = (field: string) => z.string().regex(/^\d{1,19}(,\d{1,19})*$/, `${field}: comma-separated ids`)
const orderView = orderContract.permissions.view
const scoreView = orderFoodContract.permissions.view

export const cardExistCall = defineCall({
  path: 'andchu/app/statis/cardExist',
  method: 'POST',
  public: true,
  params: CardExistForm,
  reply: z.boolean(),
  summary:
    'statis (public, rate limited): whether a card number exists (cardNo, tenantId or tenant-id header)',
})

export const copyFoodsCall = defineCall({
  path: 'andchu/food/saveLocation',
  method: 'POST',
  permission: foodContract.permissions.add,
  params: SaveLocationForm,
  reply: z.object({ copied: z.number() }),
  summary: 'food: copy foods (ids) to other canteens (canteenIds)',
})

export const foodSafeNamesCall = defineCall({
  path: 'andchu/foodSafe/queryFoodNameList',
  method: 'GET',
  permission: foodSafeContract.permissions.view,
  reply: z.array(z.string()),
  summary: 'foodSafe: the food names with records',
})

export const foodSafePicturesCall = defineCall({
  path: 'andchu/foodSafe/queryFoodPicList',
  method: 'GET',
  permission: foodSafeContract.permissions.view,
  params: z.object({ foodName: z.string().max(64).optional() }),
  reply: z.array(
    z.object({
      id: wire.id,
      foodName: wire.text,
      checkDate: wire.optionalDate,
      pictures: z.array(z.string()),
    }),
  ),
  summary: 'foodSafe: the pictures of a food’s records, newest first',
})

export const foodTraceabilityCall = defineCall({
  path: 'andchu/foodraw/foodTraceability',
  method: 'GET',
  permission: foodRawContract.permissions.view,
  params: z.record(z.string(), z.string()),
  reply: pageOf(foodRawContract.row),
  summary: 'foodraw: raw materials with their dish (paged, filters as page)',
})

export const foodTraceabilityDetailCall = defineCall({
  path: 'andchu/foodraw/foodTraceabilityDetail',
  method: 'GET',
  permission: foodRawContract.permissions.view,
  params: z.object({
    foodId: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    id: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  }),
  reply: z.object({
    food: z.object({ id: wire.id, name: wire.text, canteenId: wire.id, picture: wire.text }),
    raws: z.array(foodRawContract.row),
  }),
  summary: 'foodraw: a dish (foodId or id) and every raw material that went into it',
})

export const cookUsersCall = defineCall({
  path: 'andchu/cookInfo/userall',
  method: 'GET',
  permission: cookContract.permissions.view,
  reply: z.array(z.object({ id: wire.id, account: wire.text, name: wire.text, realName: wire.text })),
  summary: 'cookInfo: the tenant’s users (id, account, name) to pick a cook from',
})

export const updateCanteenCall = defineCall({
  path: 'blade-user/updateCanteen',
  tag: 'user',
  method: 'POST',
  permission: 'user_edit',
  params: z.object({
    userIds: idCsv.optional(),
    canteenId: z.union([idString, z.literal('')]).optional(),
  }),
  reply: z.object({}),
  summary: 'user: set the canteen of users (userIds; canteenId of the caller, empty clears)',
})

export const autoPublishCall = defineCall({
  path: 'andchu/publish/autoPublish',
  method: 'POST',
  in: 'body',
  permission: publishContract.permissions.add,
  params: AutoPublishForm,
  reply: z.object({ created: z.number() }),
  summary: 'publish: repeat each meal’s latest menu on the dates of a range without one (days off skipped)',
})

export const placeOrderCall = defineCall({
  path: 'andchu/order/submit',
  method: 'POST',
  in: 'body',
  permission: orderContract.permissions.add,
  params: OrderForm,
  reply: z.object({ id: wire.id, orderNo: wire.text, totalFee: wire.number, balance: wire.number }),
  summary: 'order: place an order (publishId, cardNo, foods [{publishFoodId, quantity}]), paid from the card',
})

export const refundOrderCall = defineCall({
  path: 'andchu/order/refundOrderBy',
  method: 'POST',
  permission: 'canteen_order_refund',
  params: RefundForm,
  reply: z.object({
    refundNo: wire.text,
    amount: wire.number,
    refundFee: wire.number,
    status: wire.number,
    refunded: z.boolean(),
  }),
  summary:
    'order: refund payPrice cents of an order (orderId; refundNo or the Idempotency-Key header makes a retry the same refund)',
})

export const refundOrdersCall = defineCall({
  path: 'andchu/order/refundOrderByIds',
  method: 'POST',
  in: 'query',
  permission: 'canteen_order_refund',
  params: z.object({ ids: ids('ids') }),
  reply: z.object({ orders: z.number(), refunded: z.number() }),
  summary: 'order: refund what is left of each order (ids), all or none',
})

export const kitchenFoodsCall = defineCall({
  path: 'andchu/order/genesticFoodByDate',
  method: 'POST',
  in: 'query',
  permission: 'canteen_order_kitchen',
  params: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date: yyyy-MM-dd'),
    canteenId: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  }),
  reply: z.array(
    z.object({
      canteenId: wire.id,
      mealType: wire.number,
      foodId: wire.id,
      foodName: wire.text,
      quantity: wire.number,
      amount: wire.number,
      date: wire.text,
    }),
  ),
  summary: 'order: the dishes and quantities ordered for a date (date, canteenId), per canteen and meal',
})

/** Orders, paid, refunded and revenue (cents). */
const orderFigures = { orders: wire.number, paid: wire.number, refunded: wire.number, revenue: wire.number }
const OrderStatistic = z.object({
  ...orderFigures,
  byMeal: z.array(z.object({ mealType: wire.number, ...orderFigures })),
  byCanteen: z.array(z.object({ canteenId: wire.id, canteenName: wire.text, ...orderFigures })),
})
const OrdersPerDay = z.array(z.object({ date: wire.text, orders: wire.number, revenue: wire.number }))
const ScoreList = z.array(
  z.object({ foodId: wire.id, foodName: wire.text, scores: wire.number, average: wire.number }),
)

export const orderStatisticCall = defineCall({
  path: 'andchu/order/statistic',
  method: 'GET',
  permission: orderView,
  params: StatisticQuery,
  reply: OrderStatistic,
  summary:
    'order: orders, paid, refunded and revenue in total, per meal and per canteen (default the last 30 days)',
})

export const periodAnalysisCall = defineCall({
  path: 'andchu/order/periodAnalysis',
  method: 'GET',
  permission: orderView,
  params: StatisticQuery,
  reply: OrdersPerDay,
  summary: 'order: orders and revenue per day',
})

export const scoreListCall = defineCall({
  path: 'andchu/order/food/scoreList',
  method: 'GET',
  tag: 'food',
  permission: scoreView,
  reply: ScoreList,
  summary: 'order food: each dish’s average score and number of scores',
})

export const scoreStatisticsCall = defineCall({
  path: 'andchu/order/food/scoreStatistics',
  method: 'GET',
  tag: 'food',
  permission: scoreView,
  reply: z.object({
    total: wire.number,
    average: wire.number,
    distribution: z.array(z.object({ score: wire.number, count: wire.number })),
  }),
  summary: 'order food: scores 1 to 5 counted, and the average',
})

// pickers (TreeNodes)
export const canteenTreeCall = defineCall({
  path: 'andchu/setting/auto/tree',
  method: 'GET',
  permission: [canteenContract.permissions.view, foodContract.permissions.view, orderView],
  reply: z.array(treeNodeReply),
  summary: 'auto: the canteens as TreeNodes (pickers)',
})

export const foodTreeCall = defineCall({
  path: 'andchu/food/tree',
  method: 'GET',
  permission: [foodContract.permissions.view, publishContract.permissions.view],
  reply: z.array(treeNodeReply),
  summary: 'food: canteens with their food as leaves (each with its price)',
})

export const publishTreeCall = defineCall({
  path: 'andchu/publish/tree',
  method: 'GET',
  permission: [publishContract.permissions.view, orderView],
  reply: z.array(treeNodeReply),
  summary: 'publish: menus from yesterday on with their dishes as leaves (price, stock, sold)',
})

import {
  AutoPublishForm,
  allowanceContract,
  CardExistForm,
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
  OrderForm,
  orderApplyContract,
  orderContract,
  orderFoodContract,
  phaseContract,
  publishContract,
  publishFoodContract,
  RefundForm,
  SaveLocationForm,
} from '@xpark/contract/modules/canteen'
import { asc, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { listRows, whereOf } from '../../core/crud/index.js'
import { ok } from '../../core/envelope.js'
import { badRequest, notFound } from '../../core/errors.js'
import { idempotencyKey } from '../../core/http/idempotency.js'
import { publicRateLimit } from '../../core/http/public-limit.js'
import { button, defineModule, menuCodes, resourceScreen } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { treeNode } from '../../core/tree.js'
import { findCardByNo } from '../finance/index.js'
import { user } from '../identity/index.js'
import { seedCanteenDemo } from './demo.js'
import { canteenMemberRoutes } from './members.js'
import { placeOrder, refundOrder, refundOrders } from './orders.js'
import { autoPublish, copyFoods } from './publish.js'
import * as resources from './resources.js'
import * as tables from './schema.js'
import {
  foodsByDate,
  ordersWhere,
  periodAnalysis,
  StatisticQuery,
  scoreList,
  scoreStatistics,
  statistic,
} from './statistics.js'

const { canteenFood, canteenFoodRaw, canteenFoodSafe } = tables

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
  routes: async (api, ctx) => {
    const db = ctx.database.db
    const guard = [api.scopes.api.guard]
    const params = (request: FastifyRequest) => ({
      ...(request.query as Record<string, unknown>),
      ...((request.body as Record<string, unknown> | null | undefined) ?? {}),
    })
    const parse = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
      const parsed = schema.safeParse(value)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw badRequest(`参数校验失败: ${issue?.path.join('.')}: ${issue?.message}`)
      }
      return parsed.data
    }
    const anyParams = { querystring: z.record(z.string(), z.unknown()), body: z.unknown() }
    canteenMemberRoutes(api, db, guard)

    // pickers (TreeNodes): canteens; canteens with their food; menus from yesterday on with their dishes
    const MEALS: Record<number, string> = { 1: '早餐', 2: '午餐', 3: '晚餐', 4: '夜宵' }
    const canteenNodes = async (auth: ReturnType<typeof authOf>) =>
      (
        await db
          .select({ id: tables.canteen.id, name: tables.canteen.name })
          .from(tables.canteen)
          .where(await whereOf(R.canteens, auth))
          .orderBy(asc(tables.canteen.id))
      ).map((c) => treeNode(c.id, '0', c.name))
    api.get(
      '/andchu/setting/auto/tree',
      {
        schema: { tags: ['auto'], summary: 'auto: the canteens as TreeNodes (pickers)' },
        config: {
          permission: [
            canteenContract.permissions.view,
            foodContract.permissions.view,
            orderContract.permissions.view,
          ],
        },
        preHandler: guard,
      },
      async (request) => ok(await canteenNodes(authOf(request))),
    )
    api.get(
      '/andchu/food/tree',
      {
        schema: { tags: ['food'], summary: 'food: canteens with their food as leaves (each with its price)' },
        config: { permission: [foodContract.permissions.view, publishContract.permissions.view] },
        preHandler: guard,
      },
      async (request) => {
        const auth = authOf(request)
        const nodes = await canteenNodes(auth)
        const foods = await db
          .select({
            id: canteenFood.id,
            canteenId: canteenFood.canteenId,
            name: canteenFood.name,
            price: canteenFood.price,
          })
          .from(canteenFood)
          .where(await whereOf(R.foods, auth))
          .orderBy(asc(canteenFood.sort), asc(canteenFood.id))
        return ok(
          nodes.map((c) => {
            const children = foods
              .filter((f) => f.canteenId === c.id)
              .map((f) => ({ ...treeNode(f.id, c.id, f.name), isLeaf: true, price: f.price }))
            return { ...c, hasChildren: children.length > 0, children }
          }),
        )
      },
    )
    api.get(
      '/andchu/publish/tree',
      {
        schema: {
          tags: ['publish'],
          summary: 'publish: menus from yesterday on with their dishes as leaves (price, stock, sold)',
        },
        config: { permission: [publishContract.permissions.view, orderContract.permissions.view] },
        preHandler: guard,
      },
      async (request) => {
        const auth = authOf(request)
        const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
        const menus = await db
          .select({
            id: tables.canteenPublish.id,
            date: tables.canteenPublish.publishDate,
            mealType: tables.canteenPublish.mealType,
            canteenName: sql<string>`(select name from ${tables.canteen} where ${tables.canteen.id} = ${tables.canteenPublish.canteenId})`,
          })
          .from(tables.canteenPublish)
          .where(await whereOf(R.publishes, auth, gte(tables.canteenPublish.publishDate, since)))
          .orderBy(asc(tables.canteenPublish.publishDate), asc(tables.canteenPublish.mealType))
          .limit(200)
        const dishes = menus.length
          ? await db
              .select()
              .from(tables.canteenPublishFood)
              .where(
                scoped(
                  tables.canteenPublishFood,
                  auth,
                  inArray(
                    tables.canteenPublishFood.publishId,
                    menus.map((m) => m.id),
                  ),
                ),
              )
          : []
        return ok(
          menus.map((m) => {
            const children = dishes
              .filter((d) => d.publishId === m.id)
              .map((d) => ({
                ...treeNode(d.id, m.id, d.foodName),
                isLeaf: true,
                price: d.price,
                stock: d.stock,
                sold: d.sold,
                publishId: m.id,
              }))
            return {
              ...treeNode(m.id, '0', `${m.date} ${MEALS[m.mealType] ?? ''} ${m.canteenName ?? ''}`),
              hasChildren: children.length > 0,
              children,
            }
          }),
        )
      },
    )

    // food
    api.post(
      '/andchu/food/saveLocation',
      {
        schema: {
          tags: ['food'],
          summary: 'food: copy foods (ids) to other canteens (canteenIds)',
          ...anyParams,
        },
        config: { permission: foodContract.permissions.add },
        preHandler: guard,
      },
      async (request) => {
        const { ids, canteenIds } = parse(SaveLocationForm, params(request))
        return ok(await copyFoods(db, authOf(request), ids.split(','), canteenIds.split(',')))
      },
    )

    // food safety
    const safeView = foodSafeContract.permissions.view
    api.get(
      '/andchu/foodSafe/queryFoodNameList',
      {
        schema: { tags: ['foodSafe'], summary: 'foodSafe: the food names with records' },
        config: { permission: safeView },
        preHandler: guard,
      },
      async (request) => {
        const rows = await db
          .selectDistinct({ foodName: canteenFoodSafe.foodName })
          .from(canteenFoodSafe)
          .where(await whereOf(R.foodSafes, authOf(request)))
          .orderBy(asc(canteenFoodSafe.foodName))
        return ok(rows.map((r) => r.foodName))
      },
    )
    api.get(
      '/andchu/foodSafe/queryFoodPicList',
      {
        schema: {
          tags: ['foodSafe'],
          summary: 'foodSafe: the pictures of a food’s records, newest first',
          querystring: z.object({ foodName: z.string().max(64).optional() }),
        },
        config: { permission: safeView },
        preHandler: guard,
      },
      async (request) => {
        const { foodName } = request.query
        const rows = await db
          .select({
            id: canteenFoodSafe.id,
            foodName: canteenFoodSafe.foodName,
            checkDate: canteenFoodSafe.checkDate,
            pictures: canteenFoodSafe.pictures,
          })
          .from(canteenFoodSafe)
          .where(
            await whereOf(
              R.foodSafes,
              authOf(request),
              foodName ? eq(canteenFoodSafe.foodName, foodName) : undefined,
            ),
          )
          .orderBy(desc(canteenFoodSafe.checkDate))
          .limit(200)
        return ok(rows.map((r) => ({ ...r, pictures: r.pictures ? r.pictures.split(',') : [] })))
      },
    )

    // traceability: raw materials with their dish, and one dish with its raw materials
    const rawView = foodRawContract.permissions.view
    api.get(
      '/andchu/foodraw/foodTraceability',
      {
        schema: {
          tags: ['foodraw'],
          summary: 'foodraw: raw materials with their dish (paged, filters as page)',
          querystring: z.record(z.string(), z.string()),
        },
        config: { permission: rawView },
        preHandler: guard,
      },
      async (request) => ok(await listRows(db, R.foodRaws, authOf(request), request.query)),
    )
    api.get(
      '/andchu/foodraw/foodTraceabilityDetail',
      {
        schema: {
          tags: ['foodraw'],
          summary: 'foodraw: a dish (foodId or id) and every raw material that went into it',
          querystring: z.object({
            foodId: z
              .string()
              .regex(/^\d{1,19}$/)
              .optional(),
            id: z
              .string()
              .regex(/^\d{1,19}$/)
              .optional(),
          }),
        },
        config: { permission: rawView },
        preHandler: guard,
      },
      async (request) => {
        const auth = authOf(request)
        let foodId = request.query.foodId
        if (!foodId && request.query.id) {
          const [raw] = await db
            .select({ foodId: canteenFoodRaw.foodId })
            .from(canteenFoodRaw)
            .where(await whereOf(R.foodRaws, auth, eq(canteenFoodRaw.id, request.query.id)))
          foodId = raw?.foodId
        }
        if (!foodId) throw notFound('数据不存在')
        const [food] = await db
          .select({
            id: canteenFood.id,
            name: canteenFood.name,
            canteenId: canteenFood.canteenId,
            picture: canteenFood.picture,
          })
          .from(canteenFood)
          .where(scoped(canteenFood, auth, eq(canteenFood.id, foodId)))
        if (!food) throw notFound('数据不存在')
        const raws = await listRows(db, R.foodRaws, auth, { foodId, size: '200', ascs: 'purchase_date' })
        return ok({ food, raws: raws.records })
      },
    )

    // cooks: the tenant's users to pick a cook from
    api.get(
      '/andchu/cookInfo/userall',
      {
        schema: {
          tags: ['cookInfo'],
          summary: 'cookInfo: the tenant’s users (id, account, name) to pick a cook from',
        },
        config: { permission: cookContract.permissions.view },
        preHandler: guard,
      },
      async (request) => {
        const rows = await db
          .select({ id: user.id, account: user.account, name: user.name, realName: user.realName })
          .from(user)
          .where(scoped(user, authOf(request)))
          .orderBy(asc(user.account))
          .limit(1000)
        return ok(rows)
      },
    )

    // publishing
    api.post(
      '/andchu/publish/autoPublish',
      {
        schema: {
          tags: ['publish'],
          summary:
            'publish: repeat each meal’s latest menu on the dates of a range without one (days off skipped)',
          body: AutoPublishForm,
        },
        config: { permission: publishContract.permissions.add },
        preHandler: guard,
      },
      async (request) => ok(await autoPublish(db, authOf(request), request.body)),
    )

    // orders
    const orderView = orderContract.permissions.view
    api.post(
      '/andchu/order/submit',
      {
        schema: {
          tags: ['order'],
          summary:
            'order: place an order (publishId, cardNo, foods [{publishFoodId, quantity}]), paid from the card',
          body: OrderForm,
        },
        config: { permission: orderContract.permissions.add },
        preHandler: guard,
      },
      async (request) => ok(await placeOrder(db, authOf(request), request.body), '操作成功'),
    )
    api.post(
      '/andchu/order/refundOrderBy',
      {
        schema: {
          tags: ['order'],
          summary:
            'order: refund payPrice cents of an order (orderId; refundNo or the Idempotency-Key header makes a retry the same refund)',
          ...anyParams,
        },
        config: { permission: 'canteen_order_refund' },
        preHandler: guard,
      },
      async (request) => {
        const { orderId, payPrice, refundNo } = parse(RefundForm, {
          ...params(request),
          ...idempotencyKey(request, 'refundNo'),
        })
        const result = await refundOrder(db, authOf(request), orderId, payPrice, refundNo)
        // a repeated key refunded nothing this time: the reply says so
        return ok(result, result.refunded ? '退款成功' : '该退款单号已退款, 本次未重复退款')
      },
    )
    api.post(
      '/andchu/order/refundOrderByIds',
      {
        schema: {
          tags: ['order'],
          summary: 'order: refund what is left of each order (ids), all or none',
          querystring: z.object({
            ids: z.string().regex(/^\d{1,19}(,\d{1,19})*$/, 'ids: comma-separated ids'),
          }),
        },
        config: { permission: 'canteen_order_refund' },
        preHandler: guard,
      },
      async (request) =>
        ok(await refundOrders(db, authOf(request), request.query.ids.split(',')), '退款成功'),
    )
    const statsSchema = { querystring: StatisticQuery }
    api.get(
      '/andchu/order/statistic',
      {
        schema: {
          tags: ['order'],
          summary:
            'order: orders, paid, refunded and revenue in total, per meal and per canteen (default the last 30 days)',
          ...statsSchema,
        },
        config: { permission: orderView },
        preHandler: guard,
      },
      async (request) => {
        const auth = authOf(request)
        return ok(await statistic(db, ordersWhere(auth, request.query, await R.orders.scope?.(auth))))
      },
    )
    api.get(
      '/andchu/order/periodAnalysis',
      {
        schema: { tags: ['order'], summary: 'order: orders and revenue per day', ...statsSchema },
        config: { permission: orderView },
        preHandler: guard,
      },
      async (request) => {
        const auth = authOf(request)
        return ok(await periodAnalysis(db, ordersWhere(auth, request.query, await R.orders.scope?.(auth))))
      },
    )
    api.post(
      '/andchu/order/genesticFoodByDate',
      {
        schema: {
          tags: ['order'],
          summary:
            'order: the dishes and quantities ordered for a date (date, canteenId), per canteen and meal',
          querystring: z.object({
            date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date: yyyy-MM-dd'),
            canteenId: z
              .string()
              .regex(/^\d{1,19}$/)
              .optional(),
          }),
        },
        config: { permission: 'canteen_order_kitchen' },
        preHandler: guard,
      },
      async (request) =>
        ok(await foodsByDate(db, authOf(request), request.query.date, request.query.canteenId)),
    )
    // the canteen dashboard: the figures of a time range (startTime/endTime as the console's Dashboard sends them)
    api.get(
      '/andchu/order/dashboard',
      {
        schema: {
          tags: ['order'],
          summary:
            'order: the dashboard’s figures for startTime..endTime (orders, revenue, per meal, per day, best scored dishes)',
          querystring: z.object({ startTime: z.string().optional(), endTime: z.string().optional() }),
        },
        config: { permission: orderView },
        preHandler: guard,
      },
      async (request) => {
        const auth = authOf(request)
        const dayOf = (v?: string) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined)
        const where = ordersWhere(
          auth,
          { startDate: dayOf(request.query.startTime), endDate: dayOf(request.query.endTime) },
          await R.orders.scope?.(auth),
        )
        const figures = await statistic(db, where)
        const scores = await scoreStatistics(db, auth)
        return ok({
          ...figures,
          averageScore: scores.average,
          byDay: await periodAnalysis(db, where),
          topScored: (await scoreList(db, auth)).slice(0, 10),
        })
      },
    )
    const scoreView = orderFoodContract.permissions.view
    api.get(
      '/andchu/order/food/scoreList',
      {
        schema: { tags: ['food'], summary: 'order food: each dish’s average score and number of scores' },
        config: { permission: scoreView },
        preHandler: guard,
      },
      async (request) => ok(await scoreList(db, authOf(request))),
    )
    api.get(
      '/andchu/order/food/scoreStatistics',
      {
        schema: { tags: ['food'], summary: 'order food: scores 1 to 5 counted, and the average' },
        config: { permission: scoreView },
        preHandler: guard,
      },
      async (request) => ok(await scoreStatistics(db, authOf(request))),
    )

    // the one business call without a token (a card reader or kiosk asks it): exists or not, nothing else
    api.post(
      '/andchu/app/statis/cardExist',
      {
        schema: {
          tags: ['statis'],
          summary:
            'statis (public, rate limited): whether a card number exists (cardNo, tenantId or tenant-id header)',
          ...anyParams,
        },
        config: { public: true },
        preHandler: publicRateLimit(ctx.cache, 'card-exist', 30),
      },
      async (request) => {
        const input = parse(CardExistForm, params(request))
        const header = request.headers['tenant-id']
        const tenantId =
          input.tenantId ?? (typeof header === 'string' && /^\d{6}$/.test(header) ? header : '000000')
        return ok(Boolean(await findCardByNo(db, { tenantId }, input.cardNo)))
      },
    )
  },
})

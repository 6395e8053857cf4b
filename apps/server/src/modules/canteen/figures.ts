import { orderContract } from '@xpark/contract/modules/canteen'
import { and, avg, count, desc, gte, lte, ne, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { defineStatistic, figure, type Statistic, type StatisticReader } from '../../core/statistics/index.js'
import {
  countsByChoice,
  DAYS_INFO,
  daysOrRangeParams,
  periodOf,
  RANGE_INFO,
  rangeOf,
  rangeParams,
  readerThrough,
  readerWhere,
  type Span,
  seriesByDay,
  viewCode,
} from '../../core/statistics/parts.js'
import { scoped } from '../../core/tenancy.js'
import { foods, orders } from './resources.js'
import { canteenOrder, canteenOrderFood } from './schema.js'

/**
 * The canteen's statistics (docs/modules.md "Statistics"), the canteen dashboard's cards and charts:
 * orders, revenue (paid less refunded, cents) and refunds over a range of order days (default the last
 * 30), per day and per meal, meals eaten a day, and the dishes' scores; of the orders (and dishes) the
 * reader may see. No diner's name or card.
 */

const permission = viewCode(orderContract.permissions.view)

/** The meals (dict `canteen_meal_type`). */
const MEALS: readonly (readonly [number, string])[] = [
  [1, '早餐'],
  [2, '午餐'],
  [3, '晚餐'],
  [4, '夜宵'],
]
/** An order refunded in full (已退款) is a meal not eaten. */
const REFUNDED = 4

const paid = sql<number>`coalesce(sum(${canteenOrder.payPrice}), 0)::float8`
const refunded = sql<number>`coalesce(sum(${canteenOrder.refundFee}), 0)::float8`

/** The orders of the span's days the reader may see (an order's day is its meal's day). */
const inSpan = (reader: StatisticReader, { days }: Span, ...more: (SQL | undefined)[]) =>
  readerWhere(
    orders,
    reader,
    and(gte(canteenOrder.orderDate, days[0]!), lte(canteenOrder.orderDate, days.at(-1)!), ...more),
  )

/** A number card over the range's orders: `measure` is the SQL aggregate. */
function orderTotal(
  name: string,
  title: string,
  en: string,
  measure: SQL<number>,
  money: boolean,
): Statistic {
  return defineStatistic({
    name,
    title,
    en,
    kinds: ['number'],
    permission,
    params: rangeParams,
    paramInfo: RANGE_INFO,
    run: async (params, reader) => {
      const [row] = await reader.db
        .select({ value: measure.mapWith(Number) })
        .from(canteenOrder)
        .where(await inSpan(reader, rangeOf(params, reader.now)))
      return figure({ value: row?.value ?? 0, unit: money ? '元' : '单', money })
    },
  })
}

export const orderCount = orderTotal('canteen.orders', '订单数', 'Orders', sql<number>`count(*)`, false)
export const revenue = orderTotal(
  'canteen.revenue',
  '营业额',
  'Revenue',
  sql<number>`${paid} - ${refunded}`,
  true,
)
export const refunds = orderTotal('canteen.refunded', '退款金额', 'Refunded', refunded, true)

/** Orders a day, or the revenue a day (paid less refunded, cents), over the last days or a range. */
export const ordersByDay = defineStatistic({
  name: 'canteen.ordersByDay',
  title: '每日订单',
  en: 'Orders by day',
  kinds: ['bar', 'line'],
  permission,
  params: daysOrRangeParams.extend({
    measure: z.enum(['orders', 'revenue'], { error: 'orders 或 revenue' }).default('orders'),
  }),
  paramInfo: [
    DAYS_INFO,
    {
      name: 'measure',
      label: '指标',
      choices: [
        { value: 'orders', label: '订单数' },
        { value: 'revenue', label: '营业额' },
      ],
    },
    ...RANGE_INFO,
  ],
  run: async (params, reader) => {
    const span = periodOf(params, reader.now)
    const rows = await reader.db
      .select({
        day: canteenOrder.orderDate,
        orders: count(),
        revenue: sql<number>`${paid} - ${refunded}`.mapWith(Number),
      })
      .from(canteenOrder)
      .where(await inSpan(reader, span))
      .groupBy(canteenOrder.orderDate)
    const money = params.measure === 'revenue'
    return figure({
      unit: money ? '元' : '单',
      money,
      labels: span.days,
      series: seriesByDay(span.days, rows, [money ? ['revenue', '营业额'] : ['orders', '订单数']]),
    })
  },
})

/** Orders per meal over a range (every meal, one without orders as 0). */
export const ordersByMeal = defineStatistic({
  name: 'canteen.ordersByMeal',
  title: '餐次订单',
  en: 'Orders by meal',
  kinds: ['pie', 'bar'],
  permission,
  params: rangeParams,
  paramInfo: RANGE_INFO,
  run: async (params, reader) => {
    const rows = await reader.db
      .select({ key: canteenOrder.mealType, n: count() })
      .from(canteenOrder)
      .where(await inSpan(reader, rangeOf(params, reader.now)))
      .groupBy(canteenOrder.mealType)
    return countsByChoice(MEALS, rows, '订单数', '单')
  },
})

/** `canteen.mealsByDay`: meals ordered a day by meal (a refunded order is no meal). */
export const mealsByDay = defineStatistic({
  name: 'canteen.mealsByDay',
  title: '每日就餐',
  en: 'Meals by day',
  kinds: ['line', 'bar'],
  permission,
  params: daysOrRangeParams,
  paramInfo: [DAYS_INFO, ...RANGE_INFO],
  run: async (params, reader) => {
    const span = periodOf(params, reader.now)
    const rows = await reader.db
      .select({ day: canteenOrder.orderDate, meal: canteenOrder.mealType, meals: count() })
      .from(canteenOrder)
      .where(await inSpan(reader, span, ne(canteenOrder.status, REFUNDED)))
      .groupBy(canteenOrder.orderDate, canteenOrder.mealType)
    const at = new Map(rows.map((r) => [`${r.day}/${r.meal}`, r.meals]))
    return figure({
      unit: '份',
      labels: span.days,
      series: MEALS.map(([meal, name]) => ({
        name,
        data: span.days.map((d) => at.get(`${d}/${meal}`) ?? 0),
      })),
    })
  },
})

/** The scores the reader may count: of the orders and the dishes its data scope shows it. */
async function scored(reader: StatisticReader): Promise<SQL> {
  return scoped(
    canteenOrderFood,
    reader,
    gte(canteenOrderFood.score, 1),
    await readerThrough(orders, reader, canteenOrderFood.orderId),
    await readerThrough(foods, reader, canteenOrderFood.foodId),
  )
}

const twoDecimals = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100

/** The average of every score given (1 to 5, two decimals). */
export const averageScore = defineStatistic({
  name: 'canteen.averageScore',
  title: '平均评分',
  en: 'Average score',
  kinds: ['number', 'gauge'],
  permission,
  params: z.object({}),
  run: async (_, reader) => {
    const [row] = await reader.db
      .select({ average: avg(canteenOrderFood.score) })
      .from(canteenOrderFood)
      .where(await scored(reader))
    return figure({ value: twoDecimals(row?.average), unit: '分', max: 5 })
  },
})

/** The ten best scored dishes (average score, then how many scored them). */
export const topScored = defineStatistic({
  name: 'canteen.topScored',
  title: '菜品评分排行',
  en: 'Best scored dishes',
  kinds: ['bar', 'ranking'],
  permission,
  params: z.object({}),
  run: async (_, reader) => {
    const average = avg(canteenOrderFood.score)
    const rows = await reader.db
      .select({ dish: canteenOrderFood.foodName, average, scores: count() })
      .from(canteenOrderFood)
      .where(await scored(reader))
      .groupBy(canteenOrderFood.foodId, canteenOrderFood.foodName)
      .orderBy(desc(average), desc(count()), canteenOrderFood.foodName)
      .limit(10)
    return figure({
      unit: '分',
      max: 5,
      labels: rows.map((r) => r.dish),
      series: [{ name: '平均评分', data: rows.map((r) => twoDecimals(r.average)) }],
      columns: [
        { key: 'dish', title: '菜品' },
        { key: 'average', title: '平均评分' },
        { key: 'scores', title: '评分数' },
      ],
      rows: rows.map((r) => ({ dish: r.dish, average: twoDecimals(r.average), scores: r.scores })),
    })
  },
})

export const CANTEEN_STATISTICS = [
  orderCount,
  revenue,
  refunds,
  averageScore,
  ordersByDay,
  ordersByMeal,
  mealsByDay,
  topScored,
]

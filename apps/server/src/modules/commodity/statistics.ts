import { commodityOrderContract, ORDER } from '@xpark/contract/modules/commodity'
import { and, count, desc, eq, gte, lt, type SQL, sql, sum } from 'drizzle-orm'
import { z } from 'zod'
import { dayIn } from '../../core/days.js'
import { defineStatistic, figure, type Statistic, type StatisticReader } from '../../core/statistics/index.js'
import {
  countsByChoice,
  DAYS_INFO,
  daysOrRangeParams,
  periodOf,
  RANGE_INFO,
  rangeOf,
  rangeParams,
  readerWhere,
  type Span,
  seriesByDay,
  viewCode,
} from '../../core/statistics/parts.js'
import { scoped } from '../../core/tenancy.js'
import { commodityOrders } from './resources.js'
import { commodityOrder, commodityOrderItem } from './schema.js'

/**
 * The shop's statistics (docs/modules.md "Statistics"), the shop dashboard's cards and charts over a
 * range (default the last 30 days): orders, revenue and items of paid or completed orders, open
 * orders, orders per day and per state, the best sellers; of the orders the reader may see (the
 * orders' data scope, `readerWhere`). No buyer's name, phone or address.
 */

const permission = viewCode(commodityOrderContract.permissions.view)
const SOLD = sql`${commodityOrder.status} in (${ORDER.paid}, ${ORDER.completed})`
const soldAmount = sql<number>`coalesce(sum(${commodityOrder.totalAmount}) filter (where ${SOLD}), 0)::float8`

/** The orders of the span the reader may see. */
const inSpan = (reader: StatisticReader, { from, to }: Span, ...more: (SQL | undefined)[]) =>
  readerWhere(
    commodityOrders,
    reader,
    and(gte(commodityOrder.orderTime, from), lt(commodityOrder.orderTime, to), ...more),
  )

/** A number card over the range's orders: `measure` is the SQL aggregate. */
function orderTotal(
  name: string,
  title: string,
  en: string,
  unit: string,
  measure: SQL<number>,
  money = false,
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
        .from(commodityOrder)
        .where(await inSpan(reader, rangeOf(params, reader.now)))
      return figure({ value: row?.value ?? 0, unit, money })
    },
  })
}

export const orderCount = orderTotal('commodity.orderCount', '订单数', 'Orders', '单', sql<number>`count(*)`)
export const revenue = orderTotal('commodity.revenue', '销售额', 'Revenue', '元', soldAmount, true)
export const itemsSold = orderTotal(
  'commodity.itemsSold',
  '售出件数',
  'Items sold',
  '件',
  sql<number>`coalesce(sum(${commodityOrder.itemCount}) filter (where ${SOLD}), 0)::float8`,
)
export const openOrders = orderTotal(
  'commodity.openOrders',
  '待处理订单',
  'Open orders',
  '单',
  sql<number>`count(*) filter (where ${commodityOrder.status} in (${ORDER.placed}, ${ORDER.paid}))`,
)

/**
 * `commodity.ordersByDay`: orders a day, or the amount sold a day (paid or completed, cents), over the
 * last `days` days (a wall) or a range (a dashboard). One measure a figure: a count and money do not
 * share an axis.
 */
export const ordersByDay = defineStatistic({
  name: 'commodity.ordersByDay',
  title: '每日订单',
  en: 'Orders by day',
  kinds: ['line', 'bar'],
  permission,
  params: daysOrRangeParams.extend({
    measure: z.enum(['orders', 'amount'], { error: 'orders 或 amount' }).default('orders'),
  }),
  paramInfo: [
    DAYS_INFO,
    {
      name: 'measure',
      label: '指标',
      choices: [
        { value: 'orders', label: '订单数' },
        { value: 'amount', label: '销售额' },
      ],
    },
    ...RANGE_INFO,
  ],
  run: async (params, reader) => {
    const span = periodOf(params, reader.now)
    const rows = await reader.db
      .select({ day: dayIn(commodityOrder.orderTime), orders: count(), amount: soldAmount.mapWith(Number) })
      .from(commodityOrder)
      .where(await inSpan(reader, span))
      .groupBy(sql`1`)
    const amount = params.measure === 'amount'
    return figure({
      unit: amount ? '元' : '单',
      money: amount,
      labels: span.days,
      series: seriesByDay(span.days, rows, [amount ? ['amount', '销售额'] : ['orders', '订单数']]),
    })
  },
})

const STATES: readonly (readonly [number, string])[] = [
  [ORDER.placed, '待付款'],
  [ORDER.paid, '已付款'],
  [ORDER.completed, '已完成'],
  [ORDER.cancelled, '已取消'],
]

/** Orders per state over a range (every state, a state without orders as 0). */
export const ordersByStatus = defineStatistic({
  name: 'commodity.ordersByStatus',
  title: '订单状态',
  en: 'Orders by state',
  kinds: ['pie', 'bar'],
  permission,
  params: rangeParams,
  paramInfo: RANGE_INFO,
  run: async (params, reader) => {
    const rows = await reader.db
      .select({ key: commodityOrder.status, n: count() })
      .from(commodityOrder)
      .where(await inSpan(reader, rangeOf(params, reader.now)))
      .groupBy(commodityOrder.status)
    return countsByChoice(STATES, rows, '订单数', '单')
  },
})

/** The ten best sellers by quantity over a range (paid or completed orders): goods, never buyers. */
export const topSellers = defineStatistic({
  name: 'commodity.topSellers',
  title: '热销商品',
  en: 'Best sellers',
  kinds: ['bar', 'ranking'],
  permission,
  params: rangeParams,
  paramInfo: RANGE_INFO,
  run: async (params, reader) => {
    const quantity = sum(commodityOrderItem.quantity).mapWith(Number)
    const rows = await reader.db
      .select({ goods: commodityOrderItem.commodityName, quantity })
      .from(commodityOrderItem)
      .innerJoin(
        commodityOrder,
        and(
          eq(commodityOrder.id, commodityOrderItem.orderId),
          eq(commodityOrder.tenantId, commodityOrderItem.tenantId),
        ),
      )
      .where(and(scoped(commodityOrderItem, reader), await inSpan(reader, rangeOf(params, reader.now), SOLD)))
      .groupBy(commodityOrderItem.commodityName)
      .orderBy(desc(quantity), commodityOrderItem.commodityName)
      .limit(10)
    return figure({
      unit: '件',
      labels: rows.map((r) => r.goods),
      series: [{ name: '销量', data: rows.map((r) => r.quantity) }],
      columns: [
        { key: 'goods', title: '商品' },
        { key: 'quantity', title: '销量' },
      ],
      rows: rows.map((r) => ({ goods: r.goods, quantity: r.quantity })),
    })
  },
})

export const COMMODITY_STATISTICS = [
  orderCount,
  revenue,
  itemsSold,
  openOrders,
  ordersByDay,
  ordersByStatus,
  topSellers,
]

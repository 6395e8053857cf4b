import { commodityOrderContract, ORDER } from '@xpark/contract/modules/commodity'
import { and, count, desc, eq, gte, inArray, lt, lte, type SQL, sql, sum } from 'drizzle-orm'
import { z } from 'zod'
import type { AuthContext } from '../../core/auth/tokens.js'
import { dayIn, lastDays, spanBounds } from '../../core/days.js'
import { badRequest } from '../../core/errors.js'
import { parseDateTime } from '../../core/query/index.js'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import { DAYS_INFO, daysParams, readerWhere, seriesByDay, viewCode } from '../../core/statistics/parts.js'
import { scoped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { commodityOrders } from './resources.js'
import { commodityOrder, commodityOrderItem } from './schema.js'

/**
 * The shop dashboard's figures for a time range (default the last 30 days): orders, revenue and items
 * of paid or completed orders, open orders, per day, per state, and the best sellers. `where` is the
 * orders' scoped condition (tenant and data scope), so the figures are those of the rows one may see.
 */

const SOLD = [ORDER.paid, ORDER.completed]
const DAY = 24 * 3600 * 1000

export function statisticsRange(query: { startTime?: string; endTime?: string }) {
  const end = query.endTime ? parseDateTime(query.endTime) : new Date()
  const start = query.startTime ? parseDateTime(query.startTime) : new Date(Date.now() - 30 * DAY)
  if (!start || !end) throw badRequest('参数校验失败: startTime/endTime: yyyy-MM-dd HH:mm:ss')
  if (start > end) throw badRequest('开始时间不能晚于结束时间')
  if (end.getTime() - start.getTime() > 366 * DAY) throw badRequest('统计区间不能超过一年')
  return { start, end }
}

export async function orderStatistics(db: Db, auth: AuthContext, where: SQL, start: Date, end: Date) {
  const inRange = and(where, gte(commodityOrder.orderTime, start), lte(commodityOrder.orderTime, end))
  const sold = and(inRange, inArray(commodityOrder.status, SOLD))
  const [totals] = await db
    .select({
      orderCount: count(),
      openOrders:
        sql<number>`count(*) filter (where ${commodityOrder.status} in (${ORDER.placed}, ${ORDER.paid}))`.mapWith(
          Number,
        ),
      revenue:
        sql<number>`coalesce(sum(${commodityOrder.totalAmount}) filter (where ${commodityOrder.status} in (${ORDER.paid}, ${ORDER.completed})), 0)`.mapWith(
          Number,
        ),
      itemsSold:
        sql<number>`coalesce(sum(${commodityOrder.itemCount}) filter (where ${commodityOrder.status} in (${ORDER.paid}, ${ORDER.completed})), 0)`.mapWith(
          Number,
        ),
    })
    .from(commodityOrder)
    .where(inRange)
  const day = sql<string>`to_char(${commodityOrder.orderTime}, 'YYYY-MM-DD')`
  const byDay = await db
    .select({
      day,
      count: count(),
      amount:
        sql<number>`coalesce(sum(${commodityOrder.totalAmount}) filter (where ${commodityOrder.status} in (${ORDER.paid}, ${ORDER.completed})), 0)`.mapWith(
          Number,
        ),
    })
    .from(commodityOrder)
    .where(inRange)
    .groupBy(day)
    .orderBy(day)
  const byStatus = await db
    .select({ status: commodityOrder.status, count: count() })
    .from(commodityOrder)
    .where(inRange)
    .groupBy(commodityOrder.status)
    .orderBy(commodityOrder.status)
  const quantity = sum(commodityOrderItem.quantity).mapWith(Number)
  const top = await db
    .select({
      name: commodityOrderItem.commodityName,
      quantity,
      amount: sum(commodityOrderItem.amount).mapWith(Number),
    })
    .from(commodityOrderItem)
    .innerJoin(commodityOrder, eq(commodityOrder.id, commodityOrderItem.orderId))
    .where(and(sold, scoped(commodityOrderItem, auth)))
    .groupBy(commodityOrderItem.commodityName)
    .orderBy(desc(quantity))
    .limit(10)
  return { ...totals, byDay: everyDay(byDay, start, end), byStatus, top }
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** Every day of the range, a day without orders as zeros (a chart's axis has no holes). */
function everyDay(rows: { day: string; count: number; amount: number }[], start: Date, end: Date) {
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const out: { day: string; count: number; amount: number }[] = []
  const cursor = new Date(start.getFullYear(), start.getMonth(), start.getDate())
  while (cursor <= end) {
    const day = dayOf(cursor)
    out.push(byDay.get(day) ?? { day, count: 0, amount: 0 })
    cursor.setDate(cursor.getDate() + 1)
  }
  return out
}

/**
 * `commodity.ordersByDay` (docs/modules.md "Statistics"): orders a day, or the amount sold a day (paid
 * or completed, cents), as the dashboard counts them, of the orders the reader may see. One measure a
 * figure: a count and money do not share an axis. No buyer's name, phone or address.
 */
export const ordersByDay = defineStatistic({
  name: 'commodity.ordersByDay',
  title: '每日订单',
  en: 'Orders by day',
  kinds: ['line', 'bar'],
  permission: viewCode(commodityOrderContract.permissions.view),
  params: daysParams.extend({
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
  ],
  run: async ({ days, measure }, reader) => {
    const labels = lastDays(reader.now, days)
    const [from, to] = spanBounds(labels[0]!, labels.at(-1)!)
    const day = dayIn(commodityOrder.orderTime)
    const rows = await reader.db
      .select({
        day,
        orders: count(),
        amount:
          sql<number>`coalesce(sum(${commodityOrder.totalAmount}) filter (where ${commodityOrder.status} in (${ORDER.paid}, ${ORDER.completed})), 0)::float8`.mapWith(
            Number,
          ),
      })
      .from(commodityOrder)
      .where(
        await readerWhere(
          commodityOrders,
          reader,
          and(gte(commodityOrder.orderTime, from), lt(commodityOrder.orderTime, to)),
        ),
      )
      .groupBy(sql`1`)
    const amount = measure === 'amount'
    return figure({
      unit: amount ? '元' : '单',
      money: amount,
      labels,
      series: seriesByDay(labels, rows, [amount ? ['amount', '销售额'] : ['orders', '订单数']]),
    })
  },
})

export const COMMODITY_STATISTICS = [ordersByDay]

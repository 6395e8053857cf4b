import { ORDER } from '@xpark/contract/modules/commodity'
import {
  DATA_NOT_FOUND,
  type DiningCountRow,
  PARTNER_CODE,
  type PartnerStatisticRow,
} from '@xpark/contract/modules/report'
import { and, count, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { dayIn, daysBetween, spanBounds } from '../../core/days.js'
import { badRequest, notFound } from '../../core/errors.js'
import { scoped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { canteen, canteenOrder } from '../canteen/index.js'
import { commodityOrder } from '../commodity/index.js'
import { reportPartner } from './schema.js'

/**
 * The partner figures, as plain query functions (the kit's `statistics` declaration will wrap them):
 * each takes the database, the caller and the orders' scoped conditions (tenant and data scope, from
 * `whereOf` on commodity's and canteen's order resources), so a figure is always one of the rows the
 * caller may see. Money in cents.
 */

/** Commodity orders counted: paid or completed (placed and cancelled ones sold nothing). */
const SOLD = [ORDER.paid, ORDER.completed]

export const MAX_RANGE_DAYS = 366

export interface Partner {
  id: string
  code: string
  name: string
  kind: number
}

/** A live partner of the caller's tenant by its code, or 404 `data not found`. */
export async function partnerOf(db: Db, auth: Pick<AuthContext, 'tenantId'>, code: string): Promise<Partner> {
  if (!PARTNER_CODE.test(code)) throw notFound(DATA_NOT_FOUND)
  const [row] = await db
    .select({
      id: reportPartner.id,
      code: reportPartner.code,
      name: reportPartner.name,
      kind: reportPartner.kind,
    })
    .from(reportPartner)
    .where(scoped(reportPartner, auth, eq(reportPartner.code, code)))
    .limit(1)
  if (!row) throw notFound(DATA_NOT_FOUND)
  return { ...row, id: String(row.id) }
}

/** The days of a range, both ends counted (checked: start ≤ end, at most 366 days). */
export function daysOf(startDay: string, endDay: string): string[] {
  if (startDay > endDay) throw badRequest('开始日期不能晚于结束日期')
  const days = daysBetween(startDay, endDay, MAX_RANGE_DAYS)
  if (days.length > MAX_RANGE_DAYS) throw badRequest(`统计区间不能超过 ${MAX_RANGE_DAYS} 天`)
  return days
}

export interface OrderScopes {
  /** the commodity orders the caller may see */
  commodity: SQL
  /** the canteen orders the caller may see */
  canteen: SQL
}

/**
 * A partner's figures per day of the range (every day, zeros included): orders, amount and refunds
 * over its commodity orders (paid or completed, by order time) and canteen orders (paid when placed,
 * every one counted, by order date; refunds are their own figure).
 */
export async function partnerStatistics(
  db: Db,
  where: OrderScopes,
  partner: Pick<Partner, 'code' | 'name'>,
  days: readonly string[],
): Promise<PartnerStatisticRow[]> {
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return []
  const [from, to] = spanBounds(first, last)
  // a commodity order's day is its order time's day in the server's time zone
  const shop = await db
    .select({
      day: dayIn(commodityOrder.orderTime),
      orders: count(),
      amount: sql<number>`coalesce(sum(${commodityOrder.totalAmount}), 0)`.mapWith(Number),
    })
    .from(commodityOrder)
    .where(
      and(
        where.commodity,
        eq(commodityOrder.channel, partner.code),
        inArray(commodityOrder.status, SOLD),
        gte(commodityOrder.orderTime, from),
        lt(commodityOrder.orderTime, to),
      ),
    )
    .groupBy(sql`1`)
  const meals = await db
    .select({
      day: canteenOrder.orderDate,
      orders: count(),
      amount: sql<number>`coalesce(sum(${canteenOrder.payPrice}), 0)`.mapWith(Number),
      refund: sql<number>`coalesce(sum(${canteenOrder.refundFee}), 0)`.mapWith(Number),
    })
    .from(canteenOrder)
    .where(
      and(
        where.canteen,
        eq(canteenOrder.channel, partner.code),
        gte(canteenOrder.orderDate, first),
        lte(canteenOrder.orderDate, last),
      ),
    )
    .groupBy(canteenOrder.orderDate)
  const byDay = new Map(
    days.map((day) => [
      day,
      {
        day,
        partnerCode: partner.code,
        partnerName: partner.name,
        orderCount: 0,
        amount: 0,
        refundAmount: 0,
      },
    ]),
  )
  for (const r of shop) {
    const row = byDay.get(r.day)
    if (!row) continue
    row.orderCount += Number(r.orders)
    row.amount += r.amount
  }
  for (const r of meals) {
    const row = byDay.get(r.day)
    if (!row) continue
    row.orderCount += Number(r.orders)
    row.amount += r.amount
    row.refundAmount += r.refund
  }
  return [...byDay.values()]
}

/**
 * Meals a day per canteen and meal of a channel's canteen orders (its staff dining: 铁通, 移动), for
 * the days of a range; `where` the canteen orders the caller may see.
 */
export async function diningCounts(
  db: Db,
  auth: Pick<AuthContext, 'tenantId'>,
  where: SQL,
  channel: string,
  days: readonly string[],
): Promise<DiningCountRow[]> {
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return []
  const rows = await db
    .select({
      day: canteenOrder.orderDate,
      canteenId: canteenOrder.canteenId,
      canteenName: sql<string>`coalesce((select ${canteen.name} from ${canteen} where ${scoped(
        canteen,
        auth,
        eq(canteen.id, canteenOrder.canteenId),
      )} limit 1), '')`,
      mealType: canteenOrder.mealType,
      meals: count(),
    })
    .from(canteenOrder)
    .where(
      and(
        where,
        eq(canteenOrder.channel, channel),
        gte(canteenOrder.orderDate, first),
        lte(canteenOrder.orderDate, last),
      ),
    )
    .groupBy(canteenOrder.orderDate, canteenOrder.canteenId, canteenOrder.mealType)
    .orderBy(canteenOrder.orderDate, canteenOrder.canteenId, canteenOrder.mealType)
  return rows.map((r) => ({ ...r, canteenId: String(r.canteenId), meals: Number(r.meals) }))
}

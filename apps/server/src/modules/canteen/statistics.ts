import type { StatisticQuery } from '@xpark/contract/modules/canteen'
import { and, asc, avg, count, desc, eq, gte, lte, type SQL, sql, sum } from 'drizzle-orm'
import type { z } from 'zod'
import type { AuthContext } from '../../core/auth/tokens.js'
import { visibleThrough } from '../../core/crud/index.js'
import { scoped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { foods, orders } from './resources.js'
import { canteen, canteenOrder, canteenOrderFood } from './schema.js'

/** The canteen's figures: orders and revenue per meal, canteen and day, dishes to cook, scores. */

export type StatisticFilters = z.infer<typeof StatisticQuery>

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

/** The orders a statistic covers (default: the last 30 days). */
export function ordersWhere(auth: AuthContext, f: StatisticFilters, scope?: SQL): SQL {
  return scoped(
    canteenOrder,
    auth,
    scope,
    gte(canteenOrder.orderDate, f.startDate ?? daysAgo(29)),
    lte(canteenOrder.orderDate, f.endDate ?? today()),
    f.canteenId ? eq(canteenOrder.canteenId, f.canteenId) : undefined,
    f.mealType ? eq(canteenOrder.mealType, f.mealType) : undefined,
  )
}

const n = (v: unknown) => Number(v ?? 0)

export async function statistic(db: Db, where: SQL) {
  const figures = {
    orders: count(),
    paid: sum(canteenOrder.payPrice),
    refunded: sum(canteenOrder.refundFee),
  }
  const [all] = await db.select(figures).from(canteenOrder).where(where)
  const byMeal = await db
    .select({ mealType: canteenOrder.mealType, ...figures })
    .from(canteenOrder)
    .where(where)
    .groupBy(canteenOrder.mealType)
    .orderBy(asc(canteenOrder.mealType))
  const byCanteen = await db
    .select({
      canteenId: canteenOrder.canteenId,
      canteenName: sql<string>`(select name from ${canteen} where ${canteen.id} = ${canteenOrder.canteenId})`,
      ...figures,
    })
    .from(canteenOrder)
    .where(where)
    .groupBy(canteenOrder.canteenId)
  const shape = (r: { orders: unknown; paid: unknown; refunded: unknown }) => ({
    orders: n(r.orders),
    paid: n(r.paid),
    refunded: n(r.refunded),
    revenue: n(r.paid) - n(r.refunded),
  })
  return {
    ...shape(all ?? { orders: 0, paid: 0, refunded: 0 }),
    byMeal: byMeal.map((r) => ({ mealType: r.mealType, ...shape(r) })),
    byCanteen: byCanteen.map((r) => ({
      canteenId: r.canteenId,
      canteenName: r.canteenName ?? '',
      ...shape(r),
    })),
  }
}

export async function periodAnalysis(db: Db, where: SQL) {
  const rows = await db
    .select({
      date: canteenOrder.orderDate,
      orders: count(),
      paid: sum(canteenOrder.payPrice),
      refunded: sum(canteenOrder.refundFee),
    })
    .from(canteenOrder)
    .where(where)
    .groupBy(canteenOrder.orderDate)
    .orderBy(asc(canteenOrder.orderDate))
  return rows.map((r) => ({ date: r.date, orders: n(r.orders), revenue: n(r.paid) - n(r.refunded) }))
}

/** genesticFoodByDate: what the kitchen cooks on a date — dishes and quantities per canteen and meal. */
export async function foodsByDate(db: Db, auth: AuthContext, date: string, canteenId?: string) {
  const where = scoped(
    canteenOrder,
    auth,
    eq(canteenOrder.orderDate, date),
    sql`${canteenOrder.status} <> 4`,
    canteenId ? eq(canteenOrder.canteenId, canteenId) : undefined,
  )
  const rows = await db
    .select({
      canteenId: canteenOrder.canteenId,
      mealType: canteenOrder.mealType,
      foodId: canteenOrderFood.foodId,
      foodName: canteenOrderFood.foodName,
      quantity: sum(canteenOrderFood.quantity),
      amount: sum(canteenOrderFood.amount),
    })
    .from(canteenOrderFood)
    .innerJoin(
      canteenOrder,
      and(eq(canteenOrder.id, canteenOrderFood.orderId), eq(canteenOrderFood.isDeleted, 0)),
    )
    .where(where)
    .groupBy(
      canteenOrder.canteenId,
      canteenOrder.mealType,
      canteenOrderFood.foodId,
      canteenOrderFood.foodName,
    )
    .orderBy(asc(canteenOrder.mealType), desc(sum(canteenOrderFood.quantity)))
  return rows.map((r) => ({ ...r, date, quantity: n(r.quantity), amount: n(r.amount) }))
}

/** scoreList: each dish's average score and how many scored it (best first). */
export async function scoreList(db: Db, auth: AuthContext) {
  const rows = await db
    .select({
      foodId: canteenOrderFood.foodId,
      foodName: canteenOrderFood.foodName,
      scores: count(),
      average: avg(canteenOrderFood.score),
    })
    .from(canteenOrderFood)
    .where(await scoresWhere(auth))
    .groupBy(canteenOrderFood.foodId, canteenOrderFood.foodName)
    .orderBy(desc(avg(canteenOrderFood.score)))
    .limit(200)
  return rows.map((r) => ({ ...r, scores: n(r.scores), average: Math.round(n(r.average) * 100) / 100 }))
}

/** The scores the caller may read: of the orders and the dishes its data scope shows it. */
async function scoresWhere(auth: AuthContext): Promise<SQL> {
  return scoped(
    canteenOrderFood,
    auth,
    gte(canteenOrderFood.score, 1),
    await visibleThrough(orders, auth, canteenOrderFood.orderId),
    await visibleThrough(foods, auth, canteenOrderFood.foodId),
  )
}

/** scoreStatistics: how many scores of 1 to 5, and the average. */
export async function scoreStatistics(db: Db, auth: AuthContext) {
  const rows = await db
    .select({ score: canteenOrderFood.score, count: count() })
    .from(canteenOrderFood)
    .where(await scoresWhere(auth))
    .groupBy(canteenOrderFood.score)
  const distribution = [1, 2, 3, 4, 5].map((s) => ({
    score: s,
    count: n(rows.find((r) => r.score === s)?.count),
  }))
  const total = distribution.reduce((a, d) => a + d.count, 0)
  const average = total ? distribution.reduce((a, d) => a + d.score * d.count, 0) / total : 0
  return { total, average: Math.round(average * 100) / 100, distribution }
}

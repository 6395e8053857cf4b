import {
  alarmCountCall,
  BILL_STATUS,
  billStatisticsCall,
  parkGoodsCall,
  stockAlertsCall,
  warehouseAlertsCall,
} from '@xpark/contract/modules/storage'
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { listRows, visibleThrough, whereOf } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { parseDateTime } from '../../core/query/index.js'
import type { Db } from '../../db/client.js'
import { lowStock, stockVisible } from './queries.js'
import { bills, goods, warehouses } from './resources.js'
import { storageBill, storageStock, storageWarehouse } from './schema.js'

/**
 * Park statistics (spec 02 §7): stock alerts over a date range, bill figures, alert counts, the
 * warehouse alert statistics. The storage dashboard reads the module's statistics (figures.ts).
 */

const DAY = 24 * 3600 * 1000

/** `yyyy-MM-dd[ HH:mm:ss]` path or query dates; an end given as a day means the whole day. */
export function rangeOf(startText?: string, endText?: string) {
  const end = endText ? parseDateTime(endText) : new Date()
  const start = startText ? parseDateTime(startText) : new Date(Date.now() - 30 * DAY)
  if (!start || !end) throw badRequest('参数校验失败: startTime/endTime: yyyy-MM-dd HH:mm:ss')
  const until = endText && endText.length === 10 ? new Date(end.getTime() + DAY - 1000) : end
  if (start > until) throw badRequest('开始时间不能晚于结束时间')
  if (until.getTime() - start.getTime() > 366 * DAY) throw badRequest('统计区间不能超过一年')
  return { start, end: until }
}

/** Alerts: goods below their minimum now, and batches whose expiry falls in the range. */
async function alerts(db: Db, auth: AuthContext, start: Date, end: Date) {
  const low = (await lowStock(db, auth)).map((g) => ({ type: 'lowStock', ...g }))
  const expired = await db
    .select({
      goodsId: storageStock.goodsId,
      warehouseId: storageStock.warehouseId,
      warehouseName: storageWarehouse.name,
      batchCode: storageStock.batchCode,
      quantity: sql<string>`${storageStock.quantity}::text`,
      expiryDate: storageStock.expiryDate,
    })
    .from(storageStock)
    .innerJoin(storageWarehouse, eq(storageWarehouse.id, storageStock.warehouseId))
    .where(
      and(
        eq(storageStock.tenantId, auth.tenantId),
        sql`${storageStock.quantity} > 0`,
        gte(storageStock.expiryDate, start),
        lte(storageStock.expiryDate, end),
        await stockVisible(auth, storageStock.warehouseId, storageStock.goodsId),
      ),
    )
    .orderBy(asc(storageStock.expiryDate))
    .limit(1000)
  return [...low, ...expired.map((e) => ({ type: 'overdue', ...e }))]
}

async function billFigures(db: Db, auth: AuthContext, start: Date, end: Date) {
  const where = await whereOf(
    bills,
    auth,
    gte(storageBill.checkTime, start),
    lte(storageBill.checkTime, end),
    sql`${storageBill.status} in (${BILL_STATUS.checked}, ${BILL_STATUS.returned})`,
  )
  const byType = await db
    .select({
      billType: storageBill.billType,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${storageBill.totalAmount}), 0)`.mapWith(Number),
    })
    .from(storageBill)
    .where(where)
    .groupBy(storageBill.billType)
  const [open] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(storageBill)
    .where(
      await whereOf(
        bills,
        auth,
        sql`${storageBill.status} in (${BILL_STATUS.draft}, ${BILL_STATUS.submitted})`,
      ),
    )
  return { byType, openBills: open?.n ?? 0 }
}

async function alarmCount(db: Db, auth: AuthContext) {
  const now = new Date()
  const [counts] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${storageStock.expiryDate} < ${now})`.mapWith(Number),
      expiring:
        sql<number>`count(*) filter (where ${storageStock.expiryDate} >= ${now} and ${storageStock.expiryDate} < ${new Date(Date.now() + 30 * DAY)})`.mapWith(
          Number,
        ),
    })
    .from(storageStock)
    .where(
      and(
        eq(storageStock.tenantId, auth.tenantId),
        sql`${storageStock.quantity} > 0`,
        await stockVisible(auth, storageStock.warehouseId, storageStock.goodsId),
      ),
    )
  const low = await lowStock(db, auth)
  return { lowStock: low.length, overdue: counts?.overdue ?? 0, expiring: counts?.expiring ?? 0 }
}

export async function registerStatistics(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  handle(
    api,
    stockAlertsCall,
    async ({ startTime, endTime }, q) => {
      const { start, end } = rangeOf(startTime, endTime)
      return alerts(db, authOf(q), start, end)
    },
    guard,
  )
  handle(
    api,
    billStatisticsCall,
    async ({ startTime, endTime }, q) => {
      const { start, end } = rangeOf(startTime, endTime)
      return billFigures(db, authOf(q), start, end)
    },
    guard,
  )
  handle(api, alarmCountCall, (_, q) => alarmCount(db, authOf(q)), guard)
  handle(api, parkGoodsCall, (query, q) => listRows(db, goods, authOf(q), query), guard)
  handle(
    api,
    warehouseAlertsCall,
    async (_, q) => {
      const auth = authOf(q)
      const now = new Date()
      return db
        .select({
          warehouseId: storageWarehouse.id,
          warehouseName: storageWarehouse.name,
          overdue:
            sql<number>`count(${storageStock.id}) filter (where ${storageStock.expiryDate} < ${now} and ${storageStock.quantity} > 0)`.mapWith(
              Number,
            ),
          expiring:
            sql<number>`count(${storageStock.id}) filter (where ${storageStock.expiryDate} >= ${now} and ${storageStock.expiryDate} < ${new Date(Date.now() + 30 * DAY)} and ${storageStock.quantity} > 0)`.mapWith(
              Number,
            ),
        })
        .from(storageWarehouse)
        .leftJoin(
          storageStock,
          and(
            eq(storageStock.warehouseId, storageWarehouse.id),
            await visibleThrough(goods, auth, storageStock.goodsId),
          ),
        )
        .where(await whereOf(warehouses, auth))
        .groupBy(storageWarehouse.id, storageWarehouse.name)
        .orderBy(asc(storageWarehouse.name))
    },
    guard,
  )
}

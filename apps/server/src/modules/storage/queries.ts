import { and, asc, count, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { AuthContext } from '../../core/auth/tokens.js'
import { visibleThrough, whereOf } from '../../core/crud/index.js'
import { page } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import { escapeLike, parseDateTime, readPaging } from '../../core/query/index.js'
import type { Db } from '../../db/client.js'
import { goods, warehouses } from './resources.js'
import {
  storageClassification,
  storageGoods,
  storageLedger,
  storageStock,
  storageWarehouse,
} from './schema.js'

/**
 * What managers read: stock by batch (`queryStorage`), the goods summary over a period
 * (`summaryGoods`), overdue stock, ledger records, stock per warehouse. Every figure is read from the
 * stock table or the ledger, in the caller's tenant. Each query takes paging so its export can walk
 * it in batches.
 */

export type Query = Readonly<Record<string, unknown>>
const DAY = 24 * 3600 * 1000

export const text = (q: Query, key: string) => {
  const v = q[key]
  return typeof v === 'string' && v.trim() ? v.trim() : undefined
}
export const idParam = (q: Query, key: string) => {
  const v = text(q, key)
  if (v && !/^[1-9]\d{0,18}$/.test(v)) throw badRequest(`参数校验失败: ${key}: must be a 64-bit id`)
  return v
}
export const dateParam = (q: Query, key: string) => {
  const v = text(q, key)
  if (!v) return undefined
  const d = parseDateTime(v)
  if (!d) throw badRequest(`参数校验失败: ${key}: yyyy-MM-dd HH:mm:ss`)
  return d
}

export interface Paged<T> {
  records: T[]
  total: number
}
export type PageSpec = { size: number; offset: number }

/**
 * What the caller may see of stock and ledger rows: those of the warehouses and the goods its data
 * scope shows it (stock follows the rules of both resources it is about).
 */
export async function stockVisible(
  auth: AuthContext,
  warehouseColumn: PgColumn,
  goodsColumn: PgColumn,
): Promise<SQL | undefined> {
  return and(
    await visibleThrough(warehouses, auth, warehouseColumn),
    await visibleThrough(goods, auth, goodsColumn),
  )
}

/** Goods conditions shared by the summaries: the caller's goods (data scope), name/code contains, classification. */
export function goodsWhere(auth: AuthContext, q: Query): Promise<SQL> {
  const name = text(q, 'goodsName') ?? text(q, 'name')
  const classificationId = idParam(q, 'classificationId')
  const goodsId = idParam(q, 'goodsId')
  return whereOf(
    goods,
    auth,
    name
      ? sql`(${storageGoods.name} ilike ${`%${escapeLike(name)}%`} or ${storageGoods.code} ilike ${`%${escapeLike(name)}%`})`
      : undefined,
    classificationId ? eq(storageGoods.classificationId, classificationId) : undefined,
    goodsId ? eq(storageGoods.id, goodsId) : undefined,
  )
}

const stockColumns = {
  id: storageStock.id,
  warehouseId: storageStock.warehouseId,
  warehouseName: storageWarehouse.name,
  goodsId: storageStock.goodsId,
  goodsCode: storageGoods.code,
  goodsName: storageGoods.name,
  specification: storageGoods.specification,
  unit: storageGoods.unit,
  batchCode: storageStock.batchCode,
  quantity: sql<string>`${storageStock.quantity}::text`,
  price: storageStock.price,
  amount: sql<number>`round(${storageStock.quantity} * ${storageStock.price})::bigint`.mapWith(Number),
  productionDate: storageStock.productionDate,
  expiryDate: storageStock.expiryDate,
}

async function stockPage(db: Db, auth: AuthContext, q: Query, extra: SQL | undefined, p: PageSpec) {
  const warehouseId = idParam(q, 'warehouseId')
  const where = and(
    eq(storageStock.tenantId, auth.tenantId),
    sql`${storageStock.quantity} > 0`,
    warehouseId ? eq(storageStock.warehouseId, warehouseId) : undefined,
    await goodsWhere(auth, q),
    await visibleThrough(warehouses, auth, storageStock.warehouseId),
    extra,
  )
  const base = () =>
    db
      .select(stockColumns)
      .from(storageStock)
      .innerJoin(storageGoods, eq(storageGoods.id, storageStock.goodsId))
      .innerJoin(storageWarehouse, eq(storageWarehouse.id, storageStock.warehouseId))
  const records = await base()
    .where(where)
    .orderBy(asc(storageGoods.code), asc(storageStock.batchCode), asc(storageStock.id))
    .limit(p.size)
    .offset(p.offset)
  const [n] = await db
    .select({ n: count() })
    .from(storageStock)
    .innerJoin(storageGoods, eq(storageGoods.id, storageStock.goodsId))
    .where(where)
  return { records, total: n?.n ?? 0 }
}

/** `queryStorage`: stock by warehouse, goods and batch (only what is there). */
export const queryStorage = (db: Db, auth: AuthContext, q: Query, p: PageSpec) =>
  stockPage(db, auth, q, undefined, p)

/** `stockOverdue`: batches past their expiry (or within `days` of it) still in stock. */
export function queryOverdue(db: Db, auth: AuthContext, q: Query, p: PageSpec) {
  const days = Number(text(q, 'days') ?? 0)
  if (!Number.isInteger(days) || days < 0 || days > 3650) throw badRequest('参数校验失败: days: 0 to 3650')
  return stockPage(db, auth, q, lt(storageStock.expiryDate, new Date(Date.now() + days * DAY)), p)
}

/** `stockOverdueNum`: per warehouse, batches overdue and batches expiring within 30 days. */
export async function overdueCounts(db: Db, auth: AuthContext, _q: Query, p: PageSpec) {
  const now = new Date()
  const soon = new Date(Date.now() + 30 * DAY)
  const where = and(
    eq(storageStock.tenantId, auth.tenantId),
    sql`${storageStock.quantity} > 0`,
    lt(storageStock.expiryDate, soon),
    await stockVisible(auth, storageStock.warehouseId, storageStock.goodsId),
  )
  const rows = await db
    .select({
      warehouseId: storageStock.warehouseId,
      warehouseName: storageWarehouse.name,
      overdue: sql<number>`count(*) filter (where ${storageStock.expiryDate} < ${now})`.mapWith(Number),
      expiring: sql<number>`count(*) filter (where ${storageStock.expiryDate} >= ${now})`.mapWith(Number),
      overdueQuantity: sql<string>`coalesce(sum(${storageStock.quantity}) filter (where ${storageStock.expiryDate} < ${now}), 0)::numeric(18, 4)::text`,
    })
    .from(storageStock)
    .innerJoin(storageWarehouse, eq(storageWarehouse.id, storageStock.warehouseId))
    .where(where)
    .groupBy(storageStock.warehouseId, storageWarehouse.name)
    .orderBy(asc(storageWarehouse.name))
  return { records: rows.slice(p.offset, p.offset + p.size), total: rows.length }
}

/**
 * The quantity after the last ledger entry of the outer stock row's key that meets `bound` (null when
 * there is none): the ledger keeps each entry's balance, so a balance at a time is one probe of
 * `xpark_storage_ledger_key_idx`, not a sum over the key's history.
 */
const afterLast = (bound: SQL) =>
  sql`(select ${storageLedger.after} from ${storageLedger} where ${storageLedger.tenantId} = ${storageStock.tenantId}
    and ${storageLedger.goodsId} = ${storageStock.goodsId} and ${storageLedger.warehouseId} = ${storageStock.warehouseId}
    and ${storageLedger.batchCode} = ${storageStock.batchCode} and ${bound}
    order by ${storageLedger.createTime} desc, ${storageLedger.id} desc limit 1)`

/**
 * `summaryGoods`: per goods, for a period (default this month): opening, in, out and closing
 * quantities from the ledger, and the closing value at the goods' price. A page of goods first, then
 * one aggregate of the ledger for those goods only (index on goods and time).
 */
export async function summaryGoods(db: Db, auth: AuthContext, q: Query, p: PageSpec) {
  const now = new Date()
  const start = dateParam(q, 'startTime') ?? new Date(now.getFullYear(), now.getMonth(), 1)
  const end = dateParam(q, 'endTime') ?? now
  if (start > end) throw badRequest('开始时间不能晚于结束时间')
  const warehouseId = idParam(q, 'warehouseId')
  const where = await goodsWhere(auth, q)
  const goodsRows = await db
    .select({
      goodsId: storageGoods.id,
      goodsCode: storageGoods.code,
      goodsName: storageGoods.name,
      specification: storageGoods.specification,
      unit: storageGoods.unit,
      price: storageGoods.price,
      classificationName: storageClassification.name,
    })
    .from(storageGoods)
    .leftJoin(storageClassification, eq(storageClassification.id, storageGoods.classificationId))
    .where(where)
    .orderBy(asc(storageGoods.code), asc(storageGoods.id))
    .limit(p.size)
    .offset(p.offset)
  const [n] = await db.select({ n: count() }).from(storageGoods).where(where)
  const ids = goodsRows.map((g) => g.goodsId)
  const [balances, moves] = ids.length
    ? await Promise.all([
        // opening and closing: per stock key (warehouse, goods, batch), the quantity after its last
        // entry before the bound (one index probe a key), so a page costs the same after years of entries
        db
          .select({
            goodsId: storageStock.goodsId,
            opening: sql<string>`coalesce(sum(${afterLast(sql`${storageLedger.createTime} < ${start}`)}), 0)::numeric(18, 4)::text`,
            closing: sql<string>`coalesce(sum(${afterLast(sql`${storageLedger.createTime} <= ${end}`)}), 0)::numeric(18, 4)::text`,
          })
          .from(storageStock)
          .where(
            and(
              eq(storageStock.tenantId, auth.tenantId),
              inArray(storageStock.goodsId, ids),
              warehouseId ? eq(storageStock.warehouseId, warehouseId) : undefined,
              await visibleThrough(warehouses, auth, storageStock.warehouseId),
            ),
          )
          .groupBy(storageStock.goodsId),
        // in and out: the period's entries only
        db
          .select({
            goodsId: storageLedger.goodsId,
            inQuantity: sql<string>`coalesce(sum(${storageLedger.quantity}) filter (where ${storageLedger.quantity} > 0), 0)::numeric(18, 4)::text`,
            outQuantity: sql<string>`coalesce(-sum(${storageLedger.quantity}) filter (where ${storageLedger.quantity} < 0), 0)::numeric(18, 4)::text`,
          })
          .from(storageLedger)
          .where(
            and(
              eq(storageLedger.tenantId, auth.tenantId),
              inArray(storageLedger.goodsId, ids),
              gte(storageLedger.createTime, start),
              lte(storageLedger.createTime, end),
              warehouseId ? eq(storageLedger.warehouseId, warehouseId) : undefined,
              await visibleThrough(warehouses, auth, storageLedger.warehouseId),
            ),
          )
          .groupBy(storageLedger.goodsId),
      ])
    : [[], []]
  const balanceOf = new Map(balances.map((b) => [b.goodsId, b]))
  const movesOf = new Map(moves.map((m) => [m.goodsId, m]))
  const zero = '0.0000'
  const records = goodsRows.map((g) => {
    const closing = balanceOf.get(g.goodsId)?.closing ?? zero
    return {
      ...g,
      opening: balanceOf.get(g.goodsId)?.opening ?? zero,
      inQuantity: movesOf.get(g.goodsId)?.inQuantity ?? zero,
      outQuantity: movesOf.get(g.goodsId)?.outQuantity ?? zero,
      closing,
      amount: Math.round(Number(closing) * g.price),
    }
  })
  return { records, total: n?.n ?? 0 }
}

/** `queryByStorageData`: per warehouse, goods kinds, quantity and value in stock. */
export async function stockByWarehouse(db: Db, auth: AuthContext, _q: Query, p: PageSpec) {
  const goodsVisible = await visibleThrough(goods, auth, storageStock.goodsId)
  const rows = await db
    .select({
      warehouseId: storageWarehouse.id,
      warehouseCode: storageWarehouse.code,
      warehouseName: storageWarehouse.name,
      goodsKinds:
        sql<number>`count(distinct ${storageStock.goodsId}) filter (where ${storageStock.quantity} > 0)`.mapWith(
          Number,
        ),
      quantity: sql<string>`coalesce(sum(${storageStock.quantity}), 0)::numeric(18, 4)::text`,
      amount:
        sql<number>`coalesce(round(sum(${storageStock.quantity} * ${storageStock.price})), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(storageWarehouse)
    .leftJoin(
      storageStock,
      and(
        eq(storageStock.warehouseId, storageWarehouse.id),
        eq(storageStock.tenantId, storageWarehouse.tenantId),
        goodsVisible,
      ),
    )
    .where(await whereOf(warehouses, auth))
    .groupBy(storageWarehouse.id, storageWarehouse.code, storageWarehouse.name)
    .orderBy(asc(storageWarehouse.sort), asc(storageWarehouse.code))
  return { records: rows.slice(p.offset, p.offset + p.size), total: rows.length }
}

/** `storage/queryGoods`: goods with their stock in a warehouse (the out bill's picker). */
export async function goodsInStock(db: Db, auth: AuthContext, q: Query, p: PageSpec) {
  const warehouseId = idParam(q, 'warehouseId')
  const where = and(
    eq(storageStock.tenantId, auth.tenantId),
    warehouseId ? eq(storageStock.warehouseId, warehouseId) : undefined,
    await goodsWhere(auth, q),
    await visibleThrough(warehouses, auth, storageStock.warehouseId),
  )
  const rows = await db
    .select({
      goodsId: storageGoods.id,
      goodsCode: storageGoods.code,
      goodsName: storageGoods.name,
      specification: storageGoods.specification,
      unit: storageGoods.unit,
      price: storageGoods.price,
      quantity: sql<string>`sum(${storageStock.quantity})::text`,
    })
    .from(storageStock)
    .innerJoin(storageGoods, eq(storageGoods.id, storageStock.goodsId))
    .where(where)
    .groupBy(storageGoods.id)
    .having(sql`sum(${storageStock.quantity}) > 0`)
    .orderBy(asc(storageGoods.code))
  return { records: rows.slice(p.offset, p.offset + p.size), total: rows.length }
}

/** Goods whose stock (all warehouses) is below their minimum. */
export async function lowStock(db: Db, auth: AuthContext) {
  return db
    .select({
      goodsId: storageGoods.id,
      goodsCode: storageGoods.code,
      goodsName: storageGoods.name,
      minStock: sql<string>`${storageGoods.minStock}::text`,
      quantity: sql<string>`coalesce((select sum(s.quantity) from xpark_storage_stock s where s.tenant_id = ${storageGoods.tenantId} and s.goods_id = ${storageGoods.id}), 0)::numeric(18, 4)::text`,
    })
    .from(storageGoods)
    .where(
      await whereOf(
        goods,
        auth,
        sql`${storageGoods.minStock} > 0`,
        sql`coalesce((select sum(s.quantity) from xpark_storage_stock s where s.tenant_id = ${storageGoods.tenantId} and s.goods_id = ${storageGoods.id}), 0) < ${storageGoods.minStock}`,
      ),
    )
    .orderBy(asc(storageGoods.code))
    .limit(1000)
}

/** A page as the wire answers it. */
export async function paged<T>(
  q: Query,
  read: (p: PageSpec) => Promise<Paged<T>>,
): Promise<ReturnType<typeof page<T>>> {
  const { current, size, offset } = readPaging(q)
  const { records, total } = await read({ size, offset })
  return page(records, total, current, size)
}

/** Every row of a query, in batches (exports), at most 100,000. */
export async function* batchesOf<T>(read: (p: PageSpec) => Promise<Paged<T>>, size = 1000) {
  for (let offset = 0; offset < 100_000; offset += size) {
    const { records } = await read({ size, offset })
    if (records.length) yield records
    if (records.length < size) return
  }
}

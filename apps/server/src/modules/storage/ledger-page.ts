import { and, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { visibleThrough } from '../../core/crud/index.js'
import { escapeLike, estimateQueryRows, pageTotal } from '../../core/query/index.js'
import type { Db } from '../../db/client.js'
import { dateParam, goodsWhere, idParam, type PageSpec, type Query, text } from './queries.js'
import { warehouses } from './resources.js'
import { storageGoods, storageLedger, storageWarehouse } from './schema.js'

/** The ledger's entries as managers read them (`queryStorageRecord`, `queryStorageGoods`). */

const KIND_NAMES: Record<number, string> = {
  1: '入库',
  2: '出库',
  3: '移出',
  4: '移入',
  5: '退回',
  6: '盘盈',
  7: '盘亏',
  8: '期初',
}

/** `queryStorageRecord` / `queryStorageGoods`: ledger entries, newest first. */
export async function ledgerPage(db: Db, auth: AuthContext, q: Query, p: PageSpec) {
  const warehouseId = idParam(q, 'warehouseId')
  const billId = idParam(q, 'billId')
  const billNo = text(q, 'billNo')
  const kind = text(q, 'kind')
  const start = dateParam(q, 'startTime')
  const end = dateParam(q, 'endTime')
  const where = and(
    eq(storageLedger.tenantId, auth.tenantId),
    warehouseId ? eq(storageLedger.warehouseId, warehouseId) : undefined,
    billId ? eq(storageLedger.billId, billId) : undefined,
    billNo ? ilike(storageLedger.billNo, `%${escapeLike(billNo)}%`) : undefined,
    kind && /^\d$/.test(kind) ? eq(storageLedger.kind, Number(kind)) : undefined,
    start ? gte(storageLedger.createTime, start) : undefined,
    end ? lte(storageLedger.createTime, end) : undefined,
    await goodsWhere(auth, q),
    await visibleThrough(warehouses, auth, storageLedger.warehouseId),
  )
  const rows = await db
    .select({
      id: storageLedger.id,
      kind: storageLedger.kind,
      warehouseId: storageLedger.warehouseId,
      warehouseName: storageWarehouse.name,
      goodsId: storageLedger.goodsId,
      goodsCode: storageGoods.code,
      goodsName: storageGoods.name,
      unit: storageGoods.unit,
      batchCode: storageLedger.batchCode,
      billId: storageLedger.billId,
      billNo: storageLedger.billNo,
      quantity: sql<string>`${storageLedger.quantity}::text`,
      before: sql<string>`${storageLedger.before}::text`,
      after: sql<string>`${storageLedger.after}::text`,
      price: storageLedger.price,
      createUser: storageLedger.createUser,
      createTime: storageLedger.createTime,
    })
    .from(storageLedger)
    .innerJoin(storageGoods, eq(storageGoods.id, storageLedger.goodsId))
    .innerJoin(storageWarehouse, eq(storageWarehouse.id, storageLedger.warehouseId))
    .where(where)
    .orderBy(desc(storageLedger.createTime), desc(storageLedger.id))
    .limit(p.size + 1)
    .offset(p.offset)
  // the ledger only grows: above EXACT_TOTAL_MAX entries its total is the planner's estimate
  const joined = sql`${storageLedger} inner join ${storageGoods} on ${storageGoods.id} = ${storageLedger.goodsId} where ${where}`
  const total = await pageTotal(rows.length, p, {
    estimate: () => estimateQueryRows(db, sql`select 1 from ${joined}`),
    count: async () => {
      const counted = (await db.execute(sql`select count(*)::int as n from ${joined}`)) as unknown as {
        rows: { n: number }[]
      }
      return counted.rows[0]?.n ?? 0
    },
  })
  return {
    records: rows.slice(0, p.size).map((r) => ({ ...r, kindName: KIND_NAMES[r.kind] ?? '' })),
    total,
  }
}

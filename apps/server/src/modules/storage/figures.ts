import { BILL_STATUS, goodsView } from '@xpark/contract/modules/storage'
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { dayIn } from '../../core/days.js'
import { defineStatistic, figure, type Statistic, type StatisticReader } from '../../core/statistics/index.js'
import {
  RANGE_INFO,
  rangeOf,
  rangeParams,
  readerThrough,
  readerWhere,
  seriesByDay,
  viewCode,
} from '../../core/statistics/parts.js'
import { scoped } from '../../core/tenancy.js'
import { bills, goods, warehouses } from './resources.js'
import { storageBill, storageGoods, storageLedger, storageStock, storageWarehouse } from './schema.js'

/**
 * Storage's statistics (docs/modules.md "Statistics"), the storage dashboard's cards and charts: the
 * stock's value by warehouse (quantity × the batch's last in price, cents), batches, alerts, open
 * bills, and the movements a day over a range; of the warehouses and goods the signed-in reader's data
 * scope shows (as `stockVisible` narrows the lists), the tenant's for a public link.
 */

const DAY = 24 * 3600 * 1000
// the storage dashboard's code (its figures are these)
const permission = viewCode(goodsView)

/** Stock or ledger rows the reader may count: of its warehouses and its goods (`stockVisible`). */
async function stockOf(reader: StatisticReader, warehouse: PgColumn, goodsColumn: PgColumn) {
  return and(
    await readerThrough(warehouses, reader, warehouse),
    await readerThrough(goods, reader, goodsColumn),
  )
}

/** A number card over the reader's stock batches (`condition` picks them). */
function batchCount(name: string, title: string, en: string, condition: (now: Date) => SQL): Statistic {
  return defineStatistic({
    name,
    title,
    en,
    kinds: ['number'],
    permission,
    params: z.object({}),
    run: async (_, reader) => {
      const [row] = await reader.db
        .select({ n: count() })
        .from(storageStock)
        .where(
          scoped(
            storageStock,
            reader,
            sql`${storageStock.quantity} > 0`,
            condition(reader.now),
            await stockOf(reader, storageStock.warehouseId, storageStock.goodsId),
          ),
        )
      return figure({ value: row?.n ?? 0, unit: '批' })
    },
  })
}

export const stockValue = defineStatistic({
  name: 'storage.stockValue',
  title: '库存金额',
  en: 'Stock value',
  kinds: ['bar', 'number'],
  permission,
  params: z.object({}),
  run: async (_, reader) => {
    const rows = await reader.db
      .select({
        warehouse: storageWarehouse.name,
        value:
          sql<number>`coalesce(round(sum(${storageStock.quantity} * ${storageStock.price})), 0)::float8`.mapWith(
            Number,
          ),
      })
      .from(storageWarehouse)
      .leftJoin(
        storageStock,
        and(
          eq(storageStock.warehouseId, storageWarehouse.id),
          eq(storageStock.tenantId, storageWarehouse.tenantId),
          await readerThrough(goods, reader, storageStock.goodsId),
        ),
      )
      .where(await readerWhere(warehouses, reader))
      .groupBy(storageWarehouse.id, storageWarehouse.name)
    rows.sort((a, b) => b.value - a.value || a.warehouse.localeCompare(b.warehouse))
    return figure({
      value: rows.reduce((n, r) => n + r.value, 0),
      unit: '元',
      money: true,
      labels: rows.map((r) => r.warehouse),
      series: [{ name: '库存金额', data: rows.map((r) => r.value) }],
    })
  },
})

/** Batches in stock; past their expiry; expiring within 30 days (the alert cards). */
export const batches = batchCount('storage.batches', '库存批次', 'Batches in stock', () => sql`true`)
export const overdue = batchCount(
  'storage.overdue',
  '过期批次',
  'Overdue batches',
  (now) => sql`${storageStock.expiryDate} < ${now}`,
)
export const expiring = batchCount(
  'storage.expiring',
  '30天内到期',
  'Expiring within 30 days',
  (now) =>
    sql`${storageStock.expiryDate} >= ${now} and ${storageStock.expiryDate} < ${new Date(now.getTime() + 30 * DAY)}`,
)

/** Goods with a minimum whose stock (all warehouses') is below it, of the goods the reader may see. */
export const lowStock = defineStatistic({
  name: 'storage.lowStock',
  title: '低库存物品',
  en: 'Goods below minimum',
  kinds: ['number'],
  permission,
  params: z.object({}),
  run: async (_, reader) => {
    const held = sql`coalesce((select sum(s.quantity) from xpark_storage_stock s where s.tenant_id = ${storageGoods.tenantId} and s.goods_id = ${storageGoods.id}), 0)`
    const [row] = await reader.db
      .select({ n: count() })
      .from(storageGoods)
      .where(
        await readerWhere(
          goods,
          reader,
          sql`${storageGoods.minStock} > 0`,
          sql`${held} < ${storageGoods.minStock}`,
        ),
      )
    return figure({ value: row?.n ?? 0, unit: '种' })
  },
})

/** Bills not yet checked (draft or submitted), of the bills the reader may see. */
export const openBills = defineStatistic({
  name: 'storage.openBills',
  title: '待审核单据',
  en: 'Open bills',
  kinds: ['number'],
  permission,
  params: z.object({}),
  run: async (_, reader) => {
    const [row] = await reader.db
      .select({ n: count() })
      .from(storageBill)
      .where(
        await readerWhere(
          bills,
          reader,
          sql`${storageBill.status} in (${BILL_STATUS.draft}, ${BILL_STATUS.submitted})`,
        ),
      )
    return figure({ value: row?.n ?? 0, unit: '张' })
  },
})

/** Quantities in and out a day over a range (the ledger: in positive, out negative). */
export const movementsByDay = defineStatistic({
  name: 'storage.movementsByDay',
  title: '每日出入库',
  en: 'Stock movements by day',
  kinds: ['bar', 'line'],
  permission,
  params: rangeParams,
  paramInfo: RANGE_INFO,
  run: async (params, reader) => {
    const { from, to, days } = rangeOf(params, reader.now)
    const q = storageLedger.quantity
    const rows = await reader.db
      .select({
        day: dayIn(storageLedger.createTime),
        in: sql<number>`coalesce(sum(${q}) filter (where ${q} > 0), 0)::float8`.mapWith(Number),
        out: sql<number>`coalesce(-sum(${q}) filter (where ${q} < 0), 0)::float8`.mapWith(Number),
      })
      .from(storageLedger)
      .where(
        scoped(
          storageLedger,
          reader,
          gte(storageLedger.createTime, from),
          lt(storageLedger.createTime, to),
          await stockOf(reader, storageLedger.warehouseId, storageLedger.goodsId),
        ),
      )
      .groupBy(sql`1`)
    return figure({
      labels: days,
      series: seriesByDay(days, rows, [
        ['in', '入库'],
        ['out', '出库'],
      ]),
    })
  },
})

export const STORAGE_STATISTICS = [
  stockValue,
  batches,
  lowStock,
  overdue,
  expiring,
  openBills,
  movementsByDay,
]

import { goodsView } from '@xpark/contract/modules/storage'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import { readerThrough, readerWhere, viewCode } from '../../core/statistics/parts.js'
import { goods, warehouses } from './resources.js'
import { storageStock, storageWarehouse } from './schema.js'

/**
 * Storage's statistics (docs/modules.md "Statistics"): the stock's value by warehouse, as the storage
 * dashboard counts it (quantity × the batch's last in price, cents), of the warehouses and goods the
 * signed-in reader's data scope shows (`stockVisible`), the tenant's for a public link.
 */

export const stockValue = defineStatistic({
  name: 'storage.stockValue',
  title: '库存金额',
  en: 'Stock value',
  kinds: ['bar', 'number'],
  // the storage dashboard's code (its stock value is this figure)
  permission: viewCode(goodsView),
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

export const STORAGE_STATISTICS = [stockValue]

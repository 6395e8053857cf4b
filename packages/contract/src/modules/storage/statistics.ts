import { z } from 'zod'
import { wire } from '../../fields.js'
import { pageOf, treeNodeReply } from '../../replies.js'
import { goodsContract, supplierContract, warehouseContract } from './basics.js'
import { billView, goodsView, storageCall, storageQuery } from './calls.js'

/** Storage's figures: alerts, bill statistics, the pickers' trees (the dashboard: statistics). */
const LowStockRow = z.object({
  goodsId: wire.id,
  goodsCode: wire.text,
  goodsName: wire.text,
  minStock: wire.decimal,
  quantity: wire.decimal,
})
const BillFigures = z.object({
  byType: z.array(z.object({ billType: wire.number, count: wire.number, amount: wire.number })),
  openBills: wire.number,
})
const AlarmCounts = z.object({ lowStock: wire.number, overdue: wire.number, expiring: wire.number })

/** A statistics range named in the path (`yyyy-MM-dd[ HH:mm:ss]`, checked by the statistics). */
const statisticsRange = z.object({ startTime: z.string().min(1), endTime: z.string().min(1) })

export const stockAlertsCall = storageCall({
  path: 'park-storage/parkAlarm/list/:startTime/:endTime',
  method: 'GET',
  permission: goodsView,
  params: statisticsRange,
  reply: z.array(
    z.discriminatedUnion('type', [
      LowStockRow.extend({ type: z.literal('lowStock') }),
      z.object({
        type: z.literal('overdue'),
        goodsId: wire.id,
        warehouseId: wire.id,
        warehouseName: wire.text,
        batchCode: wire.text,
        quantity: wire.decimal,
        expiryDate: wire.optionalDate,
      }),
    ]),
  ),
  summary: 'stock alerts: goods below minimum, batches expiring in the range',
})

export const billStatisticsCall = storageCall({
  path: 'park-storage/getBillStatistics/:startTime/:endTime',
  // BladeX's clients call it with the trailing slash
  also: ['park-storage/getBillStatistics/:startTime/:endTime/'],
  method: 'GET',
  permission: billView,
  params: statisticsRange,
  reply: BillFigures,
  summary: 'checked bills per kind in the range, open bills',
})

export const alarmCountCall = storageCall({
  path: 'park-storage/getAlarmCount',
  method: 'GET',
  permission: goodsView,
  reply: AlarmCounts,
  summary: 'alert counts: low stock, overdue, expiring within 30 days',
})

export const parkGoodsCall = storageCall({
  path: 'park-storage/parkGoods/list',
  method: 'GET',
  permission: goodsView,
  params: storageQuery,
  reply: pageOf(goodsContract.row),
  summary: 'the park goods with their stock (paged)',
})

export const warehouseAlertsCall = storageCall({
  path: 'park-manage/alarmController/warehouseAlertsStat',
  method: 'GET',
  permission: goodsView,
  reply: z.array(
    z.object({ warehouseId: wire.id, warehouseName: wire.text, overdue: wire.number, expiring: wire.number }),
  ),
  summary: 'per warehouse: overdue and expiring batches',
})

// —— pickers ——

export const warehouseTreeCall = storageCall({
  path: 'park-storage/warehouse/tree',
  method: 'GET',
  permission: warehouseContract.permissions.view,
  reply: z.array(treeNodeReply),
  summary: 'warehouses as TreeNodes (pickers)',
})

export const supplierTreeCall = storageCall({
  path: 'park-storage/supplier/tree',
  method: 'GET',
  permission: supplierContract.permissions.view,
  reply: z.array(treeNodeReply),
  summary: 'suppliers as TreeNodes (pickers)',
})

export const goodsTreeCall = storageCall({
  path: 'park-storage/goods/tree',
  method: 'GET',
  permission: goodsContract.permissions.view,
  reply: z.array(treeNodeReply),
  summary: 'classifications with their goods as leaves (TreeNodes carrying unit and price)',
})

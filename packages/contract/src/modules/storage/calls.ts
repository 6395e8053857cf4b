import { z } from 'zod'
import { type CallInput, defineCall } from '../../calls.js'
import { wire } from '../../fields.js'
import { doneReply, importSummaryReply, pageOf } from '../../replies.js'
import { goodsContract, supplierContract } from './basics.js'
import {
  BillImportQuery,
  GoodsRecordForm,
  InventoryCountForm,
  InventoryLineRow,
  initStockContract,
  inventoryContract,
  storageBillContract,
} from './bills.js'

/** Storage's declared hand routes: goods records, bill imports, stock queries, init stock, counts. */
export function storageCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'storage' })
}

/** The filters and paging of a storage query, read by the query itself (`current`, `size`, `goodsName`…). */
export const storageQuery = z.object({}).loose()
export const goodsView = goodsContract.permissions.view
export const billView = storageBillContract.permissions.view
export const initView = initStockContract.permissions.view
export const inventoryView = inventoryContract.permissions.view
export const STOCK_EXPORT = 'storage_stock_export'

/** A ledger entry (`queryStorageRecord`, `queryStorageGoods`). */
export const LedgerEntryRow = z.object({
  id: wire.id,
  kind: wire.number,
  kindName: wire.text,
  warehouseId: wire.id,
  warehouseName: wire.text,
  goodsId: wire.id,
  goodsCode: wire.text,
  goodsName: wire.text,
  unit: wire.text,
  batchCode: wire.text,
  billId: wire.id,
  billNo: wire.text,
  quantity: wire.decimal,
  before: wire.decimal,
  after: wire.decimal,
  price: wire.number,
  createUser: wire.optionalId,
  createTime: wire.date,
})

/** A batch in stock (`queryStorage`, `stockOverdue`). */
export const StockRow = z.object({
  id: wire.id,
  warehouseId: wire.id,
  warehouseName: wire.text,
  goodsId: wire.id,
  goodsCode: wire.text,
  goodsName: wire.text,
  specification: wire.text,
  unit: wire.text,
  batchCode: wire.text,
  quantity: wire.decimal,
  price: wire.number,
  amount: wire.number,
  productionDate: wire.optionalDate,
  expiryDate: wire.optionalDate,
})

/** Per goods: opening, in, out, closing and the closing value (`summaryGoods`). */
export const GoodsSummaryRow = z.object({
  goodsId: wire.id,
  goodsCode: wire.text,
  goodsName: wire.text,
  specification: wire.text,
  unit: wire.text,
  price: wire.number,
  classificationName: wire.optionalText,
  opening: wire.decimal,
  inQuantity: wire.decimal,
  outQuantity: wire.decimal,
  closing: wire.decimal,
  amount: wire.number,
})

/** Per warehouse: batches overdue and expiring within 30 days (`stockOverdueNum`). */
export const OverdueCountRow = z.object({
  warehouseId: wire.id,
  warehouseName: wire.text,
  overdue: wire.number,
  expiring: wire.number,
  overdueQuantity: wire.decimal,
})

export const goodsCountsCall = storageCall({
  path: 'park-storage/goods/getGoodsNum',
  method: 'GET',
  permission: goodsView,
  reply: z.object({ goodsNum: z.number(), stockNum: z.number(), lowNum: z.number() }),
  summary: 'goods counts: all, in stock, below their minimum',
})

export const suppliersWithSortsCall = storageCall({
  path: 'park-storage/goods/querySupplierSortName',
  method: 'GET',
  permission: supplierContract.permissions.view,
  params: storageQuery,
  reply: pageOf(supplierContract.row),
  summary: 'suppliers with their sort names (paged)',
})

export const goodsRecordsCall = storageCall({
  path: 'park-storage/storageGoods/queryStorageGoods',
  method: 'GET',
  permission: goodsView,
  params: storageQuery,
  reply: pageOf(LedgerEntryRow),
  summary: 'goods records: ledger entries in and out (paged)',
})

export const recordGoodsCall = storageCall({
  path: 'park-storage/storageGoods/outOrIntoStorageGoods',
  method: 'POST',
  in: 'body',
  permission: 'storage_bill_check',
  params: GoodsRecordForm,
  reply: z.object({ id: wire.id }),
  summary: 'one goods in (type 1) or out (type 2) now: a one-line bill, checked',
})

export const saveGoodsRecordCall = storageCall({
  path: 'park-storage/storageGoods/saveStorageGoods',
  method: 'POST',
  in: 'body',
  permission: storageBillContract.permissions.add,
  params: GoodsRecordForm,
  reply: z.object({ id: wire.id }),
  summary: 'a one-line draft bill for one goods in or out',
})

export const removeGoodsRecordsCall = storageCall({
  path: 'park-storage/storageGoods/deleteStorageGoods',
  method: 'GET',
  permission: storageBillContract.permissions.delete,
  params: z.object({ ids: z.string() }),
  reply: doneReply,
  summary: 'remove draft goods records (bills) by ids',
})

/** What a bill import answers: the summary, and the new bill's id when it wrote one. */
export const BillImportReply = importSummaryReply.extend({ id: wire.id.optional() })

const billImport = (kind: 'in' | 'out' | 'move') =>
  storageCall({
    path: `park-storage/storageBill/import-${kind}-storage-bill`,
    method: 'POST',
    upload: true,
    permission: 'storage_bill_import',
    params: BillImportQuery,
    reply: BillImportReply,
    summary:
      'import a draft bill: header in the query, lines in the xlsx (multipart `file`); a bad row writes nothing',
  })
export const importInBillCall = billImport('in')
export const importOutBillCall = billImport('out')
export const importMoveBillCall = billImport('move')

export const billBatchCodeMissingCall = storageCall({
  path: 'park-storage/storageBill/isBatchCodeNull',
  method: 'GET',
  permission: billView,
  // billId is checked by the route (its own message)
  params: storageQuery,
  reply: z.boolean(),
  summary: 'whether a bill has lines without a batch code (billId)',
})

/** A paged stock query and its xlsx export (the same filters; only the ticked rows when `ids` names them). */
function queryWithExport<R extends z.ZodType>(page: string, exportPath: string, title: string, row: R) {
  return {
    page: storageCall({
      path: `park-storage/${page}`,
      method: 'GET',
      permission: goodsView,
      params: storageQuery,
      reply: pageOf(row),
      summary: `${title} (paged)`,
    }),
    export: storageCall({
      path: `park-storage/${exportPath}`,
      method: 'POST',
      methods: ['GET', 'POST'],
      permission: STOCK_EXPORT,
      params: storageQuery,
      summary: `${title} as xlsx (spec 02 §9 layout)`,
    }),
  }
}
export const stockQuery = queryWithExport(
  'storage/queryStorage',
  'storage/export-storage',
  '库存查询',
  StockRow,
)
export const goodsSummaryQuery = queryWithExport(
  'storage/summaryGoods',
  'storage/export-summaryGoods',
  '物品汇总',
  GoodsSummaryRow,
)
export const overdueQuery = queryWithExport(
  'storage/stockOverdue',
  'storage/export-StockOverdue',
  '过期库存',
  StockRow,
)
export const overdueCountQuery = queryWithExport(
  'storage/stockOverdueNum',
  'storage/export-StockOverdueNum',
  '过期库存统计',
  OverdueCountRow,
)

export const goodsInStockCall = storageCall({
  path: 'park-storage/storage/queryGoods',
  method: 'GET',
  permission: goodsView,
  params: storageQuery,
  reply: pageOf(
    z.object({
      goodsId: wire.id,
      goodsCode: wire.text,
      goodsName: wire.text,
      specification: wire.text,
      unit: wire.text,
      price: wire.number,
      quantity: wire.decimal,
    }),
  ),
  summary: 'goods in stock of a warehouse (paged)',
})

export const stockByWarehouseCall = storageCall({
  path: 'park-storage/storage/queryByStorageData',
  method: 'GET',
  permission: goodsView,
  params: storageQuery,
  reply: pageOf(
    z.object({
      warehouseId: wire.id,
      warehouseCode: wire.text,
      warehouseName: wire.text,
      goodsKinds: wire.number,
      quantity: wire.decimal,
      amount: wire.number,
    }),
  ),
  summary: 'stock per warehouse: goods kinds, quantity, value (paged)',
})

export const ledgerEntriesCall = storageCall({
  path: 'park-storage/storage/queryStorageRecord',
  method: 'GET',
  permission: goodsView,
  params: storageQuery,
  reply: pageOf(LedgerEntryRow),
  summary: 'ledger entries: who, when, which bill, before and after (paged)',
})

export const nextInitNumberCall = storageCall({
  path: 'park-storage/initStorageGoods/getBillNumber',
  method: 'GET',
  permission: initView,
  reply: z.string(),
  summary: 'the next init bill number',
})

export const initBillsCall = storageCall({
  path: 'park-storage/initStorageGoods/djPage',
  method: 'GET',
  permission: initView,
  params: storageQuery,
  reply: pageOf(
    z.object({
      billNumber: wire.text,
      lineCount: wire.number,
      totalQuantity: wire.decimal,
      totalAmount: wire.number,
      status: wire.number,
      createTime: wire.date,
    }),
  ),
  summary: 'init stock by bill number (paged)',
})

export const initBatchCall = storageCall({
  path: 'park-storage/initStorageGoods/batchSubmit',
  method: 'POST',
  in: 'body',
  permission: initStockContract.permissions.add,
  params: z.array(initStockContract.form).min(1).max(500),
  reply: z.object({ ids: z.array(wire.id) }),
  summary: 'several draft init rows at once (all or none)',
})

export const putInitInStockCall = storageCall({
  path: 'park-storage/initStorageGoods/updateInit',
  method: 'POST',
  in: 'query',
  permission: 'storage_init_submit',
  params: z.object({ billNumber: z.string().min(1).max(32) }),
  reply: doneReply,
  summary: 'put every draft row of an init bill number into stock (through the ledger)',
})

const countLinesCall = (path: string, summary: string) =>
  storageCall({
    path: `park-storage/inventory/${path}`,
    method: 'GET',
    permission: inventoryView,
    // inventoryId (or id) is checked by the route (its own message)
    params: storageQuery,
    reply: pageOf(InventoryLineRow),
    summary,
  })
export const countLinesOfPlanCall = countLinesCall(
  'detail/list',
  'count lines of a plan (inventoryId; paged)',
)
export const profitLinesCall = countLinesCall(
  'page/profit',
  'the profit bill: lines counted above their book quantity (paged)',
)
export const lossesLinesCall = countLinesCall(
  'page/losses',
  'the losses bill: lines counted below their book quantity (paged)',
)

export const enterCountCall = storageCall({
  path: 'park-storage/inventory/detail/update',
  method: 'POST',
  in: 'body',
  permission: inventoryContract.permissions.edit,
  params: InventoryCountForm,
  reply: doneReply,
  summary: 'enter a counted quantity',
})

const planId = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/, 'must be a 64-bit id') })
const planAction = (path: string, permission: string, summary: string) =>
  storageCall({
    path: `park-storage/inventory/${path}`,
    method: 'POST',
    permission,
    params: planId,
    reply: doneReply,
    summary,
  })
export const createCountBillCall = planAction(
  'createBill',
  'storage_inventory_create_bill',
  'make the count bill from current stock (draft plan → counting)',
)
export const auditProfitCall = planAction(
  'auditProfit',
  'storage_inventory_audit_profit',
  'audit the profit bill: gains into stock through the ledger',
)
export const auditLossesCall = planAction(
  'auditLosses',
  'storage_inventory_audit_losses',
  'audit the losses bill: losses out of stock through the ledger',
)

export const importCountsCall = storageCall({
  path: 'park-storage/inventory/write-inventory',
  method: 'POST',
  upload: true,
  permission: inventoryContract.permissions.edit,
  params: z.object({ inventoryId: z.string().regex(/^[1-9]\d{0,18}$/), isCovered: z.string().optional() }),
  reply: importSummaryReply,
  summary: 'import counted quantities (multipart `file`, query inventoryId); a bad row writes nothing',
})

// —— statistics ——

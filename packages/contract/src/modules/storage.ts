import { z } from 'zod'
import { type CallInput, defineCall } from '../calls.js'
import {
  cents,
  choice,
  code,
  dateTime,
  decimal,
  optionalText,
  reference,
  requiredText,
  sort,
  wholeNumber,
  wire,
} from '../fields.js'
import { defineContract } from '../kit.js'
import { codedTreeContract } from '../presets.js'
import { doneReply, importSummaryReply, pageOf, treeNodeReply } from '../replies.js'

/**
 * Storage and inventory (spec 02 §7 "Storage and inventory"): warehouses, goods classification and
 * supplier sorts (trees), suppliers, goods, measurement units, storage bills (in, out, move) with
 * their lines and their state machine, storage cards, init stock and inventory counts. Quantities
 * are exact decimals (text on the wire, `numeric` in the database), money integer cents.
 * See docs/modules/storage.md.
 */

/** Bill kinds (dict `storage_bill_type`). */
export const BILL_TYPE = { in: 1, out: 2, move: 3 } as const
/** Bill states (dict `storage_bill_status`): draft → submitted → checked → returned. */
export const BILL_STATUS = { draft: 0, submitted: 1, checked: 2, returned: 3 } as const
/** Inventory plan states (dict `storage_inventory_status`). */
export const INVENTORY_STATUS = { draft: 0, counting: 1, finished: 2 } as const
/** An inventory plan's profit or losses bill: 0 waiting for audit, 1 audited. */
export const AUDIT_STATUS = { waiting: 0, audited: 1 } as const
/** Init stock states (dict `storage_init_status`): 0 draft, 1 submitted (in stock). */
export const INIT_STATUS = { draft: 0, submitted: 1 } as const
/** Why a ledger entry was written (dict `storage_ledger_kind`). */
export const LEDGER_KIND = {
  in: 1,
  out: 2,
  moveOut: 3,
  moveIn: 4,
  returned: 5,
  profit: 6,
  loss: 7,
  init: 8,
} as const

/** A quantity of goods: up to 4 decimals (2.5 kg, 0.125 t). */
export const quantity = (field = 'quantity') => decimal(field, { scale: 4, digits: 12, positive: true })
const optionalQuantity = (field: string) =>
  z.union([decimal(field, { scale: 4, digits: 12 }), z.literal(''), z.null()]).optional()

export const warehouseContract = defineContract({
  path: 'park-storage/warehouse',
  code: 'storage_warehouse',
  form: z.object({
    code: code('please enter warehouse code'),
    name: requiredText('please enter warehouse name', 64),
    address: optionalText('address', 255),
    keeper: optionalText('keeper', 32),
    phone: optionalText('phone', 20),
    sort,
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    code: wire.text,
    name: wire.text,
    address: wire.text,
    keeper: wire.text,
    phone: wire.text,
    sort: wire.number,
    remark: wire.text,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { code: 'like', name: 'like', keeper: 'like' },
  sorts: ['sort', 'code', 'name', 'createTime'],
  routes: { select: 'select' },
})

export const classificationContract = codedTreeContract({
  path: 'park-storage/classificationgoods',
  code: 'storage_classification',
  noun: 'classification',
  routes: { uplist: 'uplist' },
})

export const supplierSortContract = codedTreeContract({
  path: 'park-storage/goodssuppliersort',
  code: 'storage_supplier_sort',
  noun: 'supplier sort',
  routes: { uplist: 'uplist' },
})

export const supplierContract = defineContract({
  path: 'park-storage/supplier',
  code: 'storage_supplier',
  form: z.object({
    sortId: reference('please select supplier sort'),
    code: code('please enter supplier code'),
    name: requiredText('please enter supplier name', 100),
    contact: optionalText('contact', 32),
    phone: optionalText('phone', 20),
    address: optionalText('address', 255),
    /** dict settlement_mode */
    settlementMode: optionalText('settlementMode', 16),
    /** dict procured_type */
    procuredType: optionalText('procuredType', 16),
    bankName: optionalText('bankName', 100),
    bankAccount: optionalText('bankAccount', 40),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    sortId: wire.id,
    sortName: wire.optionalText,
    code: wire.text,
    name: wire.text,
    contact: wire.text,
    phone: wire.text,
    address: wire.text,
    settlementMode: wire.text,
    procuredType: wire.text,
    bankName: wire.text,
    bankAccount: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', code: 'like', sortId: 'eq', settlementMode: 'eq', procuredType: 'eq' },
  sorts: ['code', 'name', 'createTime'],
  // the spec's paged supplier list with the sort's name
  routes: { list: 'querySupplierSortName', select: 'select' },
  excel: {
    export: 'export-supplier-info',
    template: 'export-supplier-template',
    import: 'import-supplier-info',
  },
})

export const goodsContract = defineContract({
  path: 'park-storage/goods',
  code: 'storage_goods',
  form: z.object({
    classificationId: reference('please select goods classification'),
    code: code('please enter goods code'),
    name: requiredText('please enter goods name', 100),
    specification: optionalText('specification', 64),
    unit: requiredText('please enter unit', 16),
    price: cents('price'),
    supplierId: z.union([reference('supplierId: must be an id'), z.literal('')]).optional(),
    barcode: optionalText('barcode', 32),
    /** stock below this raises an alert (0: none) */
    minStock: optionalQuantity('minStock'),
    /** days from production a batch keeps (0: does not expire) */
    shelfLifeDays: wholeNumber('shelfLifeDays', 0, 36_500).optional(),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    classificationId: wire.id,
    classificationName: wire.optionalText,
    classificationCode: wire.optionalText,
    code: wire.text,
    name: wire.text,
    specification: wire.text,
    unit: wire.text,
    price: wire.number,
    supplierId: wire.optionalId,
    supplierName: wire.optionalText,
    barcode: wire.text,
    minStock: wire.decimal,
    shelfLifeDays: wire.number,
    remark: wire.text,
    stock: wire.decimal,
    createTime: wire.date,
  }),
  filters: { name: 'like', code: 'like', classificationId: 'eq', supplierId: 'eq', barcode: 'eq' },
  sorts: ['code', 'name', 'price', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: 'queryGoods',
    save: 'saveGoods',
    update: 'updateGoods',
    remove: { path: 'deleteGoods', methods: ['POST', 'GET'], idParam: 'goodsId' },
    select: 'select',
  },
  excel: { export: 'export-goods', template: 'export-goods-template', import: 'import-goods-2' },
})

export const measurementContract = defineContract({
  path: 'park-storage/storagemeasurement',
  code: 'storage_measurement',
  form: z.object({
    code: code('please enter unit code', 16),
    name: requiredText('please enter unit name', 16),
    /** the goods this unit converts for (empty: a general unit) */
    goodsId: z.union([reference('goodsId: must be an id'), z.literal('')]).optional(),
    /** how many of the goods' base unit one of this unit is (a box of 24: 24) */
    ratio: decimal('ratio', { scale: 4, digits: 8, positive: true }),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    code: wire.text,
    name: wire.text,
    goodsId: wire.optionalId,
    goodsName: wire.optionalText,
    goodsUnit: wire.optionalText,
    ratio: wire.decimal,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { code: 'like', name: 'like', goodsId: 'eq' },
  routes: { page: false },
})

/**
 * The unit a line is entered in: one of its goods' measurement units (empty: the base unit) and the
 * quantity in it. The server sets `quantity` (base unit) to `unitQuantity × ratio`; a line without
 * `unitQuantity` gives `quantity` in the base unit. See docs/modules/storage.md ("Units").
 */
const enteredUnit = {
  unitId: z.union([reference('unitId: must be an id'), z.literal(''), z.null()]).optional(),
  unitQuantity: z.union([quantity('unitQuantity'), z.literal(''), z.null()]).optional(),
}
/** what a line read back says of its unit */
const enteredUnitRow = {
  unitId: wire.optionalId,
  unitName: wire.optionalText,
  unitQuantity: wire.optionalDecimal,
}

const billLine = z.object({
  goodsId: reference('please select goods'),
  /** in the goods' base unit; computed by the server when `unitQuantity` is given */
  quantity: quantity().optional(),
  ...enteredUnit,
  price: cents('price').optional(),
  batchCode: optionalText('batchCode', 32),
  productionDate: dateTime('productionDate'),
  expiryDate: dateTime('expiryDate'),
  remark: optionalText('remark', 255),
})

export const storageBillContract = defineContract({
  path: 'park-storage/storageBill',
  code: 'storage_bill',
  label: 'billNo',
  form: z.object({
    billType: choice('please select bill type', 1, 3),
    warehouseId: reference('please select warehouse'),
    /** move bills: where the goods go */
    targetWarehouseId: z.union([reference('targetWarehouseId: must be an id'), z.literal('')]).optional(),
    /** in bills: who delivered */
    supplierId: z.union([reference('supplierId: must be an id'), z.literal('')]).optional(),
    billDate: dateTime('billDate'),
    handler: optionalText('handler', 32),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    billNo: wire.text,
    billType: wire.number,
    warehouseId: wire.id,
    warehouseName: wire.optionalText,
    targetWarehouseId: wire.optionalId,
    targetWarehouseName: wire.optionalText,
    supplierId: wire.optionalId,
    supplierName: wire.optionalText,
    billDate: wire.optionalDate,
    handler: wire.text,
    remark: wire.text,
    totalQuantity: wire.decimal,
    totalAmount: wire.number,
    lineCount: wire.number,
    status: wire.number,
    checkUser: wire.optionalId,
    checkTime: wire.optionalDate,
    returnTime: wire.optionalDate,
    createTime: wire.date,
  }),
  filters: {
    billNo: 'like',
    billType: 'eq',
    warehouseId: 'eq',
    supplierId: 'eq',
    status: 'eq',
    billDate: 'eq',
  },
  sorts: ['billNo', 'billDate', 'totalAmount', 'createTime'],
  routes: { list: false, update: false, save: false },
  lines: {
    field: 'details',
    key: 'billId',
    form: billLine,
    row: z.object({
      id: wire.id,
      billId: wire.id,
      goodsId: wire.id,
      goodsCode: wire.optionalText,
      goodsName: wire.optionalText,
      unit: wire.optionalText,
      specification: wire.optionalText,
      ...enteredUnitRow,
      /** how many base units one of the line's unit is (null: the base unit) */
      unitRatio: wire.optionalDecimal,
      /** in the goods' base unit */
      quantity: wire.decimal,
      price: wire.number,
      amount: wire.number,
      batchCode: wire.text,
      productionDate: wire.optionalDate,
      expiryDate: wire.optionalDate,
      remark: wire.text,
    }),
    read: 'listBillDetail',
    remove: 'removeDetails',
    max: 500,
  },
  actions: {
    submitBill: {
      name: '提交',
      route: 'submitStorageBill',
      permission: 'storage_bill_submit',
      state: 'status',
      transitions: [
        {
          label: 'storage.bill.submit',
          from: [BILL_STATUS.draft],
          to: BILL_STATUS.submitted,
          confirm: 'storage.bill.submitConfirm',
        },
      ],
    },
    check: {
      name: '审核',
      route: 'checkStorageBill',
      state: 'status',
      transitions: [
        {
          label: 'storage.bill.check',
          from: [BILL_STATUS.submitted],
          to: BILL_STATUS.checked,
          confirm: 'storage.bill.checkConfirm',
        },
      ],
    },
    giveBack: {
      name: '退回',
      route: 'returnStorageBill',
      state: 'status',
      permission: 'storage_bill_return',
      transitions: [
        {
          label: 'storage.bill.return',
          from: [BILL_STATUS.checked],
          to: BILL_STATUS.returned,
          confirm: 'storage.bill.returnConfirm',
          danger: true,
        },
      ],
    },
  },
})

/** A bill import: one bill per file, its header in the query, its lines in the sheet. */
export const BillImportQuery = z.object({
  warehouseId: reference('please select warehouse'),
  targetWarehouseId: z.union([reference('targetWarehouseId: must be an id'), z.literal('')]).optional(),
  supplierId: z.union([reference('supplierId: must be an id'), z.literal('')]).optional(),
  isCovered: z.enum(['0', '1']).optional(),
})

/** A goods record: an in or out of one goods at once (a bill of one line, checked in the same call). */
export const GoodsRecordForm = z.object({
  /** 1 in, 2 out */
  type: choice('type: 1 in or 2 out', 1, 2),
  warehouseId: reference('please select warehouse'),
  goodsId: reference('please select goods'),
  quantity: quantity().optional(),
  ...enteredUnit,
  price: cents('price').optional(),
  batchCode: optionalText('batchCode', 32),
  remark: optionalText('remark', 255),
})

export const storageCardContract = defineContract({
  path: 'park-storage/card',
  code: 'storage_card',
  label: 'goodsName',
  form: z.object({
    warehouseId: reference('please select warehouse'),
    goodsId: reference('please select goods'),
    location: optionalText('location', 64),
    minQuantity: optionalQuantity('minQuantity'),
    maxQuantity: optionalQuantity('maxQuantity'),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    warehouseId: wire.id,
    warehouseName: wire.optionalText,
    goodsId: wire.id,
    goodsName: wire.optionalText,
    goodsCode: wire.optionalText,
    location: wire.text,
    minQuantity: wire.optionalDecimal,
    maxQuantity: wire.optionalDecimal,
    stock: wire.decimal,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { warehouseId: 'eq', goodsId: 'eq', location: 'like' },
  routes: { page: false, submit: false },
})

export const initStockContract = defineContract({
  path: 'park-storage/initStorageGoods',
  code: 'storage_init',
  label: 'billNumber',
  form: z.object({
    billNumber: code('please enter bill number'),
    warehouseId: reference('please select warehouse'),
    goodsId: reference('please select goods'),
    quantity: quantity().optional(),
    ...enteredUnit,
    price: cents('price'),
    batchCode: optionalText('batchCode', 32),
    productionDate: dateTime('productionDate'),
    expiryDate: dateTime('expiryDate'),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    billNumber: wire.text,
    warehouseId: wire.id,
    warehouseName: wire.optionalText,
    goodsId: wire.id,
    goodsName: wire.optionalText,
    goodsCode: wire.optionalText,
    unit: wire.optionalText,
    ...enteredUnitRow,
    quantity: wire.decimal,
    price: wire.number,
    amount: wire.number,
    batchCode: wire.text,
    productionDate: wire.optionalDate,
    expiryDate: wire.optionalDate,
    remark: wire.text,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { billNumber: 'like', warehouseId: 'eq', goodsId: 'eq', status: 'eq' },
  sorts: ['billNumber', 'createTime'],
  routes: { list: false, save: false },
  excel: { template: 'export-template', import: 'importInitStorageGoods' },
  actions: {
    updateStatus: {
      name: '提交入库',
      permission: 'storage_init_submit',
      state: 'status',
      target: 'ids',
      transitions: [
        {
          label: 'storage.init.submit',
          from: [INIT_STATUS.draft],
          to: INIT_STATUS.submitted,
          confirm: 'storage.init.submitConfirm',
        },
      ],
    },
  },
})

export const inventoryContract = defineContract({
  path: 'park-storage/inventory',
  code: 'storage_inventory',
  label: 'planNo',
  form: z.object({
    planNo: code('please enter plan number'),
    name: requiredText('please enter plan name', 64),
    warehouseId: reference('please select warehouse'),
    planDate: dateTime('planDate'),
    counter: optionalText('counter', 32),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    planNo: wire.text,
    name: wire.text,
    warehouseId: wire.id,
    warehouseName: wire.optionalText,
    planDate: wire.optionalDate,
    counter: wire.text,
    remark: wire.text,
    status: wire.number,
    profitStatus: wire.number,
    lossStatus: wire.number,
    createTime: wire.date,
  }),
  filters: { planNo: 'like', name: 'like', warehouseId: 'eq', status: 'eq' },
  sorts: ['planNo', 'planDate', 'createTime'],
  routes: { list: false, submit: false },
})

/** A count line as `detail/list`, `page/profit` and `page/losses` answer it. */
export const InventoryLineRow = z.object({
  id: wire.id,
  inventoryId: wire.id,
  goodsId: wire.id,
  goodsCode: wire.optionalText,
  goodsName: wire.optionalText,
  unit: wire.optionalText,
  batchCode: wire.text,
  bookQuantity: wire.decimal,
  countQuantity: wire.optionalDecimal,
  difference: wire.optionalDecimal,
  price: wire.number,
  remark: wire.text,
})

/** `detail/update`: a counted quantity entered for one line. */
export const InventoryCountForm = z.object({
  id: reference('must be a 64-bit id'),
  countQuantity: decimal('countQuantity', { scale: 4, digits: 12 }),
  remark: optionalText('remark', 255),
})

// —— the module's hand-written routes (issue 27): declared once, registered by the server's
// storage/routes.ts, statistics.ts and pickers.ts, called by the console's storage screens ——

/** A storage call (OpenAPI tag `storage`). */
function storageCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'storage' })
}

/** The filters and paging of a storage query, read by the query itself (`current`, `size`, `goodsName`…). */
const storageQuery = z.object({}).loose()
const goodsView = goodsContract.permissions.view
const billView = storageBillContract.permissions.view
const initView = initStockContract.permissions.view
const inventoryView = inventoryContract.permissions.view
const STOCK_EXPORT = 'storage_stock_export'

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

export const storageDashboardCall = storageCall({
  path: 'park-storage/storage/dashboard',
  method: 'GET',
  permission: goodsView,
  params: z.object({ startTime: z.string().optional(), endTime: z.string().optional() }),
  reply: AlarmCounts.extend({
    stockValue: wire.number,
    batches: wire.number,
    openBills: wire.number,
    byType: BillFigures.shape.byType,
    byDay: z.array(z.object({ day: wire.text, inQuantity: wire.number, outQuantity: wire.number })),
    byWarehouse: z.array(z.object({ name: wire.text, value: wire.number })),
    overdueItems: z.array(StockRow),
  }),
  summary: 'storage dashboard figures for a time range',
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

export type WarehouseRow = z.infer<typeof warehouseContract.row>
export type ClassificationRow = z.infer<typeof classificationContract.row>
export type SupplierSortRow = z.infer<typeof supplierSortContract.row>
export type SupplierRow = z.infer<typeof supplierContract.row>
export type GoodsRow = z.infer<typeof goodsContract.row>
export type MeasurementRow = z.infer<typeof measurementContract.row>
export type StorageBillRow = z.infer<typeof storageBillContract.row>
export type StorageBillLine = z.infer<NonNullable<typeof storageBillContract.lines>['row']>
export type StorageCardRow = z.infer<typeof storageCardContract.row>
export type InitStockRow = z.infer<typeof initStockContract.row>
export type InventoryRow = z.infer<typeof inventoryContract.row>
export type InventoryLine = z.infer<typeof InventoryLineRow>

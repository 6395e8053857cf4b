import { z } from 'zod'
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

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
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { BILL_STATUS, INIT_STATUS, optionalQuantity, quantity } from './basics.js'

/** Storage bills (in, out, move) with their lines, storage cards, init stock, inventory counts. */

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

export type StorageBillRow = z.infer<typeof storageBillContract.row>
export type StorageBillLine = z.infer<NonNullable<typeof storageBillContract.lines>['row']>
export type StorageCardRow = z.infer<typeof storageCardContract.row>
export type InitStockRow = z.infer<typeof initStockContract.row>
export type InventoryRow = z.infer<typeof inventoryContract.row>
export type InventoryLine = z.infer<typeof InventoryLineRow>

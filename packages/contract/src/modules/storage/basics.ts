import { z } from 'zod'
import {
  cents,
  code,
  decimal,
  optionalText,
  reference,
  requiredText,
  sort,
  wholeNumber,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { codedTreeContract } from '../../presets.js'

/** Storage's constants and its master data: warehouses, classifications, suppliers, goods, units. */

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
export const optionalQuantity = (field: string) =>
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

export type WarehouseRow = z.infer<typeof warehouseContract.row>
export type ClassificationRow = z.infer<typeof classificationContract.row>
export type SupplierSortRow = z.infer<typeof supplierSortContract.row>
export type SupplierRow = z.infer<typeof supplierContract.row>
export type GoodsRow = z.infer<typeof goodsContract.row>
export type MeasurementRow = z.infer<typeof measurementContract.row>

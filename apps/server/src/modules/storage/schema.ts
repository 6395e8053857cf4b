import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import {
  codedTreeColumns,
  codedTreeIndexes,
  id,
  live,
  tenantColumns,
  tenantIndexes,
} from '../../db/columns.js'

/**
 * Storage and inventory (spec 02 §7). Quantities are `numeric(18,4)` (exact, text in JS), money is
 * integer cents. The stock ledger is the only writer of stock: every change of `xpark_storage_stock`
 * comes with one ledger entry (who, when, which bill, before and after). See docs/modules/storage.md.
 */

const qty = (name: string) => numeric(name, { precision: 18, scale: 4 })
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const storageWarehouse = pgTable(
  'xpark_storage_warehouse',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    address: varchar('address', { length: 255 }).notNull().default(''),
    keeper: varchar('keeper', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_storage_warehouse_code_uq').on(t.tenantId, t.code).where(live)],
)

/** Goods classification (a tree). */
export const storageClassification = pgTable('xpark_storage_classification', codedTreeColumns(), (t) =>
  codedTreeIndexes('xpark_storage_classification', t),
)

/** Supplier sorts (a tree). */
export const storageSupplierSort = pgTable('xpark_storage_supplier_sort', codedTreeColumns(), (t) =>
  codedTreeIndexes('xpark_storage_supplier_sort', t),
)

export const storageSupplier = pgTable(
  'xpark_storage_supplier',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    sortId: id('sort_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    contact: varchar('contact', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    settlementMode: varchar('settlement_mode', { length: 16 }).notNull().default(''),
    procuredType: varchar('procured_type', { length: 16 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 40 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    index('xpark_storage_supplier_sort_idx').on(t.tenantId, t.sortId),
    uniqueIndex('xpark_storage_supplier_code_uq').on(t.tenantId, t.code).where(live),
  ],
)

export const storageGoods = pgTable(
  'xpark_storage_goods',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    classificationId: id('classification_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    specification: varchar('specification', { length: 64 }).notNull().default(''),
    unit: varchar('unit', { length: 16 }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    supplierId: id('supplier_id'),
    barcode: varchar('barcode', { length: 32 }).notNull().default(''),
    minStock: qty('min_stock').notNull().default('0'),
    shelfLifeDays: integer('shelf_life_days').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    index('xpark_storage_goods_class_idx').on(t.tenantId, t.classificationId),
    uniqueIndex('xpark_storage_goods_code_uq').on(t.tenantId, t.code).where(live),
    ...tenantIndexes('xpark_storage_goods', t),
  ],
)

/** A unit of measurement; with a goods, how many of its base unit one of this is. */
export const storageMeasurement = pgTable(
  'xpark_storage_measurement',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 16 }).notNull(),
    goodsId: id('goods_id'),
    ratio: qty('ratio').notNull().default('1'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_storage_measurement_code_uq').on(t.tenantId, t.code, t.goodsId).where(live)],
)

/**
 * The unit a line was entered in (one of the goods' measurement units; null: the base unit) and the
 * quantity as entered; `quantity` is that times the unit's ratio. Null on lines written before 0004.
 */
const enteredUnit = () => ({
  unitId: id('unit_id'),
  unitQuantity: qty('unit_quantity'),
})

/** A storage bill (in 1, out 2, move 3); `status` 0 draft, 1 submitted, 2 checked, 3 returned. */
export const storageBill = pgTable(
  'xpark_storage_bill',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    status: integer('status').notNull().default(0),
    billNo: varchar('bill_no', { length: 32 }).notNull(),
    billType: smallint('bill_type').notNull(),
    warehouseId: id('warehouse_id').notNull(),
    targetWarehouseId: id('target_warehouse_id'),
    supplierId: id('supplier_id'),
    billDate: at('bill_date'),
    handler: varchar('handler', { length: 32 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    totalQuantity: qty('total_quantity').notNull().default('0'),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    checkUser: id('check_user'),
    checkTime: at('check_time'),
    returnTime: at('return_time'),
  },
  (t) => [
    uniqueIndex('xpark_storage_bill_no_uq').on(t.tenantId, t.billNo),
    index('xpark_storage_bill_type_idx').on(t.tenantId, t.billType, t.status),
    ...tenantIndexes('xpark_storage_bill', t),
  ],
)

export const storageBillLine = pgTable(
  'xpark_storage_bill_line',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    billId: id('bill_id').notNull(),
    goodsId: id('goods_id').notNull(),
    /** in the goods' base unit: what the ledger moves */
    quantity: qty('quantity').notNull(),
    ...enteredUnit(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    batchCode: varchar('batch_code', { length: 32 }).notNull().default(''),
    productionDate: at('production_date'),
    expiryDate: at('expiry_date'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    index('xpark_storage_bill_line_bill_idx').on(t.tenantId, t.billId),
    index('xpark_storage_bill_line_goods_idx').on(t.tenantId, t.goodsId),
  ],
)

/**
 * Stock: one row per warehouse, goods and batch. Written only with a ledger entry (ledger.ts); never
 * negative (the check is the database's too).
 */
export const storageStock = pgTable(
  'xpark_storage_stock',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    warehouseId: id('warehouse_id').notNull(),
    goodsId: id('goods_id').notNull(),
    batchCode: varchar('batch_code', { length: 32 }).notNull().default(''),
    quantity: qty('quantity').notNull().default('0'),
    /** the last in price of the batch, cents per unit */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    productionDate: at('production_date'),
    expiryDate: at('expiry_date'),
  },
  (t) => [
    uniqueIndex('xpark_storage_stock_key_uq').on(t.tenantId, t.warehouseId, t.goodsId, t.batchCode),
    index('xpark_storage_stock_goods_idx').on(t.tenantId, t.goodsId),
    index('xpark_storage_stock_expiry_idx').on(t.tenantId, t.expiryDate),
    check('xpark_storage_stock_not_negative', sql`${t.quantity} >= 0`),
  ],
)

/** The stock ledger: every stock change, by whom, when, for which bill, before and after. */
export const storageLedger = pgTable(
  'xpark_storage_ledger',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    /** LEDGER_KIND */
    kind: smallint('kind').notNull(),
    warehouseId: id('warehouse_id').notNull(),
    goodsId: id('goods_id').notNull(),
    batchCode: varchar('batch_code', { length: 32 }).notNull().default(''),
    /** the bill, init row or inventory plan that moved it */
    billId: id('bill_id').notNull(),
    billNo: varchar('bill_no', { length: 32 }).notNull().default(''),
    /** signed: + in, - out */
    quantity: qty('quantity').notNull(),
    before: qty('before').notNull(),
    after: qty('after').notNull(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('xpark_storage_ledger_goods_idx').on(t.tenantId, t.goodsId, t.createTime),
    // a key's balance at a time: its last entry before it (summaryGoods' opening and closing)
    index('xpark_storage_ledger_key_idx').on(
      t.tenantId,
      t.goodsId,
      t.warehouseId,
      t.batchCode,
      t.createTime,
      t.id,
    ),
    index('xpark_storage_ledger_bill_idx').on(t.tenantId, t.billId),
    index('xpark_storage_ledger_time_idx').on(t.tenantId, t.createTime),
    ...tenantIndexes('xpark_storage_ledger', t),
  ],
)

/** A storage card: where a goods lives in a warehouse and its bounds. */
export const storageCard = pgTable(
  'xpark_storage_card',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    warehouseId: id('warehouse_id').notNull(),
    goodsId: id('goods_id').notNull(),
    location: varchar('location', { length: 64 }).notNull().default(''),
    minQuantity: qty('min_quantity'),
    maxQuantity: qty('max_quantity'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_storage_card_uq').on(t.tenantId, t.warehouseId, t.goodsId).where(live)],
)

/** Init stock: opening quantities entered per bill number; `status` 0 draft, 1 submitted (in stock). */
export const storageInit = pgTable(
  'xpark_storage_init',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    status: integer('status').notNull().default(0),
    billNumber: varchar('bill_number', { length: 32 }).notNull(),
    warehouseId: id('warehouse_id').notNull(),
    goodsId: id('goods_id').notNull(),
    /** in the goods' base unit: what the ledger moves */
    quantity: qty('quantity').notNull(),
    ...enteredUnit(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    batchCode: varchar('batch_code', { length: 32 }).notNull().default(''),
    productionDate: at('production_date'),
    expiryDate: at('expiry_date'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('xpark_storage_init_bill_idx').on(t.tenantId, t.billNumber)],
)

/** An inventory plan; `status` 0 draft, 1 counting, 2 finished; profit and losses audited apart. */
export const storageInventory = pgTable(
  'xpark_storage_inventory',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    status: integer('status').notNull().default(0),
    planNo: varchar('plan_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    warehouseId: id('warehouse_id').notNull(),
    planDate: at('plan_date'),
    counter: varchar('counter', { length: 32 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    profitStatus: smallint('profit_status').notNull().default(0),
    lossStatus: smallint('loss_status').notNull().default(0),
  },
  (t) => [uniqueIndex('xpark_storage_inventory_no_uq').on(t.tenantId, t.planNo).where(live)],
)

/** A count line: the book quantity when the count bill was made, and what was counted. */
export const storageInventoryLine = pgTable(
  'xpark_storage_inventory_line',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    inventoryId: id('inventory_id').notNull(),
    goodsId: id('goods_id').notNull(),
    batchCode: varchar('batch_code', { length: 32 }).notNull().default(''),
    bookQuantity: qty('book_quantity').notNull(),
    countQuantity: qty('count_quantity'),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('xpark_storage_inventory_line_plan_idx').on(t.tenantId, t.inventoryId)],
)

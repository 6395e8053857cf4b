import {
  BILL_STATUS,
  classificationContract,
  goodsContract,
  INIT_STATUS,
  INVENTORY_STATUS,
  initStockContract,
  inventoryContract,
  LEDGER_KIND,
  measurementContract,
  storageBillContract,
  storageCardContract,
  supplierContract,
  supplierSortContract,
  warehouseContract,
} from '@xpark/contract/modules/storage'
import { eq, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { AuthContext } from '../../core/auth/tokens.js'
import { codedTreeResource, defineResource, type Expand, lookup } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { scoped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { amountOf, checkBills, prepareBill, returnBills, submitBills, toBaseUnits } from './bills.js'
import { goodsSheet, initSheet, supplierSheet } from './excel.js'
import { applyMovements } from './ledger.js'
import {
  storageBill,
  storageBillLine,
  storageCard,
  storageClassification,
  storageGoods,
  storageInit,
  storageInventory,
  storageLedger,
  storageMeasurement,
  storageStock,
  storageSupplier,
  storageSupplierSort,
  storageWarehouse,
} from './schema.js'

/** The storage module's resources (the kit's CRUD, trees, lines, actions, Excel). */

const outer = (table: PgTable, column: string) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column)}`

/** Current stock of the row's goods (in one warehouse when `warehouse` names the row's warehouse column). */
const stockOf =
  (goodsColumn: string, warehouseColumn?: string): Expand =>
  (t) =>
    sql`(select coalesce(sum(s.quantity), 0)::text from xpark_storage_stock s where s.tenant_id = ${outer(
      t,
      'tenant_id',
    )} and s.goods_id = ${outer(t, goodsColumn)}${
      warehouseColumn ? sql` and s.warehouse_id = ${outer(t, warehouseColumn)}` : sql``
    })`

export const warehouses = defineResource({
  contract: warehouseContract,
  table: storageWarehouse,
  unique: [{ fields: ['code'], message: '仓库编码已存在' }],
  inUse: [
    {
      table: storageStock,
      column: 'warehouseId',
      where: sql`${storageStock.quantity} > 0`,
      message: '仓库中还有库存, 不能删除: {label}',
    },
    { table: storageBill, column: 'warehouseId', message: '仓库已有单据, 不能删除: {label}' },
  ],
})

export const classifications = codedTreeResource({
  contract: classificationContract,
  table: storageClassification,
  duplicate: '分类编码已存在',
  inUse: [
    { table: storageGoods, column: 'classificationId', message: '该分类下还有物品, 不能删除: {label}' },
  ],
})

export const supplierSorts = codedTreeResource({
  contract: supplierSortContract,
  table: storageSupplierSort,
  duplicate: '分类编码已存在',
  inUse: [{ table: storageSupplier, column: 'sortId', message: '该分类下还有供应商, 不能删除: {label}' }],
})

export const suppliers = defineResource({
  contract: supplierContract,
  table: storageSupplier,
  unique: [{ fields: ['code'], message: '供应商编码已存在' }],
  expand: { sortName: lookup(storageSupplierSort, 'name', 'sortId') },
  excel: supplierSheet(storageSupplierSort),
  references: { sortId: { to: supplierSorts, message: '供应商分类不存在' } },
  inUse: [{ table: storageGoods, column: 'supplierId', message: '供应商已有物品, 不能删除: {label}' }],
})

const GOODS_IN_USE = '该物品已有库存或单据, 不能删除: {label}'

export const goods = defineResource({
  contract: goodsContract,
  table: storageGoods,
  unique: [{ fields: ['code'], message: '物品编码已存在' }],
  expand: {
    classificationName: lookup(storageClassification, 'name', 'classificationId'),
    classificationCode: lookup(storageClassification, 'code', 'classificationId'),
    supplierName: lookup(storageSupplier, 'name', 'supplierId'),
    stock: stockOf('id'),
  },
  excel: goodsSheet(storageClassification),
  references: {
    classificationId: { to: classifications, message: '物品分类不存在' },
    supplierId: { to: suppliers, message: '供应商不存在' },
  },
  // a goods that stock, the ledger or a bill refers to stays (its history would lose its name)
  inUse: [
    { table: storageStock, column: 'goodsId', message: GOODS_IN_USE },
    { table: storageLedger, column: 'goodsId', message: GOODS_IN_USE },
    {
      table: storageBillLine,
      column: 'goodsId',
      where: sql`${storageBillLine.billId} in (select ${storageBill.id} from ${storageBill} where ${storageBill.isDeleted} = 0)`,
      message: GOODS_IN_USE,
    },
    { table: storageInit, column: 'goodsId', message: GOODS_IN_USE },
  ],
})

export const measurements = defineResource({
  contract: measurementContract,
  table: storageMeasurement,
  unique: [{ fields: ['code', 'goodsId'], message: '单位编码已存在' }],
  expand: {
    goodsName: lookup(storageGoods, 'name', 'goodsId'),
    goodsUnit: lookup(storageGoods, 'unit', 'goodsId'),
  },
  references: { goodsId: { to: goods, message: '物品不存在' } },
})

export const bills = defineResource({
  contract: storageBillContract,
  table: storageBill,
  expand: {
    warehouseName: lookup(storageWarehouse, 'name', 'warehouseId'),
    targetWarehouseName: lookup(storageWarehouse, 'name', 'targetWarehouseId'),
    supplierName: lookup(storageSupplier, 'name', 'supplierId'),
  },
  lines: {
    table: storageBillLine,
    expand: {
      goodsCode: lookup(storageGoods, 'code', 'goodsId'),
      goodsName: lookup(storageGoods, 'name', 'goodsId'),
      unit: lookup(storageGoods, 'unit', 'goodsId'),
      specification: lookup(storageGoods, 'specification', 'goodsId'),
      unitName: lookup(storageMeasurement, 'name', 'unitId'),
      unitRatio: lookup(storageMeasurement, 'ratio', 'unitId'),
    },
    prepare: prepareBill,
    references: {
      goodsId: { to: () => goods, message: '物品不存在' },
      // toBaseUnits asks more of it: a unit of the line's goods
      unitId: 'checked',
    },
  },
  references: {
    warehouseId: { to: warehouses, message: '仓库不存在' },
    targetWarehouseId: { to: warehouses, message: '目标仓库不存在' },
    supplierId: { to: suppliers, message: '供应商不存在' },
  },
  readonlyWhen: {
    field: 'status',
    in: [BILL_STATUS.submitted, BILL_STATUS.checked, BILL_STATUS.returned],
    message: '只有草稿状态的单据可以修改或删除',
  },
  actions: { submitBill: { guard: submitBills }, check: { run: checkBills }, giveBack: { run: returnBills } },
})

export const cards = defineResource({
  contract: storageCardContract,
  table: storageCard,
  unique: [{ fields: ['warehouseId', 'goodsId'], message: '该仓库已有此物品的库存卡' }],
  expand: {
    warehouseName: lookup(storageWarehouse, 'name', 'warehouseId'),
    goodsName: lookup(storageGoods, 'name', 'goodsId'),
    goodsCode: lookup(storageGoods, 'code', 'goodsId'),
    stock: stockOf('goods_id', 'warehouse_id'),
  },
  references: {
    warehouseId: { to: warehouses, message: '仓库不存在' },
    goodsId: { to: goods, message: '物品不存在' },
  },
  beforeWrite: async ({ values }) => {
    const { minQuantity: min, maxQuantity: max } = values
    if (min && max && Number(min) > Number(max)) throw badRequest('最低库存不能大于最高库存')
  },
})

type Row = Record<string, unknown>

/**
 * An init row's quantity in the base unit (bills.ts `toBaseUnits`): a new row always; an update when it
 * changes the goods, the quantity or the unit. What the update leaves out is the row's own, except
 * that a bare `quantity` is in the base unit (the unit is cleared).
 */
async function initUnits(tx: Tx, auth: AuthContext, values: Row, id: string | undefined) {
  const sent = (k: string) => values[k] !== undefined
  const unitSent = sent('unitId') || sent('unitQuantity')
  let line: Row = { ...values }
  if (id) {
    if (!unitSent && !sent('quantity') && !sent('goodsId')) return
    const [row] = await tx
      .select()
      .from(storageInit)
      .where(scoped(storageInit, auth, eq(storageInit.id, id)))
    if (!row) return // the kit answers 404 for a row that is not there
    const keepUnit = unitSent || !sent('quantity')
    line = {
      goodsId: values.goodsId ?? row.goodsId,
      quantity: values.quantity ?? row.quantity,
      unitId: sent('unitId') ? values.unitId : keepUnit ? row.unitId : null,
      unitQuantity: sent('unitQuantity') ? values.unitQuantity : keepUnit ? row.unitQuantity : null,
    }
    if (!sent('price')) values.price = row.price
  }
  await toBaseUnits(tx, auth, [line], () => '')
  Object.assign(values, { quantity: line.quantity, unitId: line.unitId, unitQuantity: line.unitQuantity })
}

export const inits = defineResource({
  contract: initStockContract,
  table: storageInit,
  expand: {
    warehouseName: lookup(storageWarehouse, 'name', 'warehouseId'),
    goodsName: lookup(storageGoods, 'name', 'goodsId'),
    goodsCode: lookup(storageGoods, 'code', 'goodsId'),
    unit: lookup(storageGoods, 'unit', 'goodsId'),
    unitName: lookup(storageMeasurement, 'name', 'unitId'),
  },
  excel: initSheet(storageWarehouse, storageGoods),
  readonlyWhen: { field: 'status', in: [INIT_STATUS.submitted], message: '已入库的期初数据不能修改或删除' },
  references: {
    warehouseId: { to: warehouses, message: '仓库不存在' },
    goodsId: { to: goods, message: '物品不存在' },
    unitId: 'checked', // toBaseUnits asks more of it: a unit of the row's goods
  },
  beforeWrite: async ({ tx, auth, values, id }) => {
    await initUnits(tx, auth, values as Row, id)
    if (values.quantity !== undefined && values.price !== undefined)
      (values as Record<string, unknown>).amount = amountOf(Number(values.price), String(values.quantity))
  },
  actions: {
    // submitted init rows go into stock through the ledger, all or none
    updateStatus: {
      run: async ({ tx, auth, rows }) => {
        for (const row of rows)
          await applyMovements(tx, auth, { id: String(row.id), no: String(row.billNumber) }, [
            {
              kind: LEDGER_KIND.init,
              warehouseId: String(row.warehouseId),
              goodsId: String(row.goodsId),
              batchCode: String(row.batchCode ?? ''),
              quantity: String(row.quantity),
              price: Number(row.price),
              productionDate: (row.productionDate as Date | null) ?? null,
              expiryDate: (row.expiryDate as Date | null) ?? null,
            },
          ])
      },
    },
  },
})

export const inventories = defineResource({
  contract: inventoryContract,
  table: storageInventory,
  unique: [{ fields: ['planNo'], message: '盘点单号已存在' }],
  expand: { warehouseName: lookup(storageWarehouse, 'name', 'warehouseId') },
  readonlyWhen: {
    field: 'status',
    in: [INVENTORY_STATUS.counting, INVENTORY_STATUS.finished],
    message: '已生成盘点单的计划不能修改或删除',
  },
  references: { warehouseId: { to: warehouses, message: '仓库不存在' } },
})

export const STORAGE_RESOURCES = [
  warehouses,
  classifications,
  supplierSorts,
  suppliers,
  goods,
  measurements,
  bills,
  cards,
  inits,
  inventories,
]

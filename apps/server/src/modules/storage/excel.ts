import { yuan } from '@xpark/contract/money'
import { z } from 'zod'
import type { ExcelOptions } from '../../core/crud/index.js'
import { yuanCell } from '../../core/excel/index.js'
import type { storageClassification, storageGoods, storageSupplierSort, storageWarehouse } from './schema.js'

/**
 * The storage sheets (spec 02 §9 layout): export, template and import share their columns. Prices are
 * yuan with two decimals in a sheet (what a keeper types), cents in the database; quantities are
 * decimals as typed; references travel by their codes.
 */

export const quantityCell = (message: string) =>
  z.string({ error: message }).regex(/^\d{1,12}(\.\d{1,4})?$/, '数量应为最多四位小数的非负数')

const dateCell = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, '日期格式应为 yyyy-MM-dd')
  .optional()

export function supplierSheet(sorts: typeof storageSupplierSort): ExcelOptions {
  return {
    title: '供应商信息',
    columns: [
      { header: '供应商编码', key: 'code', note: '必填; 字母、数字、_ 或 -; 已存在的编码覆盖导入' },
      { header: '供应商名称', key: 'name', note: '必填' },
      { header: '分类编码', key: 'sortCode', value: () => '', note: '必填; 供应商分类的编码' },
      { header: '联系人', key: 'contact' },
      { header: '联系电话', key: 'phone' },
      { header: '地址', key: 'address' },
      { header: '结算方式', key: 'settlementMode', note: '字典 settlement_mode 的键' },
      { header: '采购类型', key: 'procuredType', note: '字典 procured_type 的键' },
    ],
    import: {
      row: z.object({
        code: z.string({ error: '请填写供应商编码' }),
        name: z.string({ error: '请填写供应商名称' }),
        sortCode: z.string({ error: '请填写分类编码' }),
        contact: z.string().optional(),
        phone: z.string().optional(),
        address: z.string().optional(),
        settlementMode: z.string().optional(),
        procuredType: z.string().optional(),
      }),
      match: ['code'],
      references: {
        sortCode: { table: sorts, column: 'code', into: 'sortId', message: '供应商分类编码不存在' },
      },
    },
  }
}

export function goodsSheet(classes: typeof storageClassification): ExcelOptions {
  return {
    title: '物品信息',
    columns: [
      { header: '物品编码', key: 'code', note: '必填; 字母、数字、_ 或 -; 已存在的编码覆盖导入' },
      { header: '物品名称', key: 'name', note: '必填; 最多 100 字' },
      {
        header: '分类编码',
        key: 'classificationCode',
        value: (r) => r.classificationCode ?? '',
        note: '必填',
      },
      { header: '规格', key: 'specification' },
      { header: '单位', key: 'unit', note: '必填' },
      { header: '单价(元)', key: 'price', value: (r) => yuan(r.price), note: '必填; 最多两位小数' },
      { header: '条码', key: 'barcode' },
      { header: '最低库存', key: 'minStock', note: '选填; 最多四位小数' },
      { header: '保质期(天)', key: 'shelfLifeDays', note: '选填; 整数' },
      { header: '库存', key: 'stock', note: '仅导出' },
    ],
    import: {
      row: z.object({
        code: z.string({ error: '请填写物品编码' }),
        name: z.string({ error: '请填写物品名称' }),
        classificationCode: z.string({ error: '请填写分类编码' }),
        specification: z.string().optional(),
        unit: z.string({ error: '请填写单位' }),
        price: yuanCell('请填写单价'),
        barcode: z.string().optional(),
        minStock: quantityCell('最低库存').optional(),
        shelfLifeDays: z
          .string()
          .regex(/^\d{1,5}$/, '保质期应为整数天')
          .transform(Number)
          .optional(),
        stock: z
          .string()
          .optional()
          .transform(() => undefined),
      }),
      match: ['code'],
      references: {
        classificationCode: {
          table: classes,
          column: 'code',
          into: 'classificationId',
          message: '物品分类编码不存在',
        },
      },
    },
  }
}

export function initSheet(stores: typeof storageWarehouse, goods: typeof storageGoods): ExcelOptions {
  return {
    title: '期初库存',
    columns: [
      { header: '单据编号', key: 'billNumber', note: '必填' },
      { header: '仓库编码', key: 'warehouseCode', value: () => '', note: '必填' },
      { header: '物品编码', key: 'goodsCode', value: (r) => r.goodsCode ?? '', note: '必填' },
      { header: '数量', key: 'quantity', note: '必填; 最多四位小数' },
      { header: '单价(元)', key: 'price', value: (r) => yuan(r.price), note: '必填' },
      { header: '批次号', key: 'batchCode' },
      { header: '生产日期', key: 'productionDate', note: 'yyyy-MM-dd' },
      { header: '有效期至', key: 'expiryDate', note: 'yyyy-MM-dd' },
    ],
    import: {
      row: z.object({
        billNumber: z.string({ error: '请填写单据编号' }),
        warehouseCode: z.string({ error: '请填写仓库编码' }),
        goodsCode: z.string({ error: '请填写物品编码' }),
        quantity: quantityCell('请填写数量'),
        price: yuanCell('请填写单价'),
        batchCode: z.string().optional(),
        productionDate: dateCell,
        expiryDate: dateCell,
      }),
      references: {
        warehouseCode: { table: stores, column: 'code', into: 'warehouseId', message: '仓库编码不存在' },
        goodsCode: { table: goods, column: 'code', into: 'goodsId', message: '物品编码不存在' },
      },
    },
  }
}

/** Lines of a bill import (the header comes with the request). */
export const BILL_LINE_COLUMNS = [
  { header: '物品编码', key: 'goodsCode', note: '必填' },
  { header: '数量', key: 'quantity', note: '必填; 大于 0, 最多四位小数' },
  { header: '单价(元)', key: 'price', note: '选填; 默认物品单价' },
  { header: '批次号', key: 'batchCode' },
  { header: '生产日期', key: 'productionDate', note: 'yyyy-MM-dd' },
  { header: '有效期至', key: 'expiryDate', note: 'yyyy-MM-dd' },
  { header: '备注', key: 'remark' },
] as const

export const BillLineCells = z.object({
  goodsCode: z.string({ error: '请填写物品编码' }),
  quantity: quantityCell('请填写数量').refine((v) => /[1-9]/.test(v), '数量应大于 0'),
  price: yuanCell('单价').optional(),
  batchCode: z.string().max(32, '批次号最多 32 字').optional(),
  productionDate: dateCell,
  expiryDate: dateCell,
  remark: z.string().max(255).optional(),
})

/** Counted quantities of an inventory (`write-inventory`). */
export const COUNT_COLUMNS = [
  { header: '物品编码', key: 'goodsCode', note: '必填' },
  { header: '批次号', key: 'batchCode' },
  { header: '实盘数量', key: 'countQuantity', note: '必填; 最多四位小数' },
] as const

export const CountCells = z.object({
  goodsCode: z.string({ error: '请填写物品编码' }),
  batchCode: z.string().optional(),
  countQuantity: quantityCell('请填写实盘数量'),
})

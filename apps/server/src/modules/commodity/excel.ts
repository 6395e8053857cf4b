import { yuan } from '@xpark/contract/money'
import { z } from 'zod'
import type { ExcelOptions } from '../../core/crud/index.js'
import { yuanCell } from '../../core/excel/index.js'
import type { commodityType } from './schema.js'

/**
 * The listing sheet (spec 02 §9 layout): export, template and import share its columns. Prices are
 * yuan with two decimals in the sheet (what a keeper types) and cents in the database; the type
 * travels by its code.
 */

/** `12.5` or `12.50` yuan → 1250 cents; anything else is a row error. */
const price = yuanCell('请填写价格', '价格应为最多两位小数的金额')

export function listingSheet(types: typeof commodityType): ExcelOptions {
  return {
    title: '商品信息',
    columns: [
      { header: '商品编码', key: 'code', note: '必填; 字母、数字、_ 或 -; 已存在的编码按覆盖导入更新' },
      { header: '商品名称', key: 'name', note: '必填; 最多 64 字' },
      { header: '类型编码', key: 'typeCode', value: (r) => r.typeCode ?? '', note: '必填; 商品类型的编码' },
      { header: '价格(元)', key: 'price', value: (r) => yuan(r.price), note: '必填; 最多两位小数' },
      { header: '库存', key: 'stock', note: '必填; 整数' },
      { header: '单位', key: 'unit', note: '选填' },
      { header: '规格', key: 'specification', note: '选填' },
    ],
    import: {
      row: z.object({
        code: z.string({ error: '请填写商品编码' }),
        name: z.string({ error: '请填写商品名称' }),
        typeCode: z.string({ error: '请填写类型编码' }),
        price,
        stock: z
          .string({ error: '请填写库存' })
          .regex(/^\d{1,9}$/, '库存应为整数')
          .transform(Number),
        unit: z.string().optional(),
        specification: z.string().optional(),
      }),
      match: ['code'],
      references: { typeCode: { table: types, column: 'code', into: 'typeId', message: '类型编码不存在' } },
    },
  }
}

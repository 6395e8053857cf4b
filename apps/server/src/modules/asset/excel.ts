import { yuan } from '@xpark/contract/money'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { type ExcelOptions, importMessage, insertIn, planWrite } from '../../core/crud/index.js'
import { AppError } from '../../core/errors.js'
import { type ImportRowError, readWorkbook, yuanCell } from '../../core/excel/index.js'
import { Answer } from '../../core/http/calls.js'
import { readUpload } from '../../core/http/uploads.js'
import type { Db } from '../../db/client.js'
import { warehouses } from '../storage/index.js'
import type { assetType } from './schema.js'

/** The asset sheet (price in yuan, type by code) and the warehouse import. */

export function assetSheet(types: typeof assetType): ExcelOptions {
  return {
    title: '资产台账',
    columns: [
      { header: '资产编码', key: 'code', note: '必填; 已存在的编码覆盖导入' },
      { header: '资产名称', key: 'name', note: '必填' },
      { header: '类型编码', key: 'typeCode', value: () => '', note: '必填' },
      { header: '规格', key: 'specification' },
      { header: '购置价格(元)', key: 'purchasePrice', value: (r) => yuan(r.purchasePrice), note: '必填' },
      { header: '残值(元)', key: 'residualValue', value: (r) => yuan(r.residualValue) },
      { header: '购置日期', key: 'purchaseDate', note: 'yyyy-MM-dd' },
      { header: '使用年限(月)', key: 'lifeMonths', note: '选填; 默认取类型的' },
      { header: '存放位置', key: 'location' },
      { header: '当前价值(元)', key: 'currentValue', value: (r) => yuan(r.currentValue), note: '仅导出' },
    ],
    import: {
      row: z.object({
        code: z.string({ error: '请填写资产编码' }),
        name: z.string({ error: '请填写资产名称' }),
        typeCode: z.string({ error: '请填写类型编码' }),
        specification: z.string().optional(),
        purchasePrice: yuanCell('请填写购置价格'),
        residualValue: yuanCell('残值').optional(),
        purchaseDate: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd')
          .optional(),
        lifeMonths: z
          .string()
          .regex(/^\d{1,4}$/, '使用年限应为整数月')
          .transform(Number)
          .optional(),
        location: z.string().optional(),
        currentValue: z
          .string()
          .optional()
          .transform(() => undefined),
      }),
      match: ['code'],
      references: {
        typeCode: { table: types, column: 'code', into: 'typeId', message: '资产类型编码不存在' },
      },
    },
  }
}

const WAREHOUSE_COLUMNS = [
  { header: '仓库编码', key: 'code', note: '必填' },
  { header: '仓库名称', key: 'name', note: '必填' },
  { header: '地址', key: 'address' },
  { header: '保管员', key: 'keeper' },
  { header: '联系电话', key: 'phone' },
] as const

const WarehouseCells = z.object({
  code: z.string({ error: '请填写仓库编码' }),
  name: z.string({ error: '请填写仓库名称' }),
  address: z.string().optional(),
  keeper: z.string().optional(),
  phone: z.string().optional(),
})

class RolledBack extends Error {}

/** `import-warehouse`: new warehouses through the storage module's resource; a bad row writes nothing. */
export async function importWarehouses(db: Db, request: FastifyRequest) {
  const auth = authOf(request)
  const upload = await readUpload(request)
  const sheet = await readWorkbook(upload.buffer, {
    columns: WAREHOUSE_COLUMNS as never,
    schema: WarehouseCells,
  })
  const errors: ImportRowError[] = [...sheet.errors]
  const total = sheet.rows.length + sheet.errors.length
  let imported = 0
  const plan = await planWrite(warehouses, auth)
  if (!errors.length)
    try {
      await db.transaction(async (tx) => {
        for (const { row, data } of sheet.rows) {
          const form = warehouses.schema.safeParse(data)
          if (!form.success) {
            errors.push({ row, messages: form.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) })
            continue
          }
          try {
            await insertIn(tx, warehouses, auth, form.data as Record<string, unknown>, plan)
            imported++
          } catch (error) {
            if (error instanceof AppError) errors.push({ row, messages: [error.message] })
            else throw error
          }
        }
        if (errors.length) throw new RolledBack()
      })
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error
    }
  const summary = {
    total,
    imported: errors.length ? 0 : imported,
    updated: 0,
    errors: errors.sort((a, b) => a.row - b.row),
  }
  return new Answer(summary, importMessage(summary))
}

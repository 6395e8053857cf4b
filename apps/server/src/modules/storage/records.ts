import { BILL_STATUS, BILL_TYPE, type GoodsRecordForm, INIT_STATUS } from '@xpark/contract/modules/storage'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AuthContext } from '../../core/auth/tokens.js'
import {
  type ImportSummary,
  importMessage,
  insertIn,
  planWrite,
  saveWithLines,
  whereOf,
} from '../../core/crud/index.js'
import { ok } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import { readWorkbook } from '../../core/excel/index.js'
import { nextId } from '../../core/ids.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { checkBills, prepareBill } from './bills.js'
import { BILL_LINE_COLUMNS, BillLineCells } from './excel.js'
import { bills, inits } from './resources.js'
import { storageBill, storageBillLine, storageGoods, storageInit } from './schema.js'

/**
 * Writes beside the kit's: a bill imported from a sheet, a goods record (one line in or out, checked
 * at once), init stock's bill numbers and batches.
 */

type Row = Record<string, unknown>

/** `import-in|out|move-storage-bill`: one draft bill from a sheet of lines; a bad row writes nothing. */
export async function importBill(
  db: Db,
  auth: AuthContext,
  billType: number,
  header: Row,
  buffer: Buffer,
): Promise<ReturnType<typeof ok<ImportSummary & { id?: string }>>> {
  const sheet = await readWorkbook(buffer, { columns: BILL_LINE_COLUMNS as never, schema: BillLineCells })
  const total = sheet.rows.length + sheet.errors.length
  const errors = [...sheet.errors]
  const codes = [...new Set(sheet.rows.map((r) => r.data.goodsCode))]
  const found = codes.length
    ? await db
        .select({ id: storageGoods.id, code: storageGoods.code })
        .from(storageGoods)
        .where(scoped(storageGoods, auth, inArray(storageGoods.code, codes)))
    : []
  const byCode = new Map(found.map((g) => [g.code, g.id]))
  const lines: Row[] = []
  for (const { row, data } of sheet.rows) {
    const goodsId = byCode.get(data.goodsCode)
    if (!goodsId) errors.push({ row, messages: [`物品编码不存在: ${data.goodsCode.slice(0, 40)}`] })
    else {
      const { goodsCode: _code, ...rest } = data
      lines.push({ ...rest, goodsId })
    }
  }
  if (!total) errors.push({ row: 2, messages: ['没有数据行'] })
  if (errors.length) {
    const summary = { total, imported: 0, updated: 0, errors: errors.sort((a, b) => a.row - b.row) }
    return ok(summary, importMessage(summary))
  }
  const id = await saveWithLines(db, bills, auth, undefined, { ...header, billType, details: lines })
  const summary = { total, imported: lines.length, updated: 0, errors: [], id }
  return ok(summary, importMessage(summary))
}

/** `outOrIntoStorageGoods`: one goods in or out now (a one-line bill, checked in the same transaction). */
export async function recordGoods(
  db: Db,
  auth: AuthContext,
  form: z.infer<typeof GoodsRecordForm>,
  check: boolean,
) {
  const where = await whereOf(bills, auth)
  return db.transaction(async (tx) => {
    const header: Row = {
      billType: form.type === 1 ? BILL_TYPE.in : BILL_TYPE.out,
      warehouseId: form.warehouseId,
      remark: form.remark ?? '',
      billDate: new Date(),
    }
    const lines: Row[] = [
      {
        goodsId: form.goodsId,
        quantity: form.quantity,
        unitId: form.unitId,
        unitQuantity: form.unitQuantity,
        price: form.price,
        batchCode: form.batchCode ?? '',
      },
    ]
    const id = nextId()
    await prepareBill({ tx, auth, headerId: id, created: true, header, lines, previous: [] })
    if (check) header.status = BILL_STATUS.checked
    await tx.insert(storageBill).values(stamped(storageBill, auth, { ...header, id }) as never)
    await tx
      .insert(storageBillLine)
      .values(lines.map((l) => stamped(storageBillLine, auth, { ...l, billId: id })) as never)
    if (check) {
      const [bill] = await tx
        .select()
        .from(storageBill)
        .where(and(where, eq(storageBill.id, id)))
      await checkBills({ tx, auth, rows: [bill as Row], input: {}, from: [], to: BILL_STATUS.checked })
    }
    return id
  })
}

/** `getBillNumber`: the next free init bill number of the day (`QC` + yyyyMMdd + sequence). */
export async function nextInitNumber(db: Db, auth: AuthContext) {
  const now = new Date()
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  const day = `QC${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
  const [last] = await db
    .select({ billNumber: storageInit.billNumber })
    .from(storageInit)
    .where(and(eq(storageInit.tenantId, auth.tenantId), like(storageInit.billNumber, `${day}%`)))
    .orderBy(sql`length(${storageInit.billNumber}) desc, ${storageInit.billNumber} desc`)
    .limit(1)
  const seq = last ? Number(last.billNumber.slice(day.length)) + 1 : 1
  return `${day}${pad(Number.isFinite(seq) ? seq : 1, 4)}`
}

/** `batchSubmit`: several init rows of one bill number written together (drafts), all or none. */
export async function saveInitBatch(db: Db, auth: AuthContext, rows: readonly Row[]) {
  const plan = await planWrite(inits, auth)
  return db.transaction(async (tx) => {
    const ids: string[] = []
    for (const [i, row] of rows.entries()) {
      try {
        ids.push(await insertIn(tx, inits, auth, { ...row }, plan))
      } catch (error) {
        if (error instanceof Error) throw badRequest(`第 ${i + 1} 行: ${error.message}`)
        throw error
      }
    }
    return ids
  })
}

/** The draft init rows of a bill number (`updateInit` submits them all). */
export async function draftInitIds(db: Db, auth: AuthContext, billNumber: string) {
  const rows = await db
    .select({ id: storageInit.id })
    .from(storageInit)
    .where(
      await whereOf(
        inits,
        auth,
        eq(storageInit.billNumber, billNumber),
        eq(storageInit.status, INIT_STATUS.draft),
      ),
    )
  return rows.map((r) => r.id)
}

/** `djPage`: init stock by bill number (单据). */
export async function initBills(db: Db, auth: AuthContext, p: { size: number; offset: number }) {
  const where = await whereOf(inits, auth)
  const rows = await db
    .select({
      billNumber: storageInit.billNumber,
      lineCount: sql<number>`count(*)`.mapWith(Number),
      totalQuantity: sql<string>`sum(${storageInit.quantity})::text`,
      totalAmount: sql<number>`sum(${storageInit.amount})`.mapWith(Number),
      status: sql<number>`min(${storageInit.status})`.mapWith(Number),
      createTime: sql<Date>`max(${storageInit.createTime})`.mapWith((v) => new Date(v)),
    })
    .from(storageInit)
    .where(where)
    .groupBy(storageInit.billNumber)
    .orderBy(sql`max(${storageInit.createTime}) desc`)
  return { records: rows.slice(p.offset, p.offset + p.size), total: rows.length }
}

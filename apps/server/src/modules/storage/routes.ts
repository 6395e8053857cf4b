import type { CallContract } from '@xpark/contract/calls'
import {
  auditLossesCall,
  auditProfitCall,
  BILL_TYPE,
  billBatchCodeMissingCall,
  countLinesOfPlanCall,
  createCountBillCall,
  enterCountCall,
  goodsCountsCall,
  goodsInStockCall,
  goodsRecordsCall,
  goodsSummaryQuery,
  importCountsCall,
  importInBillCall,
  importMoveBillCall,
  importOutBillCall,
  initBatchCall,
  initBillsCall,
  ledgerEntriesCall,
  lossesLinesCall,
  nextInitNumberCall,
  overdueCountQuery,
  overdueQuery,
  profitLinesCall,
  putInitInStockCall,
  recordGoodsCall,
  removeGoodsRecordsCall,
  saveGoodsRecordCall,
  stockByWarehouseCall,
  stockQuery,
  suppliersWithSortsCall,
} from '@xpark/contract/modules/storage'
import { yuan } from '@xpark/contract/money'
import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { importMessage, listRows, removeRows, runAction, whereOf } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { exportIds, logDownload, readWorkbook, sendWorkbook } from '../../core/excel/index.js'
import type { Api } from '../../core/http/api.js'
import { Answer, handle } from '../../core/http/calls.js'
import { readUpload } from '../../core/http/uploads.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { COUNT_COLUMNS, CountCells } from './excel.js'
import { auditCount, countLines, createCountBill, enterCount, writeCounts } from './inventory.js'
import { ledgerPage } from './ledger-page.js'
import { registerPickers } from './pickers.js'
import {
  batchesOf,
  goodsInStock,
  lowStock,
  overdueCounts,
  type Paged,
  type PageSpec,
  paged,
  queryOverdue,
  queryStorage,
  stockByWarehouse,
  summaryGoods,
} from './queries.js'
import { draftInitIds, importBill, initBills, nextInitNumber, recordGoods, saveInitBatch } from './records.js'
import { bills, goods, inits, suppliers } from './resources.js'
import { storageBill, storageBillLine, storageGoods, storageStock } from './schema.js'
import { registerStatistics } from './statistics.js'

/** The storage module's routes beyond the kit's (spec 02 §7 "Storage and inventory"). */

type Query = Record<string, unknown>

const BILL_IMPORTS: [typeof importInBillCall, number][] = [
  [importInBillCall, BILL_TYPE.in],
  [importOutBillCall, BILL_TYPE.out],
  [importMoveBillCall, BILL_TYPE.move],
]

/** An export sheet: its title, columns and the query it walks. */
interface Sheet {
  title: string
  /** the field the console ticks rows by: an export with `ids` holds only those rows */
  rowKey?: string
  columns: { header: string; key: string; value?: (r: Record<string, unknown>) => unknown }[]
}

const STOCK_SHEET: Sheet = {
  title: '库存查询',
  rowKey: 'id',
  columns: [
    { header: '仓库', key: 'warehouseName' },
    { header: '物品编码', key: 'goodsCode' },
    { header: '物品名称', key: 'goodsName' },
    { header: '规格', key: 'specification' },
    { header: '单位', key: 'unit' },
    { header: '批次号', key: 'batchCode' },
    { header: '数量', key: 'quantity' },
    { header: '单价(元)', key: 'price', value: (r) => yuan(r.price) },
    { header: '金额(元)', key: 'amount', value: (r) => yuan(r.amount) },
    { header: '生产日期', key: 'productionDate' },
    { header: '有效期至', key: 'expiryDate' },
  ],
}

const SUMMARY_SHEET: Sheet = {
  title: '物品汇总',
  rowKey: 'goodsId',
  columns: [
    { header: '物品编码', key: 'goodsCode' },
    { header: '物品名称', key: 'goodsName' },
    { header: '分类', key: 'classificationName' },
    { header: '规格', key: 'specification' },
    { header: '单位', key: 'unit' },
    { header: '期初数量', key: 'opening' },
    { header: '入库数量', key: 'inQuantity' },
    { header: '出库数量', key: 'outQuantity' },
    { header: '结存数量', key: 'closing' },
    { header: '单价(元)', key: 'price', value: (r) => yuan(r.price) },
    { header: '结存金额(元)', key: 'amount', value: (r) => yuan(r.amount) },
  ],
}

const OVERDUE_NUM_SHEET: Sheet = {
  title: '过期库存统计',
  columns: [
    { header: '仓库', key: 'warehouseName' },
    { header: '已过期批次', key: 'overdue' },
    { header: '30天内到期批次', key: 'expiring' },
    { header: '过期数量', key: 'overdueQuantity' },
  ],
}

export async function storageRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const preHandler = [api.scopes.api.guard]
  const guard = { preHandler }

  /** A paged query and its xlsx export (same filters; only the ticked rows when `ids` names them). */
  const queryWithExport = (
    calls: { page: CallContract; export: CallContract },
    sheet: Sheet,
    read: (auth: ReturnType<typeof authOf>, q: Query, p: PageSpec) => Promise<Paged<Record<string, unknown>>>,
  ) => {
    handle(
      api,
      calls.page,
      (query, q) => paged(query as Query, (p) => read(authOf(q), query as Query, p)),
      guard,
    )
    handle(
      api,
      calls.export,
      async (params, q, reply) => {
        const auth = authOf(q)
        const query = params as Query
        // the ticked rows (the console sends their keys, spec 02 §2), else every row the filters match
        const ids = new Set(exportIds(query.ids))
        const key = sheet.rowKey
        const batches = batchesOf((p) => read(auth, query, p))
        return sendWorkbook(reply, {
          title: typeof query.title === 'string' ? query.title.slice(0, 100) : sheet.title,
          columns: sheet.columns,
          batches:
            ids.size && key
              ? (async function* () {
                  for await (const batch of batches) yield batch.filter((row) => ids.has(String(row[key])))
                })()
              : batches,
        })
      },
      { ...guard, route: { onResponse: logDownload } },
    )
  }

  // —— goods ——
  handle(
    api,
    goodsCountsCall,
    async (_, q) => {
      const auth = authOf(q)
      const where = await whereOf(goods, auth)
      const [all] = await db.select({ n: count() }).from(storageGoods).where(where)
      const [stocked] = await db
        .select({ n: sql<number>`count(distinct ${storageStock.goodsId})`.mapWith(Number) })
        .from(storageStock)
        .where(and(eq(storageStock.tenantId, auth.tenantId), sql`${storageStock.quantity} > 0`))
      const low = await lowStock(db, auth)
      return { goodsNum: all?.n ?? 0, stockNum: stocked?.n ?? 0, lowNum: low.length }
    },
    guard,
  )
  handle(api, suppliersWithSortsCall, (query, q) => listRows(db, suppliers, authOf(q), query), guard)

  // —— goods records (one goods in or out) ——
  handle(api, goodsRecordsCall, (query, q) => paged(query, (p) => ledgerPage(db, authOf(q), query, p)), guard)
  handle(
    api,
    recordGoodsCall,
    async (form, q) => ({ id: await recordGoods(db, authOf(q), form, true) }),
    guard,
  )
  handle(
    api,
    saveGoodsRecordCall,
    async (form, q) => ({ id: await recordGoods(db, authOf(q), form, false) }),
    guard,
  )
  handle(
    api,
    removeGoodsRecordsCall,
    async (query, q) => {
      const ids = query.ids.split(',')
      if (!ids.every((i) => /^[1-9]\d{0,18}$/.test(i)))
        throw badRequest('参数校验失败: ids: must be comma-separated ids')
      await removeRows(db, bills, authOf(q), ids)
      return {}
    },
    guard,
  )

  // —— storage bills ——
  for (const [call, billType] of BILL_IMPORTS)
    handle(
      api,
      call,
      async (query, q) => {
        const { isCovered: _c, ...header } = query
        if (billType !== BILL_TYPE.move) delete header.targetWarehouseId
        const upload = await readUpload(q)
        const answer = await importBill(db, authOf(q), billType, header, upload.buffer)
        return new Answer(answer.data, answer.msg)
      },
      guard,
    )
  handle(
    api,
    billBatchCodeMissingCall,
    async (query, q) => {
      const parsed = z.object({ billId: z.string().regex(/^[1-9]\d{0,18}$/) }).safeParse(query)
      if (!parsed.success) throw badRequest('参数校验失败: billId: must be a 64-bit id')
      const { billId } = parsed.data
      const auth = authOf(q)
      const [bill] = await db
        .select({ id: storageBill.id })
        .from(storageBill)
        .where(await whereOf(bills, auth, eq(storageBill.id, billId)))
      if (!bill) throw badRequest('单据不存在')
      const [empty] = await db
        .select({ n: count() })
        .from(storageBillLine)
        .where(
          scoped(
            storageBillLine,
            auth,
            eq(storageBillLine.billId, billId),
            eq(storageBillLine.batchCode, ''),
          ),
        )
      return (empty?.n ?? 0) > 0
    },
    guard,
  )

  // —— stock queries and their exports ——
  queryWithExport(stockQuery, STOCK_SHEET, (auth, q, p) => queryStorage(db, auth, q, p))
  queryWithExport(goodsSummaryQuery, SUMMARY_SHEET, (auth, q, p) => summaryGoods(db, auth, q, p))
  queryWithExport(overdueQuery, { ...STOCK_SHEET, title: '过期库存' }, (auth, q, p) =>
    queryOverdue(db, auth, q, p),
  )
  queryWithExport(overdueCountQuery, OVERDUE_NUM_SHEET, (auth, q, p) => overdueCounts(db, auth, q, p))
  handle(
    api,
    goodsInStockCall,
    (query, q) => paged(query, (p) => goodsInStock(db, authOf(q), query, p)),
    guard,
  )
  handle(
    api,
    stockByWarehouseCall,
    (query, q) => paged(query, (p) => stockByWarehouse(db, authOf(q), query, p)),
    guard,
  )
  handle(
    api,
    ledgerEntriesCall,
    (query, q) => paged(query, (p) => ledgerPage(db, authOf(q), query, p)),
    guard,
  )

  // —— init stock ——
  handle(api, nextInitNumberCall, (_, q) => nextInitNumber(db, authOf(q)), guard)
  handle(api, initBillsCall, (query, q) => paged(query, (p) => initBills(db, authOf(q), p)), guard)
  handle(
    api,
    initBatchCall,
    async (rows, q) => ({ ids: await saveInitBatch(db, authOf(q), rows as Record<string, unknown>[]) }),
    guard,
  )
  handle(
    api,
    putInitInStockCall,
    async ({ billNumber }, q) => {
      const auth = authOf(q)
      const ids = await draftInitIds(db, auth, billNumber)
      if (!ids.length) throw badRequest('没有待入库的期初数据')
      await runAction(db, inits, auth, 'updateStatus', { ids: ids.join(',') })
      return {}
    },
    guard,
  )

  // —— inventory ——
  const linesQuery = (which?: 'profit' | 'losses') => (query: Query, q: FastifyRequest) => {
    const id = query.inventoryId ?? query.id
    if (id !== undefined && !/^[1-9]\d{0,18}$/.test(String(id)))
      throw badRequest('参数校验失败: inventoryId: must be a 64-bit id')
    return paged(query, (p) => countLines(db, authOf(q), id ? String(id) : undefined, which, p))
  }
  handle(api, countLinesOfPlanCall, linesQuery(), guard)
  handle(api, profitLinesCall, linesQuery('profit'), guard)
  handle(api, lossesLinesCall, linesQuery('losses'), guard)
  handle(
    api,
    enterCountCall,
    async (form, q) => {
      await enterCount(db, authOf(q), form)
      return {}
    },
    guard,
  )
  const planAction = (
    call: typeof createCountBillCall,
    run: (auth: ReturnType<typeof authOf>, id: string) => Promise<void>,
  ) =>
    handle(
      api,
      call,
      async ({ id }, q) => {
        await run(authOf(q), id)
        return {}
      },
      guard,
    )
  planAction(createCountBillCall, (auth, id) => createCountBill(db, auth, id))
  planAction(auditProfitCall, (auth, id) => auditCount(db, auth, id, 'profit'))
  planAction(auditLossesCall, (auth, id) => auditCount(db, auth, id, 'losses'))
  handle(
    api,
    importCountsCall,
    async ({ inventoryId }, q) => {
      const upload = await readUpload(q)
      const sheet = await readWorkbook(upload.buffer, { columns: COUNT_COLUMNS as never, schema: CountCells })
      const errors = [...sheet.errors]
      const written = errors.length ? 0 : await writeCounts(db, authOf(q), inventoryId, sheet.rows, errors)
      const summary = {
        total: sheet.rows.length + sheet.errors.length,
        imported: errors.length ? 0 : written,
        updated: 0,
        errors: errors.sort((a, b) => a.row - b.row),
      }
      return new Answer(summary, importMessage(summary))
    },
    guard,
  )

  await registerStatistics(api, ctx)
  await registerPickers(api, ctx)
}

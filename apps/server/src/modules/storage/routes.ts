import {
  BILL_TYPE,
  BillImportQuery,
  GoodsRecordForm,
  goodsContract,
  InventoryCountForm,
  initStockContract,
  inventoryContract,
  storageBillContract,
  supplierContract,
} from '@xpark/contract/modules/storage'
import { yuan } from '@xpark/contract/money'
import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { importMessage, listRows, removeRows, runAction, whereOf } from '../../core/crud/index.js'
import { ok, status } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import { exportIds, logDownload, readWorkbook, sendWorkbook } from '../../core/excel/index.js'
import type { Api } from '../../core/http/api.js'
import { readUpload } from '../../core/http/uploads.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { COUNT_COLUMNS, CountCells } from './excel.js'
import { auditCount, countLines, createCountBill, enterCount, writeCounts } from './inventory.js'
import { registerPickers } from './pickers.js'
import {
  batchesOf,
  goodsInStock,
  ledgerPage,
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
const loose = z.object({}).loose()
const idQuery = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/, 'must be a 64-bit id') })

const BILL_IMPORTS: [string, number][] = [
  ['import-in-storage-bill', BILL_TYPE.in],
  ['import-out-storage-bill', BILL_TYPE.out],
  ['import-move-storage-bill', BILL_TYPE.move],
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
  const guard = [api.scopes.api.guard]
  const view = (code: string) => ({ permission: code })
  const goodsView = goodsContract.permissions.view
  const billView = storageBillContract.permissions.view

  const get = (
    url: string,
    summary: string,
    permission: string,
    handler: (q: FastifyRequest, reply: FastifyReply) => unknown,
    extra: Record<string, unknown> = {},
  ) =>
    api.get(
      `/park-storage/${url}`,
      {
        schema: { tags: ['storage'], summary, querystring: loose },
        config: view(permission),
        preHandler: guard,
        ...extra,
      },
      handler as never,
    )

  /** A paged query and its xlsx export (same filters; only the ticked rows when `ids` names them). */
  const queryWithExport = (
    url: string,
    exportUrl: string,
    sheet: Sheet,
    read: (auth: ReturnType<typeof authOf>, q: Query, p: PageSpec) => Promise<Paged<Record<string, unknown>>>,
  ) => {
    get(url, `${sheet.title} (paged)`, goodsView, (q) =>
      paged(q.query as Query, (p) => read(authOf(q), q.query as Query, p)).then(ok),
    )
    for (const method of ['GET', 'POST'] as const)
      api.route({
        method,
        url: `/park-storage/${exportUrl}`,
        schema: {
          tags: ['storage'],
          summary: `${sheet.title} as xlsx (spec 02 §9 layout)`,
          querystring: loose,
        },
        config: { permission: 'storage_stock_export' },
        preHandler: guard,
        onResponse: logDownload,
        handler: async (q, reply) => {
          const auth = authOf(q)
          const query = { ...(q.query as Query), ...((q.body as Query | undefined) ?? {}) }
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
      })
  }

  // —— goods ——
  get('goods/getGoodsNum', 'goods counts: all, in stock, below their minimum', goodsView, async (q) => {
    const auth = authOf(q)
    const where = await whereOf(goods, auth)
    const [all] = await db.select({ n: count() }).from(storageGoods).where(where)
    const [stocked] = await db
      .select({ n: sql<number>`count(distinct ${storageStock.goodsId})`.mapWith(Number) })
      .from(storageStock)
      .where(and(eq(storageStock.tenantId, auth.tenantId), sql`${storageStock.quantity} > 0`))
    const low = await lowStock(db, auth)
    return ok({ goodsNum: all?.n ?? 0, stockNum: stocked?.n ?? 0, lowNum: low.length })
  })
  for (const url of ['goods/querySupplierSortName'])
    get(url, 'suppliers with their sort names (paged)', supplierContract.permissions.view, async (q) =>
      ok(await listRows(db, suppliers, authOf(q), q.query as Query)),
    )

  // —— goods records (one goods in or out) ——
  get('storageGoods/queryStorageGoods', 'goods records: ledger entries in and out (paged)', goodsView, (q) =>
    paged(q.query as Query, (p) => ledgerPage(db, authOf(q), q.query as Query, p)).then(ok),
  )
  api.post(
    '/park-storage/storageGoods/outOrIntoStorageGoods',
    {
      schema: {
        tags: ['storage'],
        summary: 'one goods in (type 1) or out (type 2) now: a one-line bill, checked',
        body: GoodsRecordForm,
      },
      config: { permission: 'storage_bill_check' },
      preHandler: guard,
    },
    async (q) => ok({ id: await recordGoods(db, authOf(q), q.body, true) }, '操作成功'),
  )
  api.post(
    '/park-storage/storageGoods/saveStorageGoods',
    {
      schema: {
        tags: ['storage'],
        summary: 'a one-line draft bill for one goods in or out',
        body: GoodsRecordForm,
      },
      config: { permission: storageBillContract.permissions.add },
      preHandler: guard,
    },
    async (q) => ok({ id: await recordGoods(db, authOf(q), q.body, false) }, '操作成功'),
  )
  api.get(
    '/park-storage/storageGoods/deleteStorageGoods',
    {
      schema: {
        tags: ['storage'],
        summary: 'remove draft goods records (bills) by ids',
        querystring: z.object({ ids: z.string() }),
      },
      config: { permission: storageBillContract.permissions.delete },
      preHandler: guard,
    },
    async (q) => {
      const ids = q.query.ids.split(',')
      if (!ids.every((i) => /^[1-9]\d{0,18}$/.test(i)))
        throw badRequest('参数校验失败: ids: must be comma-separated ids')
      await removeRows(db, bills, authOf(q), ids)
      return status(true)
    },
  )

  // —— storage bills ——
  for (const [url, billType] of BILL_IMPORTS)
    api.post(
      `/park-storage/storageBill/${url}`,
      {
        schema: {
          tags: ['storage'],
          summary:
            'import a draft bill: header in the query, lines in the xlsx (multipart `file`); a bad row writes nothing',
          consumes: ['multipart/form-data'],
          querystring: BillImportQuery,
        },
        config: { permission: 'storage_bill_import' },
        preHandler: guard,
      },
      async (q) => {
        const { isCovered: _c, ...header } = q.query
        if (billType !== BILL_TYPE.move) delete header.targetWarehouseId
        const upload = await readUpload(q)
        return importBill(db, authOf(q), billType, header, upload.buffer)
      },
    )
  get(
    'storageBill/isBatchCodeNull',
    'whether a bill has lines without a batch code (billId)',
    billView,
    async (q) => {
      const parsed = z.object({ billId: z.string().regex(/^[1-9]\d{0,18}$/) }).safeParse(q.query)
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
      return ok((empty?.n ?? 0) > 0)
    },
  )

  // —— stock queries and their exports ——
  queryWithExport('storage/queryStorage', 'storage/export-storage', STOCK_SHEET, (auth, q, p) =>
    queryStorage(db, auth, q, p),
  )
  queryWithExport('storage/summaryGoods', 'storage/export-summaryGoods', SUMMARY_SHEET, (auth, q, p) =>
    summaryGoods(db, auth, q, p),
  )
  queryWithExport(
    'storage/stockOverdue',
    'storage/export-StockOverdue',
    { ...STOCK_SHEET, title: '过期库存' },
    (auth, q, p) => queryOverdue(db, auth, q, p),
  )
  queryWithExport(
    'storage/stockOverdueNum',
    'storage/export-StockOverdueNum',
    OVERDUE_NUM_SHEET,
    (auth, q, p) => overdueCounts(db, auth, q, p),
  )
  get('storage/queryGoods', 'goods in stock of a warehouse (paged)', goodsView, (q) =>
    paged(q.query as Query, (p) => goodsInStock(db, authOf(q), q.query as Query, p)).then(ok),
  )
  get(
    'storage/queryByStorageData',
    'stock per warehouse: goods kinds, quantity, value (paged)',
    goodsView,
    (q) => paged(q.query as Query, (p) => stockByWarehouse(db, authOf(q), q.query as Query, p)).then(ok),
  )
  get(
    'storage/queryStorageRecord',
    'ledger entries: who, when, which bill, before and after (paged)',
    goodsView,
    (q) => paged(q.query as Query, (p) => ledgerPage(db, authOf(q), q.query as Query, p)).then(ok),
  )

  // —— init stock ——
  const initView = initStockContract.permissions.view
  get('initStorageGoods/getBillNumber', 'the next init bill number', initView, async (q) =>
    ok(await nextInitNumber(db, authOf(q))),
  )
  get('initStorageGoods/djPage', 'init stock by bill number (paged)', initView, (q) =>
    paged(q.query as Query, (p) => initBills(db, authOf(q), p)).then(ok),
  )
  api.post(
    '/park-storage/initStorageGoods/batchSubmit',
    {
      schema: {
        tags: ['storage'],
        summary: 'several draft init rows at once (all or none)',
        body: z.array(initStockContract.form).min(1).max(500),
      },
      config: { permission: initStockContract.permissions.add },
      preHandler: guard,
    },
    async (q) =>
      ok({ ids: await saveInitBatch(db, authOf(q), q.body as Record<string, unknown>[]) }, '操作成功'),
  )
  api.post(
    '/park-storage/initStorageGoods/updateInit',
    {
      schema: {
        tags: ['storage'],
        summary: 'put every draft row of an init bill number into stock (through the ledger)',
        querystring: z.object({ billNumber: z.string().min(1).max(32) }),
      },
      config: { permission: 'storage_init_submit' },
      preHandler: guard,
    },
    async (q) => {
      const auth = authOf(q)
      const ids = await draftInitIds(db, auth, q.query.billNumber)
      if (!ids.length) throw badRequest('没有待入库的期初数据')
      await runAction(db, inits, auth, 'updateStatus', { ids: ids.join(',') })
      return status(true)
    },
  )

  // —— inventory ——
  const inventoryView = inventoryContract.permissions.view
  const linesQuery = (which?: 'profit' | 'losses') => (q: FastifyRequest) => {
    const query = q.query as Query
    const id = query.inventoryId ?? query.id
    if (id !== undefined && !/^[1-9]\d{0,18}$/.test(String(id)))
      throw badRequest('参数校验失败: inventoryId: must be a 64-bit id')
    return paged(query, (p) => countLines(db, authOf(q), id ? String(id) : undefined, which, p)).then(ok)
  }
  get('inventory/detail/list', 'count lines of a plan (inventoryId; paged)', inventoryView, linesQuery())
  get(
    'inventory/page/profit',
    'the profit bill: lines counted above their book quantity (paged)',
    inventoryView,
    linesQuery('profit'),
  )
  get(
    'inventory/page/losses',
    'the losses bill: lines counted below their book quantity (paged)',
    inventoryView,
    linesQuery('losses'),
  )
  api.post(
    '/park-storage/inventory/detail/update',
    {
      schema: { tags: ['storage'], summary: 'enter a counted quantity', body: InventoryCountForm },
      config: { permission: inventoryContract.permissions.edit },
      preHandler: guard,
    },
    async (q) => {
      await enterCount(db, authOf(q), q.body)
      return status(true)
    },
  )
  const planAction = (
    url: string,
    summary: string,
    permission: string,
    run: (auth: ReturnType<typeof authOf>, id: string) => Promise<void>,
  ) =>
    api.post(
      `/park-storage/inventory/${url}`,
      {
        schema: {
          tags: ['storage'],
          summary,
          querystring: idQuery.partial(),
          body: idQuery.partial().nullish(),
        },
        config: { permission },
        preHandler: guard,
      },
      async (q) => {
        const { id } = idQuery.parse({
          ...(q.query as Query),
          ...((q.body as Query | null | undefined) ?? {}),
        })
        await run(authOf(q), id)
        return status(true)
      },
    )
  planAction(
    'createBill',
    'make the count bill from current stock (draft plan → counting)',
    'storage_inventory_create_bill',
    (auth, id) => createCountBill(db, auth, id),
  )
  planAction(
    'auditProfit',
    'audit the profit bill: gains into stock through the ledger',
    'storage_inventory_audit_profit',
    (auth, id) => auditCount(db, auth, id, 'profit'),
  )
  planAction(
    'auditLosses',
    'audit the losses bill: losses out of stock through the ledger',
    'storage_inventory_audit_losses',
    (auth, id) => auditCount(db, auth, id, 'losses'),
  )
  api.post(
    '/park-storage/inventory/write-inventory',
    {
      schema: {
        tags: ['storage'],
        summary: 'import counted quantities (multipart `file`, query inventoryId); a bad row writes nothing',
        consumes: ['multipart/form-data'],
        querystring: z.object({
          inventoryId: z.string().regex(/^[1-9]\d{0,18}$/),
          isCovered: z.string().optional(),
        }),
      },
      config: { permission: inventoryContract.permissions.edit },
      preHandler: guard,
    },
    async (q) => {
      const upload = await readUpload(q)
      const sheet = await readWorkbook(upload.buffer, { columns: COUNT_COLUMNS as never, schema: CountCells })
      const errors = [...sheet.errors]
      const written = errors.length
        ? 0
        : await writeCounts(db, authOf(q), q.query.inventoryId, sheet.rows, errors)
      const summary = {
        total: sheet.rows.length + sheet.errors.length,
        imported: errors.length ? 0 : written,
        updated: 0,
        errors: errors.sort((a, b) => a.row - b.row),
      }
      return ok(summary, importMessage(summary))
    },
  )

  await registerStatistics(api, ctx)
  await registerPickers(api, ctx)
}

import {
  darunfaPageCall,
  diningCountCalls,
  PARTNER_KIND,
  type PartnerStatisticRow,
  partnerExportCall,
  partnerStatisticCall,
  supermarketListCall,
} from '@xpark/contract/modules/report'
import { yuan } from '@xpark/contract/money'
import { asc, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { dayBounds } from '../../../core/days.js'
import { page } from '../../../core/envelope.js'
import { type ExcelColumn, logDownload, sendWorkbook } from '../../../core/excel/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { readPaging } from '../../../core/query/paging.js'
import { scoped } from '../../../core/tenancy.js'
import { canteenOrders } from '../../canteen/index.js'
import { commodityOrder, commodityOrders } from '../../commodity/index.js'
import { reportPartner } from '../schema.js'
import { daysOf, diningCounts, partnerOf, partnerStatistics } from '../statistics.js'

/** The export's sheet (spec 02 §9): money in yuan with two decimals. */
export const STATISTIC_COLUMNS: readonly ExcelColumn<PartnerStatisticRow>[] = [
  { header: '日期', key: 'day' },
  { header: '渠道编码', key: 'partnerCode' },
  { header: '渠道名称', key: 'partnerName' },
  { header: '订单数', key: 'orderCount' },
  { header: '金额(元)', key: 'amount', value: (r) => yuan(r.amount), reads: ['amount'] },
  { header: '退款(元)', key: 'refundAmount', value: (r) => yuan(r.refundAmount), reads: ['refundAmount'] },
]

/** The partners' calls: per-day figures and their export, the supermarket picker, the channel pages. */
export function registerPartnerRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const options = { preHandler: [api.scopes.api.guard] }

  /** the orders the caller may see (tenant and each resource's data scope) */
  const scopes = async (request: FastifyRequest) => {
    const auth = authOf(request)
    return {
      commodity: await whereOf(commodityOrders, auth),
      canteen: await whereOf(canteenOrders, auth),
    }
  }

  handle(
    api,
    partnerStatisticCall,
    async (q, request) => {
      const partner = await partnerOf(db, authOf(request), q.partner)
      return partnerStatistics(db, await scopes(request), partner, daysOf(q.startTime, q.endTime))
    },
    options,
  )

  handle(
    api,
    partnerExportCall,
    async (q, request, reply) => {
      const partner = await partnerOf(db, authOf(request), q.partner)
      const rows = await partnerStatistics(db, await scopes(request), partner, daysOf(q.startTime, q.endTime))
      const ticked = q.days ? new Set(q.days) : undefined
      const chosen = ticked ? rows.filter((r) => ticked.has(r.day)) : rows
      return sendWorkbook(reply, {
        columns: STATISTIC_COLUMNS,
        batches: (async function* () {
          yield chosen
        })(),
      })
    },
    { ...options, route: { onResponse: logDownload } },
  )

  handle(
    api,
    supermarketListCall,
    async (_q, request) =>
      db
        .select({ code: reportPartner.code, name: reportPartner.name })
        .from(reportPartner)
        .where(scoped(reportPartner, authOf(request), eq(reportPartner.kind, PARTNER_KIND.supermarket)))
        .orderBy(asc(reportPartner.code)),
    options,
  )

  handle(
    api,
    darunfaPageCall,
    async (q, request) => {
      const auth = authOf(request)
      const partner = await partnerOf(db, auth, 'darunfa')
      const paging = readPaging(request.query as Record<string, unknown>)
      const from = q.startTime ? dayBounds(q.startTime)[0] : undefined
      const to = q.endTime ? dayBounds(q.endTime)[1] : undefined
      const orderNo = q.orderNo?.trim()
      const rows = await db
        .select({
          id: commodityOrder.id,
          orderNo: commodityOrder.orderNo,
          buyerName: commodityOrder.buyerName,
          buyerPhone: commodityOrder.buyerPhone,
          totalAmount: commodityOrder.totalAmount,
          itemCount: commodityOrder.itemCount,
          status: commodityOrder.status,
          orderTime: commodityOrder.orderTime,
          payTime: commodityOrder.payTime,
          total: sql<number>`count(*) over()`.mapWith(Number),
        })
        .from(commodityOrder)
        .where(
          await whereOf(
            commodityOrders,
            auth,
            eq(commodityOrder.channel, partner.code),
            orderNo ? ilike(commodityOrder.orderNo, `%${orderNo.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
            from ? gte(commodityOrder.orderTime, from) : undefined,
            to ? lt(commodityOrder.orderTime, to) : undefined,
          ),
        )
        .orderBy(desc(commodityOrder.orderTime), desc(commodityOrder.id))
        .limit(paging.size)
        .offset(paging.offset)
      const total = rows[0]?.total ?? 0
      return page(
        rows.map(({ total: _, ...r }) => ({ ...r, id: String(r.id) })),
        total,
        paging.current,
        paging.size,
      )
    },
    options,
  )

  for (const call of diningCountCalls) {
    const channel = call.path.split('/')[0]!
    handle(
      api,
      call,
      async (q, request) => {
        const auth = authOf(request)
        const partner = await partnerOf(db, auth, channel)
        return diningCounts(
          db,
          auth,
          await whereOf(canteenOrders, auth),
          partner.code,
          daysOf(q.startTime, q.endTime),
        )
      },
      options,
    )
  }
}

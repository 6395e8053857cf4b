import { PAY_KIND, PAY_STATUS, payOrderContract, SMS_PRICE_CENTS } from '@xpark/contract/modules/finance'
import { desc, eq, like } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../../core/auth/plugin.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { listRows, whereOf } from '../../../core/crud/index.js'
import { ok } from '../../../core/envelope.js'
import { sendWorkbook } from '../../../core/excel/index.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { escapeLike, readPaging, selectPage } from '../../../core/query/index.js'
import { scoped } from '../../../core/tenancy.js'
import { smsRecord } from '../../resource/index.js'
import { payOutColumns } from '../excel.js'
import { payOrders } from '../resources.js'
import { financePayOrder, financeSmsAccount } from '../schema.js'

/** SMS credits (blade-system/smsnum): the tenant's account, what was bought and what was sent. */
export function registerSmsCreditRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = [api.scopes.api.guard]
  const view = payOrderContract.permissions.view
  const smsTags = ['smsnum']
  const smsView = ['finance_sms', view]
  api.get(
    '/blade-system/smsnum/detail',
    {
      schema: { tags: smsTags, summary: 'smsnum: the tenant’s SMS credits (purchased, used, remaining)' },
      config: { permission: smsView },
      preHandler: guard,
    },
    async (request) => {
      const auth = authOf(request)
      const [account] = await db
        .select()
        .from(financeSmsAccount)
        .where(eq(financeSmsAccount.tenantId, auth.tenantId))
      const purchased = account?.purchased ?? 0
      const used = account?.used ?? 0
      return ok({
        tenantId: auth.tenantId,
        purchased,
        used,
        remaining: purchased - used,
        price: SMS_PRICE_CENTS,
      })
    },
  )
  const paidSms = (auth: AuthContext) =>
    whereOf(
      payOrders,
      auth,
      eq(financePayOrder.kind, PAY_KIND.sms),
      eq(financePayOrder.status, PAY_STATUS.paid),
    )
  api.get(
    '/blade-system/smsnum/customerPayOutDetail',
    {
      schema: {
        tags: smsTags,
        summary: 'smsnum: SMS credit purchases (paid orders, paged)',
        querystring: z.record(z.string(), z.string()),
      },
      config: { permission: smsView },
      preHandler: guard,
    },
    async (request) =>
      ok(
        await listRows(db, payOrders, authOf(request), {
          descs: 'pay_time',
          ...request.query,
          kind: PAY_KIND.sms,
          status: String(PAY_STATUS.paid),
        }),
      ),
  )
  // the messages sent (what the credits were spent on): resource's record of every sendSms
  api.get(
    '/blade-system/smsnum/customerMessageDetail',
    {
      schema: {
        tags: smsTags,
        summary: 'smsnum: the SMS messages the tenant sent, newest first (paged; phone: like)',
        querystring: z.record(z.string(), z.string()),
      },
      config: { permission: smsView },
      preHandler: guard,
    },
    async (request) => {
      const auth = authOf(request)
      const phone = request.query.phone?.trim()
      return ok(
        await selectPage(db, {
          table: smsRecord,
          where: scoped(
            smsRecord,
            auth,
            phone ? like(smsRecord.phones, `%${escapeLike(phone)}%`) : undefined,
          ),
          orderBy: [desc(smsRecord.createTime), desc(smsRecord.id)],
          paging: readPaging(request.query),
        }),
      )
    },
  )
  api.get(
    '/blade-system/smsnum/exportPayOutDetail',
    {
      schema: { tags: smsTags, summary: 'smsnum: SMS credit purchases as xlsx' },
      config: { permission: 'finance_sms_export' },
      preHandler: guard,
    },
    async (request, reply) => {
      const rows = await db
        .select()
        .from(financePayOrder)
        .where(await paidSms(authOf(request)))
        .orderBy(desc(financePayOrder.payTime))
        .limit(100_000)
      return sendWorkbook(reply, {
        title: '短信充值明细',
        columns: payOutColumns,
        batches: (async function* () {
          yield rows as unknown as Record<string, unknown>[]
        })(),
      })
    },
  )
}

import {
  PAY_KIND,
  PAY_STATUS,
  SMS_PRICE_CENTS,
  smsAccountCall,
  smsMessagesCall,
  smsPurchasesCall,
  smsPurchasesExportCall,
} from '@xpark/contract/modules/finance'
import { desc, eq, like } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { listRows, whereOf } from '../../../core/crud/index.js'
import { sendWorkbook } from '../../../core/excel/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
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
  const guard = { preHandler: [api.scopes.api.guard] }
  handle(
    api,
    smsAccountCall,
    async (_, request) => {
      const auth = authOf(request)
      const [account] = await db
        .select()
        .from(financeSmsAccount)
        .where(eq(financeSmsAccount.tenantId, auth.tenantId))
      const purchased = account?.purchased ?? 0
      const used = account?.used ?? 0
      return {
        tenantId: auth.tenantId,
        purchased,
        used,
        remaining: purchased - used,
        price: SMS_PRICE_CENTS,
      }
    },
    guard,
  )
  const paidSms = (auth: AuthContext) =>
    whereOf(
      payOrders,
      auth,
      eq(financePayOrder.kind, PAY_KIND.sms),
      eq(financePayOrder.status, PAY_STATUS.paid),
    )
  handle(
    api,
    smsPurchasesCall,
    (query, request) =>
      listRows(db, payOrders, authOf(request), {
        descs: 'pay_time',
        ...query,
        kind: PAY_KIND.sms,
        status: String(PAY_STATUS.paid),
      }),
    guard,
  )
  // the messages sent (what the credits were spent on): resource's record of every sendSms
  handle(
    api,
    smsMessagesCall,
    async (query, request) => {
      const auth = authOf(request)
      const phone = query.phone?.trim()
      return selectPage(db, {
        table: smsRecord,
        where: scoped(smsRecord, auth, phone ? like(smsRecord.phones, `%${escapeLike(phone)}%`) : undefined),
        orderBy: [desc(smsRecord.createTime), desc(smsRecord.id)],
        paging: readPaging(query),
      })
    },
    guard,
  )
  handle(
    api,
    smsPurchasesExportCall,
    async (_, request, reply) => {
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
    guard,
  )
}

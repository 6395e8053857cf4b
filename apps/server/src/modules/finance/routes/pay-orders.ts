import {
  CARD_STATUS,
  createNativeCall,
  orderInfoCall,
  PAY_KIND,
  PAY_STATUS,
  type PayStatus,
  payNotifyCall,
  payRecordsCall,
  payStatusCall,
  rechargeServiceCall,
  SMS_PRICE_CENTS,
  simulatePayCall,
  smsServiceCall,
} from '@xpark/contract/modules/finance'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../../../core/auth/plugin.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { listRows, whereOf } from '../../../core/crud/index.js'
import { formatDateTime } from '../../../core/envelope.js'
import { AppError, badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { publicRateLimit } from '../../../core/http/public-limit.js'
import type { ModuleContext } from '../../../core/module.js'
import { stamped } from '../../../core/tenancy.js'
import type { Db } from '../../../db/client.js'
import { findCardByNo } from '../cards.js'
import {
  embeddedSimulator,
  ensureCodeUrl,
  handleNotify,
  newTradeNo,
  type PayOrder,
  paySettingOf,
  QUERY_AFTER_MS,
  syncWithProvider,
} from '../payments.js'
import { payOrders } from '../resources.js'
import { financePayOrder } from '../schema.js'

/** What the /pay page shows and polls. */
function payStatusOf(order: PayOrder): PayStatus {
  return {
    tradeNo: order.tradeNo,
    status: order.status,
    paid: order.status === PAY_STATUS.paid,
    totalFee: order.totalFee,
    description: order.description,
    codeUrl: order.codeUrl,
    payTime: order.payTime ? formatDateTime(order.payTime) : null,
  }
}

async function orderOf(db: Db, auth: AuthContext, tradeNo: string): Promise<PayOrder> {
  const [order] = await db
    .select()
    .from(financePayOrder)
    .where(await whereOf(payOrders, auth, eq(financePayOrder.tradeNo, tradeNo)))
  if (!order) throw notFound('订单不存在')
  return order
}

const notifyUrlOf = (request: FastifyRequest) =>
  `${request.protocol}://${request.host}/xparkApi/blade-finance/wxpayorder/notify`

/**
 * Pay orders (blade-finance/wxpayorder): ordering SMS credits or a card's top-up, the QR code, the
 * status the /pay page polls, paid orders, the provider's notify and the built-in simulator's pay.
 */
export function registerPayOrderRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }

  const createOrder = async (auth: AuthContext, values: Record<string, unknown>) => {
    await paySettingOf(db, auth.tenantId)
    const row = stamped(financePayOrder, auth, {
      tradeNo: newTradeNo(),
      status: PAY_STATUS.unpaid,
      ...values,
    })
    await db.insert(financePayOrder).values(row as never)
    const [order] = await db
      .select()
      .from(financePayOrder)
      .where(eq(financePayOrder.id, String(row.id)))
    return order!
  }
  const orderReply = (o: PayOrder) => ({
    id: o.id,
    tradeNo: o.tradeNo,
    kind: o.kind,
    totalFee: o.totalFee,
    smsCount: o.smsCount,
    description: o.description,
    status: o.status,
  })

  handle(
    api,
    smsServiceCall,
    async ({ totalFee }, request) => {
      if (totalFee % SMS_PRICE_CENTS !== 0) throw badRequest(`金额须为短信单价(${SMS_PRICE_CENTS}分)的整数倍`)
      const smsCount = totalFee / SMS_PRICE_CENTS
      const order = await createOrder(authOf(request), {
        kind: PAY_KIND.sms,
        totalFee,
        smsCount,
        description: `短信充值 ${smsCount} 条`,
      })
      return orderReply(order)
    },
    guard,
  )

  handle(
    api,
    rechargeServiceCall,
    async ({ cardNo, totalFee }, request) => {
      const auth = authOf(request)
      const card = await findCardByNo(db, auth, cardNo)
      if (!card) throw notFound(`储值卡不存在: ${cardNo}`)
      if (card.status !== CARD_STATUS.active) throw new AppError(409, '储值卡已冻结')
      const order = await createOrder(auth, {
        kind: PAY_KIND.recharge,
        totalFee,
        cardId: card.id,
        cardNo: card.cardNo,
        description: `储值卡充值 ${card.cardNo}`,
      })
      return orderReply(order)
    },
    guard,
  )

  handle(
    api,
    orderInfoCall,
    async ({ tradeNo }, request) => payStatusOf(await orderOf(db, authOf(request), tradeNo)),
    guard,
  )

  handle(
    api,
    createNativeCall,
    async ({ tradeNo }, request) => {
      const order = await orderOf(db, authOf(request), tradeNo)
      if (order.status === PAY_STATUS.paid) return payStatusOf(order)
      try {
        const codeUrl = await ensureCodeUrl(db, order, notifyUrlOf(request))
        return payStatusOf({ ...order, codeUrl })
      } catch (error) {
        if (error instanceof AppError) throw error
        request.log.warn({ err: error }, 'pay gateway: createNative failed')
        throw new AppError(502, '支付网关暂不可用, 请稍后再试')
      }
    },
    guard,
  )

  // the /pay page polls this; an order without a notify for a while is asked about at the provider
  handle(
    api,
    payStatusCall,
    async ({ tradeNo }, request) => {
      let order = await orderOf(db, authOf(request), tradeNo)
      if (order.status === PAY_STATUS.unpaid && Date.now() - order.createTime.getTime() > QUERY_AFTER_MS)
        order = await syncWithProvider(db, order).catch(() => order)
      return payStatusOf(order)
    },
    guard,
  )

  handle(
    api,
    payRecordsCall,
    (query, request) =>
      listRows(db, payOrders, authOf(request), {
        descs: 'pay_time',
        ...query,
        status: String(PAY_STATUS.paid),
      }),
    guard,
  )

  // the provider's notify: no token (the signature is the credential); it answers the provider's own
  // {return_code, return_msg}, not the envelope, and takes the provider's body as sent
  handle(api, payNotifyCall, (body) => handleNotify(db, body), {
    preHandler: [publicRateLimit(ctx.cache, 'pay-notify', 600)],
  })

  // the built-in simulator only: stands in for the customer scanning the QR code
  handle(
    api,
    simulatePayCall,
    async ({ tradeNo, notify }, request) => {
      const order = await orderOf(db, authOf(request), tradeNo)
      const setting = await paySettingOf(db, order.tenantId)
      if (setting.gateway) throw badRequest('仅内置模拟支付网关可以模拟支付')
      if (!order.codeUrl) throw badRequest('请先生成支付二维码')
      const sim = await embeddedSimulator()
      void sim.pay(order.tradeNo, { notify: notify !== '0' }).catch(() => {})
      return {}
    },
    guard,
  )
}

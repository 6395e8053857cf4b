import {
  BILL_TYPE,
  billContract,
  CARD_STATUS,
  cardContract,
  PAY_KIND,
  PAY_STATUS,
  type PayStatus,
  payOrderContract,
  paySettingContract,
  RECHARGE_TYPE,
  RechargeServiceForm,
  rechargeContract,
  SMS_PRICE_CENTS,
  SmsServiceForm,
  TradeNoQuery,
} from '@xpark/contract/modules/finance'
import { desc, eq, gt, inArray, like } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { defineResource, listRows, whereOf } from '../../core/crud/index.js'
import { formatDateTime, ok, status } from '../../core/envelope.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import { sendWorkbook } from '../../core/excel/index.js'
import { publicRateLimit } from '../../core/http/public-limit.js'
import { nextId } from '../../core/ids.js'
import { button, defineModule, menuCodes, resourceScreen } from '../../core/module.js'
import { escapeLike, readPaging, selectPage } from '../../core/query/index.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { smsRecord } from '../resource/index.js'
import { creditCard, debitCard, findCardByNo } from './cards.js'
import { seedFinanceDemo } from './demo.js'
import { payOutColumns, rechargeSheet } from './excel.js'
import {
  embeddedSimulator,
  ensureCodeUrl,
  handleNotify,
  newTradeNo,
  type PayOrder,
  paySettingOf,
  QUERY_AFTER_MS,
  settleUnnotified,
  syncWithProvider,
} from './payments.js'
import * as tables from './schema.js'

const { financeCard, financeRecharge, financeBill, financePaySetting, financePayOrder, financeSmsAccount } =
  tables

/**
 * Finance (spec 02 §7 "Finance"): cards, recharges, bills, pay settings, pay orders, SMS credits.
 * Other modules move a card's balance through the functions exported here (cards.ts), inside their
 * own transaction. See docs/modules/finance.md.
 */
export { type CardRef, creditCard, debitCard, findCard, findCardByNo, type Who } from './cards.js'

export const cards = defineResource({
  contract: cardContract,
  table: financeCard,
  unique: [{ fields: ['cardNo'], message: '卡号已存在' }],
  inUse: [{ when: gt(financeCard.balance, 0), message: '卡内还有余额, 不能删除: {label}' }],
})

export const recharges = defineResource({
  contract: rechargeContract,
  table: financeRecharge,
  excel: rechargeSheet,
  // a recharge credits its card when it is written: the row and the balance move together
  beforeWrite: async ({ tx, auth, values, id }) => {
    if (id) {
      const [before] = await tx.select().from(financeRecharge).where(eq(financeRecharge.id, id))
      if (
        before &&
        ((values.cardNo !== undefined && values.cardNo !== before.cardNo) ||
          (values.amount !== undefined && values.amount !== before.amount) ||
          (values.rechargeType !== undefined && values.rechargeType !== before.rechargeType))
      )
        throw new AppError(409, '充值记录不能修改卡号、金额或充值类型')
      return
    }
    if (values.rechargeType === RECHARGE_TYPE.online) throw badRequest('微信充值只能通过在线支付产生')
    const card = await findCardByNo(tx, auth, String(values.cardNo))
    if (!card) throw notFound(`储值卡不存在: ${values.cardNo}`)
    if (card.status !== CARD_STATUS.active) throw new AppError(409, '储值卡已冻结')
    const rechargeId = nextId()
    const row = values as Record<string, unknown>
    row.id = rechargeId
    row.cardId = card.id
    row.holderName = card.holderName
    row.balanceAfter = await creditCard(tx, auth, card.id, Number(values.amount), {
      billType: BILL_TYPE.recharge,
      sourceType: 'recharge',
      sourceId: rechargeId,
      remark: values.remark ?? '',
    })
  },
  // removing a recharge takes its amount back off the card (refused when the card no longer holds it)
  beforeRemove: async ({ tx, auth, ids }) => {
    const rows = await tx
      .select()
      .from(financeRecharge)
      .where(scoped(financeRecharge, auth, inArray(financeRecharge.id, [...ids])))
      .for('update')
    for (const r of rows) {
      if (r.rechargeType === RECHARGE_TYPE.online) throw new AppError(409, '微信充值不能撤销')
      await debitCard(tx, auth, r.cardId, r.amount, {
        billType: BILL_TYPE.reversal,
        sourceType: 'recharge',
        sourceId: r.id,
        remark: '撤销充值',
      })
    }
  },
})

export const bills = defineResource({
  contract: billContract,
  table: financeBill,
  beforeWrite: async ({ id }) => {
    if (!id) throw badRequest('账单由充值、消费和退款生成, 不能新增')
  },
})

export const paySettings = defineResource({
  contract: paySettingContract,
  table: financePaySetting,
  omit: ['mchKey'],
  unique: [{ fields: ['mchId'], message: '商户号已存在' }],
  // WeChat Pay's application and merchant numbers, not rows of ours
  references: { appId: false, mchId: false },
  beforeWrite: async ({ values, id }) => {
    const row = values as Record<string, unknown>
    if (!values.mchKey) {
      // write-only: an empty key on update keeps the stored one
      delete row.mchKey
      if (!id) throw badRequest('请填写商户密钥')
      return
    }
    if (values.mchKey.length < 16) throw badRequest('商户密钥至少 16 位')
    row.keyHint = `****${values.mchKey.slice(-4)}`
  },
})

export const payOrders = defineResource({
  contract: payOrderContract,
  table: financePayOrder,
  readonlyWhen: { field: 'status', in: [PAY_STATUS.paid], message: '已支付的订单不能修改或删除' },
  beforeWrite: async ({ id }) => {
    if (!id) throw badRequest('请通过短信充值或在线充值下单')
  },
})

const FINANCE_MENUS = [
  {
    code: 'finance',
    name: '财务管理',
    path: '/finance',
    source: 'AccountBookOutlined',
    sort: 62,
    children: [
      resourceScreen(cardContract, '储值卡', '/finance/card', 'CreditCardOutlined'),
      resourceScreen(rechargeContract, '充值记录', '/finance/recharge', 'WalletOutlined'),
      resourceScreen(billContract, '账单明细', '/finance/bill', 'ProfileOutlined'),
      resourceScreen(payOrderContract, '支付订单', '/finance/payorder', 'TransactionOutlined', [
        button('finance_pay_order_sms', '短信充值', 1),
        button('finance_pay_order_recharge', '在线充值', 1),
      ]),
      resourceScreen(paySettingContract, '支付设置', '/finance/paysetting', 'SettingOutlined'),
      {
        code: 'finance_sms',
        name: '短信额度',
        path: '/finance/sms',
        source: 'MessageOutlined',
        children: [button('finance_sms_export', '导出', 1)],
      },
      { code: 'finance_pay', name: '在线支付', path: '/pay', source: 'QrcodeOutlined', isOpen: 2 as const },
    ],
  },
]

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

export const financeModule = defineModule({
  name: 'finance',
  tables,
  resources: [cards, recharges, bills, paySettings, payOrders],
  menus: FINANCE_MENUS,
  product: { name: '财务管理', remark: '储值卡、充值、账单、在线支付与短信额度' },
  staff: menuCodes(FINANCE_MENUS).filter(
    (c) => !/_(add|edit|delete|status|import|export|sms|recharge)$/.test(c),
  ),
  dicts: [
    {
      code: 'finance_bill_type',
      name: '账单类型',
      entries: [
        [1, '充值'],
        [2, '消费'],
        [3, '退款'],
        [4, '撤销充值'],
      ],
    },
    {
      code: 'finance_pay_status',
      name: '支付状态',
      entries: [
        [0, '待支付'],
        [1, '已支付'],
        [2, '已关闭'],
      ],
    },
    {
      code: 'finance_pay_kind',
      name: '支付订单类型',
      entries: [
        ['sms', '短信充值'],
        ['recharge', '在线充值'],
      ],
    },
    {
      code: 'finance_card_status',
      name: '储值卡状态',
      entries: [
        [0, '已冻结'],
        [1, '正常'],
      ],
    },
  ],
  demo: seedFinanceDemo,
  jobs: [
    {
      name: 'finance-pay-query',
      everySeconds: 60,
      run: async (ctx) => {
        await settleUnnotified(ctx.database.db)
      },
    },
  ],
  routes: async (api, ctx) => {
    const db = ctx.database.db
    const tags = ['wxpayorder']
    const guard = [api.scopes.api.guard]
    const view = payOrderContract.permissions.view

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

    const smsForm = z.object({ totalFee: z.union([z.string(), z.number()]).optional() })
    api.post(
      '/blade-finance/wxpayorder/SmsService',
      {
        schema: {
          tags,
          summary: `wxpayorder: a pay order for SMS credits (totalFee cents, ${SMS_PRICE_CENTS} cents a credit)`,
          querystring: smsForm,
          body: smsForm.nullish(),
        },
        config: { permission: 'finance_pay_order_sms' },
        preHandler: guard,
      },
      async (request) => {
        const parsed = SmsServiceForm.safeParse({ ...request.query, ...(request.body ?? {}) })
        if (!parsed.success) throw badRequest(`参数校验失败: ${parsed.error.issues[0]?.message}`)
        const { totalFee } = parsed.data
        if (totalFee % SMS_PRICE_CENTS !== 0)
          throw badRequest(`金额须为短信单价(${SMS_PRICE_CENTS}分)的整数倍`)
        const smsCount = totalFee / SMS_PRICE_CENTS
        const order = await createOrder(authOf(request), {
          kind: PAY_KIND.sms,
          totalFee,
          smsCount,
          description: `短信充值 ${smsCount} 条`,
        })
        return ok(orderReply(order))
      },
    )

    api.post(
      '/blade-finance/wxpayorder/rechargeService',
      {
        schema: {
          tags,
          summary: 'wxpayorder: a pay order topping up a card online',
          body: RechargeServiceForm,
        },
        config: { permission: 'finance_pay_order_recharge' },
        preHandler: guard,
      },
      async (request) => {
        const auth = authOf(request)
        const card = await findCardByNo(db, auth, request.body.cardNo)
        if (!card) throw notFound(`储值卡不存在: ${request.body.cardNo}`)
        if (card.status !== CARD_STATUS.active) throw new AppError(409, '储值卡已冻结')
        const order = await createOrder(auth, {
          kind: PAY_KIND.recharge,
          totalFee: request.body.totalFee,
          cardId: card.id,
          cardNo: card.cardNo,
          description: `储值卡充值 ${card.cardNo}`,
        })
        return ok(orderReply(order))
      },
    )

    const byTradeNo = { tags, querystring: TradeNoQuery }
    api.get(
      '/blade-finance/wxpayorder/getOrderInfo',
      {
        schema: { ...byTradeNo, summary: 'wxpayorder: one order by tradeNo' },
        config: { permission: view },
        preHandler: guard,
      },
      async (request) => ok(payStatusOf(await orderOf(db, authOf(request), request.query.tradeNo))),
    )

    api.get(
      '/blade-finance/wxpayorder/createNative',
      {
        schema: {
          ...byTradeNo,
          summary: 'wxpayorder: the QR code URL of an unpaid order (asks the provider once)',
        },
        config: { permission: view },
        preHandler: guard,
      },
      async (request) => {
        const order = await orderOf(db, authOf(request), request.query.tradeNo)
        if (order.status === PAY_STATUS.paid) return ok(payStatusOf(order))
        try {
          const codeUrl = await ensureCodeUrl(db, order, notifyUrlOf(request))
          return ok(payStatusOf({ ...order, codeUrl }))
        } catch (error) {
          if (error instanceof AppError) throw error
          request.log.warn({ err: error }, 'pay gateway: createNative failed')
          throw new AppError(502, '支付网关暂不可用, 请稍后再试')
        }
      },
    )

    // the /pay page polls this; an order without a notify for a while is asked about at the provider
    const payStatus = async (request: FastifyRequest, tradeNo: string) => {
      let order = await orderOf(db, authOf(request), tradeNo)
      if (order.status === PAY_STATUS.unpaid && Date.now() - order.createTime.getTime() > QUERY_AFTER_MS)
        order = await syncWithProvider(db, order).catch(() => order)
      return ok(payStatusOf(order))
    }
    api.get(
      '/blade-finance/wxpayorder/queryPayStatusFixed',
      {
        schema: { ...byTradeNo, summary: 'wxpayorder: pay status by tradeNo' },
        config: { permission: view },
        preHandler: guard,
      },
      (request) => payStatus(request, request.query.tradeNo),
    )
    api.route({
      method: 'GET',
      url: '/app/pay/queryOrder',
      schema: { ...byTradeNo, tags: ['pay'], summary: 'pay: pay status by tradeNo (the app’s name for it)' },
      config: { permission: view },
      preHandler: guard,
      handler: (request) => payStatus(request, (request.query as { tradeNo: string }).tradeNo),
    })

    api.get(
      '/blade-finance/wxpayorder/payRecords',
      {
        schema: {
          tags,
          summary: 'wxpayorder: paid orders, newest first (paged, same filters as page)',
          querystring: z.record(z.string(), z.string()),
        },
        config: { permission: view },
        preHandler: guard,
      },
      async (request) =>
        ok(
          await listRows(db, payOrders, authOf(request), {
            descs: 'pay_time',
            ...request.query,
            status: String(PAY_STATUS.paid),
          }),
        ),
    )

    // the provider's notify: no token (the signature is the credential)
    api.post(
      '/blade-finance/wxpayorder/notify',
      {
        schema: { tags, summary: 'wxpayorder: the pay provider’s signed notify (public)', body: z.unknown() },
        config: { public: true },
        preHandler: publicRateLimit(ctx.cache, 'pay-notify', 600),
      },
      async (request) => handleNotify(db, request.body),
    )

    // the built-in simulator only: stands in for the customer scanning the QR code
    api.post(
      '/blade-finance/wxpayorder/simulatePay',
      {
        schema: {
          tags,
          summary: 'wxpayorder: pay an order at the built-in simulator (notify=0: the notify is lost)',
          querystring: TradeNoQuery.extend({ notify: z.enum(['0', '1']).optional() }),
        },
        config: { permission: ['finance_pay_order_sms', 'finance_pay_order_recharge'] },
        preHandler: guard,
      },
      async (request) => {
        const order = await orderOf(db, authOf(request), request.query.tradeNo)
        const setting = await paySettingOf(db, order.tenantId)
        if (setting.gateway) throw badRequest('仅内置模拟支付网关可以模拟支付')
        if (!order.codeUrl) throw badRequest('请先生成支付二维码')
        const sim = await embeddedSimulator()
        void sim.pay(order.tradeNo, { notify: request.query.notify !== '0' }).catch(() => {})
        return status(true)
      },
    )

    // SMS credits (blade-system/smsnum): the account and what was bought
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
  },
})

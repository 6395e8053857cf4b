import { randomInt } from 'node:crypto'
import { BILL_TYPE, PAY_KIND, PAY_STATUS, RECHARGE_TYPE } from '@xpark/contract/modules/finance'
import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm'
import { createNative, type Merchant, queryOrder } from '../../adapters/pay/gateway.js'
import { asParams, verifyParams } from '../../adapters/pay/sign.js'
import { type PaySimulator, startPaySimulator } from '../../adapters/pay/simulator.js'
import { AppError, badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { Db, Tx } from '../../db/client.js'
import { creditCard, findCard, type Who } from './cards.js'
import { financePayOrder, financePaySetting, financeRecharge, financeSmsAccount } from './schema.js'

/**
 * Online payments: a pay order is created here, its QR code URL comes from the provider
 * (createNative), and it becomes paid exactly once — by the provider's signed notify or, when that
 * never comes, by asking the provider (queryPayStatusFixed, and the `finance-pay-query` job). Paying
 * is one conditional update (`status = paid where status = unpaid`): a duplicate notify, a notify
 * racing a query, or a second server finds the order paid and changes nothing.
 */

export type PayOrder = typeof financePayOrder.$inferSelect
export type PaySetting = typeof financePaySetting.$inferSelect

/** An unpaid order is asked about after this long without a notify … */
export const QUERY_AFTER_MS = 30_000
/** … and closed when it is still unpaid after this long. */
export const CLOSE_AFTER_MS = 2 * 60 * 60_000

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** `XP` + yyyyMMddHHmmss + 8 random digits (24 characters, the provider allows 32). */
export function newTradeNo(now = new Date()): string {
  const d = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`
  return `XP${d}${pad(randomInt(0, 100_000_000), 8)}`
}

/** The tenant's active pay setting (the newest), or a 400 saying it is missing. */
export async function paySettingOf(db: Db | Tx, tenantId: string): Promise<PaySetting> {
  const [setting] = await db
    .select()
    .from(financePaySetting)
    .where(scoped(financePaySetting, { tenantId }, eq(financePaySetting.status, 1)))
    .orderBy(desc(financePaySetting.createTime))
    .limit(1)
  if (!setting?.mchKey) throw badRequest('请先配置支付参数')
  return setting
}

let embedded: Promise<PaySimulator> | undefined
/** The built-in provider (a setting with no gateway): a loopback simulator started on first use. */
export function embeddedSimulator(): Promise<PaySimulator> {
  embedded ??= startPaySimulator({ unref: true })
  return embedded
}

export async function merchantOf(setting: PaySetting): Promise<Merchant> {
  let gateway = setting.gateway
  if (!gateway) {
    const sim = await embeddedSimulator()
    sim.addMerchant(setting.mchId, setting.mchKey)
    gateway = sim.endpoint
  }
  return { appId: setting.appId, mchId: setting.mchId, key: setting.mchKey, gateway }
}

/** Ask the provider for the order's QR code URL (once: a second call answers the stored one). */
export async function ensureCodeUrl(db: Db, order: PayOrder, notifyUrl: string): Promise<string> {
  if (order.codeUrl) return order.codeUrl
  if (order.status !== PAY_STATUS.unpaid) throw new AppError(409, '订单已支付或已关闭')
  const setting = await paySettingOf(db, order.tenantId)
  const { codeUrl } = await createNative(await merchantOf(setting), {
    tradeNo: order.tradeNo,
    totalFee: order.totalFee,
    description: order.description || order.tradeNo,
    notifyUrl: setting.notifyUrl || notifyUrl,
  })
  await db
    .update(financePayOrder)
    .set({ codeUrl, settingId: setting.id, updateTime: new Date() })
    .where(eq(financePayOrder.id, order.id))
  return codeUrl
}

/**
 * Mark an order paid and give what it bought, in one transaction; false when it was already paid
 * or closed (nothing changes). The amount must be the order's.
 */
export async function settle(
  tx: Tx,
  order: PayOrder,
  transactionId: string,
  paidFee: number,
): Promise<boolean> {
  if (paidFee !== order.totalFee) throw new AppError(409, '支付金额与订单金额不符')
  const now = new Date()
  const [won] = await tx
    .update(financePayOrder)
    .set({ status: PAY_STATUS.paid, transactionId, payTime: now, updateTime: now })
    .where(and(eq(financePayOrder.id, order.id), eq(financePayOrder.status, PAY_STATUS.unpaid)))
    .returning({ id: financePayOrder.id })
  if (!won) return false
  const who: Who = { tenantId: order.tenantId, userId: order.createUser ?? '0', deptIds: [] }
  if (order.kind === PAY_KIND.sms) {
    await tx
      .insert(financeSmsAccount)
      .values({ tenantId: order.tenantId, purchased: order.smsCount })
      .onConflictDoUpdate({
        target: financeSmsAccount.tenantId,
        set: { purchased: sql`${financeSmsAccount.purchased} + ${order.smsCount}`, updateTime: now },
      })
  } else if (order.kind === PAY_KIND.recharge && order.cardId) {
    const card = await findCard(tx, who, order.cardId)
    if (!card) throw new AppError(404, '储值卡不存在')
    const rechargeId = nextId()
    const balanceAfter = await creditCard(tx, who, card.id, order.totalFee, {
      billType: BILL_TYPE.recharge,
      sourceType: 'recharge',
      sourceId: rechargeId,
      remark: `在线充值 ${order.tradeNo}`,
    })
    await tx.insert(financeRecharge).values(
      stamped(financeRecharge, who, {
        id: rechargeId,
        cardId: card.id,
        cardNo: card.cardNo,
        holderName: card.holderName,
        amount: order.totalFee,
        rechargeType: RECHARGE_TYPE.online,
        balanceAfter,
        tradeNo: order.tradeNo,
        remark: '在线充值',
      }) as never,
    )
  }
  return true
}

async function orderByTradeNo(db: Db | Tx, tradeNo: string): Promise<PayOrder | undefined> {
  const [order] = await db.select().from(financePayOrder).where(eq(financePayOrder.tradeNo, tradeNo))
  return order
}

export interface NotifyAnswer {
  return_code: 'SUCCESS' | 'FAIL'
  return_msg: string
}

/**
 * The provider's notify: refused unless signed with the key of the order's merchant and for the
 * order's amount; a paid order answers SUCCESS again without paying twice.
 */
export async function handleNotify(db: Db, body: unknown): Promise<NotifyAnswer> {
  const fail = (return_msg: string): NotifyAnswer => ({ return_code: 'FAIL', return_msg })
  const params = asParams(body)
  if (!params?.out_trade_no || !params.sign) return fail('参数错误')
  const order = await orderByTradeNo(db, params.out_trade_no)
  if (!order?.settingId) return fail('订单不存在')
  const [setting] = await db.select().from(financePaySetting).where(eq(financePaySetting.id, order.settingId))
  if (!setting || setting.mchId !== params.mch_id || !verifyParams(params, setting.mchKey))
    return fail('签名错误')
  if (params.return_code !== 'SUCCESS' || params.result_code !== 'SUCCESS') return fail('支付未成功')
  if (Number(params.total_fee) !== order.totalFee) return fail('金额不符')
  await db.transaction((tx) => settle(tx, order, params.transaction_id ?? '', order.totalFee))
  return { return_code: 'SUCCESS', return_msg: 'OK' }
}

/** Ask the provider about an unpaid order and settle it when paid; answers the order as it is now. */
export async function syncWithProvider(db: Db, order: PayOrder, now = Date.now()): Promise<PayOrder> {
  if (order.status !== PAY_STATUS.unpaid || !order.settingId) return order
  const [setting] = await db.select().from(financePaySetting).where(eq(financePaySetting.id, order.settingId))
  if (!setting) return order
  const result = await queryOrder(await merchantOf(setting), order.tradeNo)
  if (result.state === 'SUCCESS') {
    await db.transaction((tx) => settle(tx, order, result.transactionId, result.totalFee))
  } else if (now - order.createTime.getTime() > CLOSE_AFTER_MS) {
    await db
      .update(financePayOrder)
      .set({ status: PAY_STATUS.closed, updateTime: new Date() })
      .where(and(eq(financePayOrder.id, order.id), eq(financePayOrder.status, PAY_STATUS.unpaid)))
  }
  return (await orderByTradeNo(db, order.tradeNo)) ?? order
}

/**
 * The job: unpaid orders with a QR code older than QUERY_AFTER_MS (every tenant) are asked about, a
 * batch at a time; a provider that cannot be reached is tried again next time.
 */
export async function settleUnnotified(db: Db, now = Date.now(), batch = 100): Promise<number> {
  const open = await db
    .select()
    .from(financePayOrder)
    .where(
      and(
        eq(financePayOrder.status, PAY_STATUS.unpaid),
        eq(financePayOrder.isDeleted, 0),
        ne(financePayOrder.codeUrl, ''),
        lt(financePayOrder.createTime, new Date(now - QUERY_AFTER_MS)),
        gt(financePayOrder.createTime, new Date(now - 2 * CLOSE_AFTER_MS)),
      ),
    )
    .orderBy(asc(financePayOrder.createTime))
    .limit(batch)
  let paid = 0
  for (const order of open) {
    try {
      const after = await syncWithProvider(db, order, now)
      if (after.status === PAY_STATUS.paid) paid++
    } catch {
      // unreachable provider or a refused reply: the next run asks again
    }
  }
  return paid
}

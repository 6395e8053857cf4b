import { randomBytes } from 'node:crypto'
import {
  BILL_TYPE,
  PAY_KIND,
  PAY_STATUS,
  RECHARGE_TYPE,
  SMS_PRICE_CENTS,
} from '@xpark/contract/modules/finance'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import {
  financeBill,
  financeCard,
  financePayOrder,
  financePaySetting,
  financeRecharge,
  financeSmsAccount,
} from './schema.js'

/** Demo finance for the demo park: staff cards with recharges and their bills, a pay setting, SMS credits. */

export const DEMO_CARDS = [
  ['C0001', '张伟', '13800000001', 20_000],
  ['C0002', '李娜', '13800000002', 15_000],
  ['C0003', '王强', '13800000003', 8_000],
  ['C0004', '刘洋', '13800000004', 30_000],
  ['C0005', '陈静', '13800000005', 5_000],
] as const

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000)

export async function seedFinanceDemo({ tx, tenantId, users }: DemoContext): Promise<void> {
  const admin = users.get('admin') ?? null
  const audit = (at: Date) => ({
    tenantId,
    createUser: admin,
    updateUser: admin,
    createTime: at,
    updateTime: at,
  })
  for (const [i, [cardNo, holderName, phone, amount]] of DEMO_CARDS.entries()) {
    const cardId = nextId()
    const rechargeId = nextId()
    const at = daysAgo(20 - i)
    await tx
      .insert(financeCard)
      .values({ id: cardId, ...audit(at), cardNo, holderName, phone, balance: amount })
    await tx.insert(financeRecharge).values({
      id: rechargeId,
      ...audit(at),
      cardId,
      cardNo,
      holderName,
      amount,
      rechargeType: i % 2 ? RECHARGE_TYPE.allowance : RECHARGE_TYPE.cash,
      balanceAfter: amount,
      remark: '开卡充值',
    })
    await tx.insert(financeBill).values({
      id: nextId(),
      ...audit(at),
      cardId,
      cardNo,
      holderName,
      billType: BILL_TYPE.recharge,
      amount,
      balanceAfter: amount,
      sourceType: 'recharge',
      sourceId: rechargeId,
      remark: '开卡充值',
    })
  }
  // the built-in simulator (no gateway): the demo's /pay page works without a real merchant
  const settingId = nextId()
  const key = randomBytes(16).toString('hex')
  await tx.insert(financePaySetting).values({
    id: settingId,
    ...audit(daysAgo(30)),
    name: '园区微信支付(模拟)',
    appId: 'wxdemo0000000001',
    mchId: '1900000001',
    mchKey: key,
    keyHint: `****${key.slice(-4)}`,
    remark: '内置模拟支付网关',
  })
  for (const [i, fee] of [1_000, 5_000].entries()) {
    const at = daysAgo(10 - i * 5)
    await tx.insert(financePayOrder).values({
      id: nextId(),
      ...audit(at),
      tradeNo: `XPDEMO${String(i + 1).padStart(6, '0')}`,
      kind: PAY_KIND.sms,
      description: `短信充值 ${fee / SMS_PRICE_CENTS} 条`,
      totalFee: fee,
      smsCount: fee / SMS_PRICE_CENTS,
      settingId,
      status: PAY_STATUS.paid,
      codeUrl: 'weixin://wxpay/bizpayurl?pr=demo',
      transactionId: `4200DEMO${i + 1}`,
      payTime: at,
    })
  }
  await tx.insert(financeSmsAccount).values({ tenantId, purchased: 1_200, used: 137 })
}

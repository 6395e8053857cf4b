import {
  BILL_TYPE,
  billContract,
  CARD_STATUS,
  cardContract,
  PAY_STATUS,
  payOrderContract,
  paySettingContract,
  RECHARGE_TYPE,
  rechargeContract,
} from '@xpark/contract/modules/finance'
import { eq, gt, inArray } from 'drizzle-orm'
import { defineResource } from '../../core/crud/index.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { scoped } from '../../core/tenancy.js'
import { creditCard, debitCard, findCardByNo } from './cards.js'
import { rechargeSheet } from './excel.js'
import { financeBill, financeCard, financePayOrder, financePaySetting, financeRecharge } from './schema.js'

/** Finance's resources: cards, recharges (which move a card's balance), bills, pay settings, pay orders. */

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

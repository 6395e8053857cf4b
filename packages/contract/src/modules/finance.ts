import { z } from 'zod'
import { cents, choice, code, link, optionalText, requiredText, wholeNumber, wire } from '../fields.js'
import { defineContract } from '../kit.js'

/**
 * Finance (spec 02 §7 "Finance"): stored-value cards and their recharges, the card bills (every
 * movement of a balance), the online pay settings, pay orders (SMS credits, online card top-ups)
 * and the SMS credit account. Money is integer cents everywhere. See docs/modules/finance.md.
 */

/** Recharge types (the system dict `recharge_type`, spec 02 §3); 2 (WeChat) only comes from online pay. */
export const RECHARGE_TYPE = { cash: 1, online: 2, alipay: 3, bank: 4, allowance: 5 } as const
/** Bill types (dict `finance_bill_type`): what moved a card's balance. */
export const BILL_TYPE = { recharge: 1, consume: 2, refund: 3, reversal: 4 } as const
/** Pay order states (dict `finance_pay_status`). */
export const PAY_STATUS = { unpaid: 0, paid: 1, closed: 2 } as const
/** What a pay order buys. */
export const PAY_KIND = { sms: 'sms', recharge: 'recharge' } as const
/** Card states (dict `finance_card_status`). */
export const CARD_STATUS = { frozen: 0, active: 1 } as const
/** The price of one SMS credit, in cents. */
export const SMS_PRICE_CENTS = 5

export const cardContract = defineContract({
  path: 'blade-finance/card',
  code: 'finance_card',
  label: 'cardNo',
  form: z.object({
    cardNo: code('please enter card number', 32),
    holderName: requiredText('please enter holder name', 64),
    phone: optionalText('phone', 20),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    cardNo: wire.text,
    holderName: wire.text,
    phone: wire.text,
    balance: wire.number,
    remark: wire.text,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { cardNo: 'like', holderName: 'like', phone: 'like', status: 'eq' },
  sorts: ['cardNo', 'balance', 'createTime'],
  actions: {
    changeStatus: {
      name: '冻结解冻',
      permission: 'finance_card_status',
      state: 'status',
      input: z.object({ status: choice('status: 0 or 1', 0, 1) }),
      transitions: [
        { label: 'finance.freeze', from: [1], to: 0, when: { status: 0 }, danger: true },
        { label: 'finance.unfreeze', from: [0], to: 1, when: { status: 1 } },
      ],
    },
  },
})

export const rechargeContract = defineContract({
  path: 'blade-finance/recharge',
  code: 'finance_recharge',
  label: 'cardNo',
  form: z.object({
    cardNo: code('please enter card number', 32),
    amount: cents('amount').refine((v) => v > 0, 'amount: must be more than 0'),
    rechargeType: choice('please select recharge type', 1, 5),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    cardId: wire.id,
    cardNo: wire.text,
    holderName: wire.text,
    amount: wire.number,
    rechargeType: wire.number,
    balanceAfter: wire.number,
    tradeNo: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { cardNo: 'like', holderName: 'like', rechargeType: 'eq', tradeNo: 'like' },
  sorts: ['amount', 'createTime'],
  routes: {
    update: false,
    // the console's 新增 sends newSave; BladeX clients send save
    save: { path: 'save', also: ['/blade-finance/recharge/newSave'] },
  },
  excel: { export: 'export-WeiXinRecharge', template: 'export-template', import: 'importRecharge' },
})

export const billContract = defineContract({
  path: 'blade-finance/bill',
  code: 'finance_bill',
  label: 'cardNo',
  // bills are written by recharges, orders and refunds; a person only annotates them
  form: z.object({ remark: optionalText('remark', 255) }),
  row: z.object({
    id: wire.id,
    cardId: wire.id,
    cardNo: wire.text,
    holderName: wire.text,
    billType: wire.number,
    amount: wire.number,
    balanceAfter: wire.number,
    sourceType: wire.text,
    sourceId: wire.optionalId,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { cardNo: 'like', holderName: 'like', billType: 'eq', sourceType: 'eq', sourceId: 'eq' },
  sorts: ['amount', 'createTime'],
  routes: { list: false, page: 'useList', save: false, update: false },
})

export const paySettingContract = defineContract({
  path: 'blade-finance/wxpaysetting',
  code: 'finance_pay_setting',
  form: z.object({
    name: requiredText('please enter name', 64),
    appId: requiredText('please enter appId', 64),
    mchId: requiredText('please enter mchId', 32),
    // write-only: kept on the server, never sent back; left empty on update it stays as it is
    mchKey: z.string().max(128, 'mchKey: at most 128 characters').optional(),
    gateway: link('gateway'),
    notifyUrl: link('notifyUrl'),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    appId: wire.text,
    mchId: wire.text,
    keyHint: wire.text,
    gateway: wire.text,
    notifyUrl: wire.text,
    remark: wire.text,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { name: 'like', mchId: 'eq' },
})

export const payOrderContract = defineContract({
  path: 'blade-finance/wxpayorder',
  code: 'finance_pay_order',
  label: 'tradeNo',
  // orders are made by SmsService / rechargeService; a person edits only the description
  form: z.object({ description: optionalText('description', 128) }),
  row: z.object({
    id: wire.id,
    tradeNo: wire.text,
    kind: wire.text,
    description: wire.text,
    totalFee: wire.number,
    smsCount: wire.number,
    cardNo: wire.text,
    status: wire.number,
    codeUrl: wire.text,
    transactionId: wire.text,
    payTime: wire.optionalDate,
    createTime: wire.date,
  }),
  filters: { tradeNo: 'like', kind: 'eq', status: 'eq', cardNo: 'like' },
  sorts: ['totalFee', 'createTime', 'payTime'],
  routes: { save: false, update: false },
})

/** POST SmsService: buy SMS credits for `totalFee` cents. */
export const SmsServiceForm = z.object({
  totalFee: wholeNumber('totalFee', SMS_PRICE_CENTS, 100_000_000),
})
/** POST rechargeService: top a card up online. */
export const RechargeServiceForm = z.object({
  cardNo: code('please enter card number', 32),
  totalFee: wholeNumber('totalFee', 1, 100_000_000),
})
export const TradeNoQuery = z.object({
  tradeNo: z.string({ error: 'tradeNo is required' }).regex(/^[A-Za-z0-9_-]{6,32}$/, 'tradeNo is invalid'),
})

/** What the /pay page polls (queryPayStatusFixed). */
export const PayStatusReply = z.object({
  tradeNo: z.string(),
  status: z.number(),
  paid: z.boolean(),
  totalFee: z.number(),
  description: z.string(),
  codeUrl: z.string(),
  payTime: z.string().nullable(),
})

export type CardRow = z.infer<typeof cardContract.row>
export type RechargeRow = z.infer<typeof rechargeContract.row>
export type BillRow = z.infer<typeof billContract.row>
export type PaySettingRow = z.infer<typeof paySettingContract.row>
export type PayOrderRow = z.infer<typeof payOrderContract.row>
export type PayStatus = z.infer<typeof PayStatusReply>

import { z } from 'zod'
import { type CallInput, defineCall } from '../calls.js'
import { cents, choice, code, link, optionalText, requiredText, wholeNumber, wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { doneReply, pageOf } from '../replies.js'

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

// —— the hand-written routes: pay orders (blade-finance/wxpayorder) and SMS credits (blade-system/smsnum) ——

function payCall<P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  input: Omit<CallInput<P, R>, 'tag'>,
) {
  return defineCall<P, R>({ ...input, tag: 'wxpayorder' })
}
function smsCall<P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  input: Omit<CallInput<P, R>, 'tag'>,
) {
  return defineCall<P, R>({ ...input, tag: 'smsnum' })
}

const payView = payOrderContract.permissions.view
/** A paged query's filters and paging, read by the query itself (`current`, `size`, `tradeNo`…). */
const rowsQuery = z.record(z.string(), z.string())

/** What ordering answers (SmsService, rechargeService). */
export const PayOrderMadeReply = z.object({
  id: wire.id,
  tradeNo: z.string(),
  kind: z.string(),
  totalFee: z.number(),
  smsCount: z.number(),
  description: z.string(),
  status: z.number(),
})

export const smsServiceCall = payCall({
  path: 'blade-finance/wxpayorder/SmsService',
  method: 'POST',
  permission: 'finance_pay_order_sms',
  params: SmsServiceForm,
  reply: PayOrderMadeReply,
  summary: `wxpayorder: a pay order for SMS credits (totalFee cents, ${SMS_PRICE_CENTS} cents a credit)`,
})

export const rechargeServiceCall = payCall({
  path: 'blade-finance/wxpayorder/rechargeService',
  method: 'POST',
  in: 'body',
  permission: 'finance_pay_order_recharge',
  params: RechargeServiceForm,
  reply: PayOrderMadeReply,
  summary: 'wxpayorder: a pay order topping up a card online',
})

export const orderInfoCall = payCall({
  path: 'blade-finance/wxpayorder/getOrderInfo',
  method: 'GET',
  permission: payView,
  params: TradeNoQuery,
  reply: PayStatusReply,
  summary: 'wxpayorder: one order by tradeNo',
})

export const createNativeCall = payCall({
  path: 'blade-finance/wxpayorder/createNative',
  method: 'GET',
  permission: payView,
  params: TradeNoQuery,
  reply: PayStatusReply,
  summary: 'wxpayorder: the QR code URL of an unpaid order (asks the provider once)',
})

/** The /pay page polls this; `app/pay/queryOrder` is the app's name for it. */
export const payStatusCall = payCall({
  path: 'blade-finance/wxpayorder/queryPayStatusFixed',
  method: 'GET',
  also: ['app/pay/queryOrder'],
  permission: payView,
  params: TradeNoQuery,
  reply: PayStatusReply,
  summary: 'wxpayorder: pay status by tradeNo',
})

export const payRecordsCall = payCall({
  path: 'blade-finance/wxpayorder/payRecords',
  method: 'GET',
  permission: payView,
  params: rowsQuery,
  reply: pageOf(payOrderContract.row),
  summary: 'wxpayorder: paid orders, newest first (paged, same filters as page)',
})

/** The built-in simulator only: stands in for the customer scanning the QR code. */
export const simulatePayCall = payCall({
  path: 'blade-finance/wxpayorder/simulatePay',
  method: 'POST',
  in: 'query',
  permission: ['finance_pay_order_sms', 'finance_pay_order_recharge'],
  params: TradeNoQuery.extend({ notify: z.enum(['0', '1']).optional() }),
  reply: doneReply,
  summary: 'wxpayorder: pay an order at the built-in simulator (notify=0: the notify is lost)',
})

/**
 * The pay provider's signed notify: no token (the signature is the credential; rate limited). It
 * takes the provider's body as sent and answers the provider's own `{return_code, return_msg}`, not
 * the envelope.
 */
export const payNotifyCall = payCall({
  path: 'blade-finance/wxpayorder/notify',
  method: 'POST',
  in: 'body',
  public: true,
  params: z.unknown(),
  summary: 'wxpayorder: the pay provider’s signed notify (public)',
})

const smsView = ['finance_sms', payView]

export const smsAccountCall = smsCall({
  path: 'blade-system/smsnum/detail',
  method: 'GET',
  permission: smsView,
  reply: z.object({
    tenantId: z.string(),
    purchased: z.number(),
    used: z.number(),
    remaining: z.number(),
    price: z.number(),
  }),
  summary: 'smsnum: the tenant’s SMS credits (purchased, used, remaining)',
})

export const smsPurchasesCall = smsCall({
  path: 'blade-system/smsnum/customerPayOutDetail',
  method: 'GET',
  permission: smsView,
  params: rowsQuery,
  reply: pageOf(payOrderContract.row),
  summary: 'smsnum: SMS credit purchases (paid orders, paged)',
})

/** An SMS message the tenant sent (resource's record of every sendSms; parameter names, never values). */
export const SmsMessageRow = z.object({
  id: wire.id,
  smsCode: wire.text,
  category: wire.number,
  templateId: wire.text,
  phones: wire.text,
  phoneCount: wire.number,
  paramNames: wire.text,
  success: wire.number,
  msg: wire.text,
  createTime: wire.date,
})

export const smsMessagesCall = smsCall({
  path: 'blade-system/smsnum/customerMessageDetail',
  method: 'GET',
  permission: smsView,
  params: rowsQuery,
  reply: pageOf(SmsMessageRow),
  summary: 'smsnum: the SMS messages the tenant sent, newest first (paged; phone: like)',
})

export const smsPurchasesExportCall = smsCall({
  path: 'blade-system/smsnum/exportPayOutDetail',
  method: 'GET',
  permission: 'finance_sms_export',
  summary: 'smsnum: SMS credit purchases as xlsx',
})

export type CardRow = z.infer<typeof cardContract.row>
export type RechargeRow = z.infer<typeof rechargeContract.row>
export type BillRow = z.infer<typeof billContract.row>
export type PaySettingRow = z.infer<typeof paySettingContract.row>
export type PayOrderRow = z.infer<typeof payOrderContract.row>
export type PayStatus = z.infer<typeof PayStatusReply>

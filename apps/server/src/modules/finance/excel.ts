import { RECHARGE_TYPE } from '@xpark/contract/modules/finance'
import { yuan } from '@xpark/contract/money'
import { z } from 'zod'
import type { ExcelOptions } from '../../core/crud/index.js'
import { yuanCell } from '../../core/excel/index.js'
import type { ExcelColumn } from '../../core/excel/sheet.js'

/** Sheets of finance: recharges (export of online ones, import of cash ones) and SMS credit purchases. */

const TYPE_NAMES: Record<number, string> = {
  1: '现金充值',
  2: '微信充值',
  3: '支付宝充值',
  4: '银行卡充值',
  5: '补贴充值',
}

/** `12.5` or `12.50` yuan → 1250 cents (more than 0); anything else is a row error. */
const amount = yuanCell('请填写充值金额', '充值金额应为最多两位小数的金额').refine(
  (v) => v > 0,
  '充值金额必须大于 0',
)

export const rechargeSheet: ExcelOptions = {
  title: '充值记录',
  columns: [
    { header: '卡号', key: 'cardNo', note: '必填; 已有储值卡的卡号' },
    { header: '持卡人', key: 'holderName', note: '导入时忽略' },
    {
      header: '充值金额(元)',
      key: 'amount',
      value: (r) => yuan(r.amount),
      note: '必填; 最多两位小数, 大于 0',
    },
    {
      header: '充值类型',
      key: 'rechargeType',
      value: (r) => TYPE_NAMES[r.rechargeType as number] ?? '',
      note: '导入时为现金充值',
    },
    { header: '充值后余额(元)', key: 'balanceAfter', value: (r) => yuan(r.balanceAfter), note: '导入时忽略' },
    { header: '交易单号', key: 'tradeNo', note: '导入时忽略' },
    { header: '备注', key: 'remark', note: '选填' },
    { header: '充值时间', key: 'createTime', note: '导入时忽略' },
  ],
  import: {
    row: z
      .object({
        cardNo: z.string({ error: '请填写卡号' }),
        amount,
        remark: z.string().optional(),
      })
      .transform((r) => ({ ...r, rechargeType: RECHARGE_TYPE.cash })),
  },
}

export const payOutColumns: readonly ExcelColumn<Record<string, unknown>>[] = [
  { header: '交易单号', key: 'tradeNo' },
  { header: '金额(元)', key: 'totalFee', value: (r) => yuan(r.totalFee) },
  { header: '短信条数', key: 'smsCount' },
  { header: '支付流水号', key: 'transactionId' },
  { header: '支付时间', key: 'payTime' },
]

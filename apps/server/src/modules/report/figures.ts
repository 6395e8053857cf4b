import { partnerStatisticCall } from '@xpark/contract/modules/report'
import { z } from 'zod'
import { lastDays } from '../../core/days.js'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import { DAYS_INFO, daysParams, readerWhere, viewCode } from '../../core/statistics/parts.js'
import { canteenOrders } from '../canteen/index.js'
import { commodityOrders } from '../commodity/index.js'
import { partnerOf, partnerStatistics } from './statistics.js'

/**
 * 渠道统计 as a statistic (docs/modules.md "Statistics"): a partner's orders, amount and refunds per
 * day, the same figures `/<partner>/statisticList` answers, for widgets and saved views. Counts and
 * sums of a channel: nothing personal. An unknown partner is 404 `data not found`, as the call says.
 */
export const partnerFigures = defineStatistic({
  name: 'report.partner',
  title: '渠道统计',
  en: 'Channel figures',
  kinds: ['bar', 'line', 'ranking'],
  permission: viewCode(partnerStatisticCall.permission ?? ''),
  params: daysParams.extend({
    partner: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,31}$/, 'partner: a channel code')
      .default('darunfa'),
    measure: z.enum(['orders', 'amount', 'refund']).default('amount'),
  }),
  paramInfo: [
    DAYS_INFO,
    { name: 'partner', label: '渠道编码' },
    {
      name: 'measure',
      label: '指标',
      choices: [
        { value: 'orders', label: '订单数' },
        { value: 'amount', label: '金额' },
        { value: 'refund', label: '退款' },
      ],
    },
  ],
  run: async ({ days, partner: code, measure }, reader) => {
    const partner = await partnerOf(reader.db, reader, code)
    const rows = await partnerStatistics(
      reader.db,
      {
        commodity: await readerWhere(commodityOrders, reader),
        canteen: await readerWhere(canteenOrders, reader),
      },
      partner,
      lastDays(reader.now, days),
    )
    const pick = (r: (typeof rows)[number]) =>
      measure === 'orders' ? r.orderCount : measure === 'amount' ? r.amount : r.refundAmount
    const data = rows.map(pick)
    return figure({
      value: data.reduce((a, b) => a + b, 0),
      unit: measure === 'orders' ? '单' : '',
      money: measure !== 'orders',
      labels: rows.map((r) => r.day),
      series: [{ name: partner.name, data }],
      columns: [
        { key: 'day', title: '日期' },
        { key: 'orders', title: '订单数' },
        { key: 'amount', title: '金额(分)' },
        { key: 'refund', title: '退款(分)' },
      ],
      rows: rows.map((r) => ({ day: r.day, orders: r.orderCount, amount: r.amount, refund: r.refundAmount })),
    })
  },
})

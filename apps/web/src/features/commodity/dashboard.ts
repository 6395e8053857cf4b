import {
  commodityOrderContract,
  ORDER,
  type OrderStatistics,
  orderStatisticsCall,
} from '@xpark/contract/modules/commodity'
import { yuanOf } from '@xpark/contract/money'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

const STATUS_KEYS: Record<number, string> = {
  [ORDER.placed]: '待付款',
  [ORDER.paid]: '已付款',
  [ORDER.completed]: '已完成',
  [ORDER.cancelled]: '已取消',
}

/** 商品看板: orders and revenue over a date range. */
const dashboard: DashboardDeclaration = {
  title: 'commodity.dashboard',
  url: orderStatisticsCall.path,
  code: commodityOrderContract.code,
  stats: [
    { key: 'orderCount', label: 'commodity.orderCount' },
    { key: 'revenue', label: 'commodity.revenue', money: true },
    { key: 'itemsSold', label: 'commodity.itemsSold' },
    { key: 'openOrders', label: 'commodity.openOrders' },
  ],
  charts: [
    {
      title: 'commodity.byDay',
      span: 24,
      option: (data, tr) => {
        const days = (data as unknown as OrderStatistics).byDay
        return {
          tooltip: { trigger: 'axis' },
          legend: { data: [tr('commodity.orderCount'), tr('commodity.revenue')] },
          xAxis: { type: 'category', data: days.map((d) => d.day) },
          yAxis: [{ type: 'value' }, { type: 'value' }],
          series: [
            { name: tr('commodity.orderCount'), type: 'bar', data: days.map((d) => d.count) },
            {
              name: tr('commodity.revenue'),
              type: 'line',
              yAxisIndex: 1,
              data: days.map((d) => yuanOf(d.amount)),
            },
          ],
        }
      },
    },
    {
      title: 'commodity.byStatus',
      option: (data) => ({
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: (data as unknown as OrderStatistics).byStatus.map((s) => ({
              name: STATUS_KEYS[s.status] ?? String(s.status),
              value: s.count,
            })),
          },
        ],
      }),
    },
    {
      title: 'commodity.top',
      option: (data) => {
        const top = (data as unknown as OrderStatistics).top
        return {
          tooltip: { trigger: 'axis' },
          xAxis: { type: 'value' },
          yAxis: { type: 'category', data: top.map((t) => t.name).reverse() },
          series: [{ type: 'bar', data: top.map((t) => t.quantity).reverse() }],
        }
      },
    },
  ],
}
export default dashboard

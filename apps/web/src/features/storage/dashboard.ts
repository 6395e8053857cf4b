import { goodsContract, storageDashboardCall } from '@xpark/contract/modules/storage'
import { yuanOf } from '@xpark/contract/money'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

interface Figures {
  byDay: { day: string; inQuantity: number; outQuantity: number }[]
  byWarehouse: { name: string; value: number }[]
}

/** 仓储看板: stock value, movements per day, value per warehouse, alerts. */
const dashboard: DashboardDeclaration = {
  title: 'storage.dashboard',
  url: storageDashboardCall.path,
  code: goodsContract.code,
  stats: [
    { key: 'stockValue', label: 'storage.stockValue', money: true },
    { key: 'batches', label: 'storage.batches' },
    { key: 'lowStock', label: 'storage.lowStock' },
    { key: 'overdue', label: 'storage.overdueCount' },
    { key: 'expiring', label: 'storage.expiring' },
    { key: 'openBills', label: 'storage.openBills' },
  ],
  charts: [
    {
      title: 'storage.byDay',
      span: 24,
      option: (data, tr) => {
        const days = (data as unknown as Figures).byDay
        return {
          tooltip: { trigger: 'axis' },
          legend: { data: [tr('storage.inQuantity'), tr('storage.outQuantity')] },
          xAxis: { type: 'category', data: days.map((d) => d.day) },
          yAxis: { type: 'value' },
          series: [
            { name: tr('storage.inQuantity'), type: 'bar', data: days.map((d) => d.inQuantity) },
            { name: tr('storage.outQuantity'), type: 'bar', data: days.map((d) => d.outQuantity) },
          ],
        }
      },
    },
    {
      title: 'storage.byWarehouse',
      option: (data) => ({
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: (data as unknown as Figures).byWarehouse.map((w) => ({
              name: w.name,
              value: yuanOf(w.value),
            })),
          },
        ],
      }),
    },
  ],
}
export default dashboard

import { canteenDashboardCall, orderContract } from '@xpark/contract/modules/canteen'
import { yuanOf } from '@xpark/contract/money'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

interface Figures {
  byMeal: { mealType: number; orders: number; revenue: number }[]
  byDay: { date: string; orders: number; revenue: number }[]
  topScored: { foodName: string; average: number; scores: number }[]
}

const MEALS: Record<number, string> = {
  1: 'canteen.breakfast',
  2: 'canteen.lunch',
  3: 'canteen.dinner',
  4: 'canteen.supper',
}

/** 食堂看板: orders per meal, revenue per day, the best scored dishes. */
const dashboard: DashboardDeclaration = {
  title: 'canteen.dashboard',
  url: canteenDashboardCall.path,
  code: orderContract.code,
  stats: [
    { key: 'orders', label: 'canteen.orderCount' },
    { key: 'revenue', label: 'canteen.revenue', money: true },
    { key: 'refunded', label: 'canteen.refundFee', money: true },
    { key: 'averageScore', label: 'canteen.averageScore' },
  ],
  charts: [
    {
      title: 'canteen.byDay',
      span: 24,
      option: (data, tr) => {
        const days = (data as unknown as Figures).byDay
        return {
          tooltip: { trigger: 'axis' },
          legend: { data: [tr('canteen.orderCount'), tr('canteen.revenue')] },
          xAxis: { type: 'category', data: days.map((d) => d.date) },
          yAxis: [{ type: 'value' }, { type: 'value' }],
          series: [
            { name: tr('canteen.orderCount'), type: 'bar', data: days.map((d) => d.orders) },
            {
              name: tr('canteen.revenue'),
              type: 'line',
              yAxisIndex: 1,
              data: days.map((d) => yuanOf(d.revenue)),
            },
          ],
        }
      },
    },
    {
      title: 'canteen.byMeal',
      option: (data, tr) => ({
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: (data as unknown as Figures).byMeal.map((m) => ({
              name: tr(MEALS[m.mealType] ?? String(m.mealType)),
              value: m.orders,
            })),
          },
        ],
      }),
    },
    {
      title: 'canteen.topScored',
      option: (data) => {
        const top = (data as unknown as Figures).topScored
        return {
          tooltip: { trigger: 'axis' },
          xAxis: { type: 'value', max: 5 },
          yAxis: { type: 'category', data: top.map((t) => t.foodName).reverse() },
          series: [{ type: 'bar', data: top.map((t) => t.average).reverse() }],
        }
      },
    },
  ],
}
export default dashboard

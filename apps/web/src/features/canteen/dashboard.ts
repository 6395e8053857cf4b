import { orderContract } from '@xpark/contract/modules/canteen'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

/** The server's names of meals, series and columns (the statistics answer in Chinese). */
const names = {
  早餐: 'canteen.breakfast',
  午餐: 'canteen.lunch',
  晚餐: 'canteen.dinner',
  夜宵: 'canteen.supper',
  订单数: 'canteen.orderCount',
  营业额: 'canteen.revenue',
  平均评分: 'canteen.averageScore',
}

/** 食堂看板: orders, revenue, refunds and the average score; per day, per meal, the best scored dishes. */
const dashboard: DashboardDeclaration = {
  title: 'canteen.dashboard',
  code: orderContract.code,
  figures: [
    { statistic: 'canteen.orders', as: 'number', title: 'canteen.orderCount' },
    { statistic: 'canteen.revenue', as: 'number', title: 'canteen.revenue' },
    { statistic: 'canteen.refunded', as: 'number', title: 'canteen.refundFee' },
    { statistic: 'canteen.averageScore', as: 'number', title: 'canteen.averageScore' },
    {
      statistic: 'canteen.ordersByDay',
      as: 'bar',
      title: 'canteen.ordersByDay',
      params: { measure: 'orders' },
      names,
    },
    {
      statistic: 'canteen.ordersByDay',
      as: 'line',
      title: 'canteen.revenueByDay',
      params: { measure: 'revenue' },
      names,
    },
    { statistic: 'canteen.ordersByMeal', as: 'pie', title: 'canteen.byMeal', names },
    { statistic: 'canteen.topScored', as: 'bar', title: 'canteen.topScored', names },
  ],
}
export default dashboard

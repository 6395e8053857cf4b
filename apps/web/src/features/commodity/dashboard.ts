import { commodityOrderContract } from '@xpark/contract/modules/commodity'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

/** The server's names of states, series and columns (the statistics answer in Chinese). */
const names = {
  待付款: 'commodity.state.placed',
  已付款: 'commodity.state.paid',
  已完成: 'commodity.state.completed',
  已取消: 'commodity.state.cancelled',
  订单数: 'commodity.orderCount',
  销售额: 'commodity.revenue',
  销量: 'commodity.sold',
  商品: 'commodity.line.commodity',
}

/** 商品看板: orders, revenue, items and open orders over a date range; per day, per state, best sellers. */
const dashboard: DashboardDeclaration = {
  title: 'commodity.dashboard',
  code: commodityOrderContract.code,
  figures: [
    { statistic: 'commodity.orderCount', as: 'number', title: 'commodity.orderCount' },
    { statistic: 'commodity.revenue', as: 'number', title: 'commodity.revenue' },
    { statistic: 'commodity.itemsSold', as: 'number', title: 'commodity.itemsSold' },
    { statistic: 'commodity.openOrders', as: 'number', title: 'commodity.openOrders' },
    {
      statistic: 'commodity.ordersByDay',
      as: 'bar',
      title: 'commodity.ordersByDay',
      params: { measure: 'orders' },
      names,
    },
    {
      statistic: 'commodity.ordersByDay',
      as: 'line',
      title: 'commodity.revenueByDay',
      params: { measure: 'amount' },
      names,
    },
    { statistic: 'commodity.ordersByStatus', as: 'pie', title: 'commodity.byStatus', names },
    { statistic: 'commodity.topSellers', as: 'bar', title: 'commodity.top', names },
  ],
}
export default dashboard

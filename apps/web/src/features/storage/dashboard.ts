import { goodsContract } from '@xpark/contract/modules/storage'
import type { DashboardDeclaration } from '@/components/kit'
import './i18n'

/** The server's names of the figures' series (the statistics answer in Chinese). */
const names = {
  入库: 'storage.inQuantity',
  出库: 'storage.outQuantity',
  库存金额: 'storage.stockValue',
}

/** 仓储看板: stock value, batches, alerts and open bills; movements per day; value per warehouse. */
const dashboard: DashboardDeclaration = {
  title: 'storage.dashboard',
  code: goodsContract.code,
  figures: [
    { statistic: 'storage.stockValue', as: 'number', title: 'storage.stockValue' },
    { statistic: 'storage.batches', as: 'number', title: 'storage.batches' },
    { statistic: 'storage.lowStock', as: 'number', title: 'storage.lowStock' },
    { statistic: 'storage.overdue', as: 'number', title: 'storage.overdueCount' },
    { statistic: 'storage.expiring', as: 'number', title: 'storage.expiring' },
    { statistic: 'storage.openBills', as: 'number', title: 'storage.openBills' },
    { statistic: 'storage.movementsByDay', as: 'bar', title: 'storage.byDay', span: 24, names },
    { statistic: 'storage.stockValue', as: 'pie', title: 'storage.byWarehouse', names },
  ],
}
export default dashboard

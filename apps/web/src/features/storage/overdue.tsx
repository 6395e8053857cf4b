import { overdueQuery } from '@xpark/contract/modules/storage'
import { queryScreen } from './queryScreen'
import './i18n'

interface OverdueRow {
  id: string
  warehouseName: string
  goodsCode: string
  goodsName: string
  batchCode: string
  quantity: string
  amount: number
  expiryDate: string | null
}

/** 过期库存: batches past their expiry still in stock. */
export default queryScreen<OverdueRow>({
  title: 'storage.overdue',
  page: overdueQuery.page,
  exportCall: overdueQuery.export,
  rowKey: 'id',
  columns: [
    { prop: 'warehouseName', label: 'storage.warehouseName', width: 120 },
    { prop: 'goodsCode', label: 'storage.goodsCode', width: 120 },
    { prop: 'goodsName', label: 'storage.goodsName', search: 'input', width: 180 },
    { prop: 'batchCode', label: 'storage.batchCode', width: 120 },
    { prop: 'quantity', label: 'storage.quantity', width: 110 },
    { prop: 'amount', label: 'storage.amount', money: true, width: 110 },
    { prop: 'expiryDate', label: 'storage.expiryDate', width: 170 },
  ],
})

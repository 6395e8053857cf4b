import { goodsSummaryQuery } from '@xpark/contract/modules/storage'
import { queryScreen } from './queryScreen'
import './i18n'

interface SummaryRow {
  goodsId: string
  goodsCode: string
  goodsName: string
  classificationName: string | null
  unit: string
  opening: string
  inQuantity: string
  outQuantity: string
  closing: string
  price: number
  amount: number
}

/** 物品汇总: per goods, opening, in, out and closing quantities and the closing value (this month by default). */
export default queryScreen<SummaryRow>({
  title: 'storage.summary',
  page: goodsSummaryQuery.page,
  exportCall: goodsSummaryQuery.export,
  rowKey: 'goodsId',
  columns: [
    { prop: 'goodsCode', label: 'storage.goodsCode', width: 120 },
    { prop: 'goodsName', label: 'storage.goodsName', search: 'input', width: 180 },
    { prop: 'classificationName', label: 'storage.classificationName', width: 110 },
    { prop: 'unit', label: 'storage.unit', width: 70 },
    { prop: 'opening', label: 'storage.opening', width: 110 },
    { prop: 'inQuantity', label: 'storage.inQuantity', width: 110 },
    { prop: 'outQuantity', label: 'storage.outQuantity', width: 110 },
    { prop: 'closing', label: 'storage.closing', width: 110 },
    { prop: 'price', label: 'storage.price', money: true, width: 100 },
    { prop: 'amount', label: 'storage.amount', money: true, width: 120 },
  ],
})

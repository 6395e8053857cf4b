import { stockQuery } from '@xpark/contract/modules/storage'
import { queryScreen } from './queryScreen'
import './i18n'

interface StockRow {
  id: string
  warehouseName: string
  goodsCode: string
  goodsName: string
  specification: string
  unit: string
  batchCode: string
  quantity: string
  price: number
  amount: number
  productionDate: string | null
  expiryDate: string | null
}

/** 库存查询: stock by warehouse, goods and batch. */
export default queryScreen<StockRow>({
  title: 'storage.stock',
  page: stockQuery.page,
  exportCall: stockQuery.export,
  rowKey: 'id',
  columns: [
    { prop: 'warehouseName', label: 'storage.warehouseName', width: 120 },
    { prop: 'goodsCode', label: 'storage.goodsCode', width: 120 },
    { prop: 'goodsName', label: 'storage.goodsName', search: 'input', width: 180 },
    { prop: 'specification', label: 'storage.specification', width: 90 },
    { prop: 'unit', label: 'storage.unit', width: 70 },
    { prop: 'batchCode', label: 'storage.batchCode', width: 120 },
    { prop: 'quantity', label: 'storage.quantity', width: 110 },
    { prop: 'price', label: 'storage.price', money: true, width: 100 },
    { prop: 'amount', label: 'storage.amount', money: true, width: 110 },
    { prop: 'expiryDate', label: 'storage.expiryDate', width: 170 },
  ],
})

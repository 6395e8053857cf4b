import { ledgerEntriesCall } from '@xpark/contract/modules/storage'
import { queryScreen } from './queryScreen'
import './i18n'

interface LedgerRow {
  id: string
  kind: number
  warehouseName: string
  goodsCode: string
  goodsName: string
  batchCode: string
  billNo: string
  quantity: string
  before: string
  after: string
  createTime: string
}

/** 出入库记录: the stock ledger, newest first (who, when, which bill, before and after). */
export default queryScreen<LedgerRow>({
  title: 'storage.ledger',
  page: ledgerEntriesCall,
  rowKey: 'id',
  columns: [
    { prop: 'createTime', label: 'storage.time', width: 170 },
    { prop: 'kind', label: 'storage.kind', dict: 'storage_ledger_kind', width: 90 },
    { prop: 'billNo', label: 'storage.billNo', search: 'input', width: 170 },
    { prop: 'warehouseName', label: 'storage.warehouseName', width: 120 },
    { prop: 'goodsName', label: 'storage.goodsName', search: 'input', width: 160 },
    { prop: 'batchCode', label: 'storage.batchCode', width: 110 },
    { prop: 'quantity', label: 'storage.quantity', width: 100 },
    { prop: 'before', label: 'storage.before', width: 100 },
    { prop: 'after', label: 'storage.after', width: 100 },
  ],
})

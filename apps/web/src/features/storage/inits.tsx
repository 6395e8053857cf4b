import { type InitStockRow, initStockContract } from '@xpark/contract/modules/storage'
import { fromContract } from '@/components/crud'
import './i18n'
import { goodsSource, warehouseSource } from './pickers'

/** 期初库存: opening quantities by bill number, put into stock (through the ledger) from a row. */
export default fromContract<InitStockRow>(initStockContract, {
  title: 'storage.init',
  rowCheck: (row, action) => (action === 'edit' || action === 'delete' ? row.status === 0 : true),
  columns: [
    { prop: 'billNumber', label: 'storage.billNumber', search: 'input', width: 160, form: { span: 12 } },
    {
      prop: 'warehouseId',
      label: 'storage.warehouseName',
      render: (_v, row) => row.warehouseName ?? '',
      treeOf: warehouseSource,
      width: 120,
      form: { span: 12 },
    },
    {
      prop: 'goodsId',
      label: 'storage.goodsName',
      render: (_v, row) => row.goodsName ?? '',
      treeOf: goodsSource,
      width: 180,
      form: { span: 12 },
    },
    // in the goods' base unit (a row saved in one of its units shows what was entered beside it)
    { prop: 'quantity', label: 'storage.quantity', width: 110, form: { span: 12 } },
    { prop: 'unitQuantity', label: 'storage.unitQuantity', width: 100, hidden: true, form: false },
    { prop: 'unitName', label: 'storage.unitName', width: 90, hidden: true, form: false },
    { prop: 'price', label: 'storage.price', money: true, width: 110, form: { span: 12 } },
    { prop: 'amount', label: 'storage.amount', money: true, width: 110, form: false },
    { prop: 'batchCode', label: 'storage.batchCode', width: 110, form: { span: 12 } },
    {
      prop: 'productionDate',
      label: 'storage.productionDate',
      hidden: true,
      form: { type: 'date', span: 12 },
    },
    { prop: 'expiryDate', label: 'storage.expiryDate', width: 170, form: { type: 'date', span: 12 } },
    {
      prop: 'status',
      label: 'storage.status',
      dict: 'storage_init_status',
      search: 'select',
      width: 90,
      form: false,
    },
    { prop: 'remark', label: 'storage.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

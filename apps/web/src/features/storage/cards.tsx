import { type StorageCardRow, storageCardContract } from '@xpark/contract/modules/storage'
import { fromContract } from '@/components/crud'
import './i18n'
import { goodsSource, warehouseSource } from './pickers'

/** 库存卡: where a goods lives in a warehouse, its bounds and its stock there. */
export default fromContract<StorageCardRow>(storageCardContract, {
  title: 'storage.card',
  pagePath: 'list',
  actions: { copy: false },
  columns: [
    {
      prop: 'warehouseId',
      label: 'storage.warehouseName',
      render: (_v, row) => row.warehouseName ?? '',
      treeOf: warehouseSource,
      width: 140,
    },
    {
      prop: 'goodsId',
      label: 'storage.goodsName',
      render: (_v, row) => row.goodsName ?? '',
      treeOf: goodsSource,
      width: 180,
    },
    { prop: 'goodsCode', label: 'storage.goodsCode', width: 110, form: false },
    { prop: 'location', label: 'storage.location', search: 'input', width: 110 },
    { prop: 'stock', label: 'storage.stockQuantity', width: 110, form: false },
    { prop: 'minQuantity', label: 'storage.minQuantity', width: 110, form: { span: 12 } },
    { prop: 'maxQuantity', label: 'storage.maxQuantity', width: 110, form: { span: 12 } },
    { prop: 'remark', label: 'storage.remark', ellipsis: true },
  ],
})

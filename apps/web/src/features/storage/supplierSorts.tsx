import { type SupplierSortRow, supplierSortContract } from '@xpark/contract/modules/storage'
import { codedTreeScreen } from '@/components/crud'
import './i18n'

/** 供应商分类: supplier sorts as a tree table. */
export default codedTreeScreen<SupplierSortRow>(supplierSortContract, {
  title: 'storage.supplierSort',
  texts: 'storage',
})

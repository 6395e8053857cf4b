import { type SupplierSortRow, supplierSortContract } from '@xpark/contract/modules/storage'
import { fromContract, treeSource } from '@/components/crud'
import './i18n'

/** 供应商分类: supplier sorts as a tree table. */
export default fromContract<SupplierSortRow>(supplierSortContract, {
  title: 'storage.supplierSort',
  columns: [
    { prop: 'name', label: 'storage.name', search: 'input', width: 220 },
    { prop: 'code', label: 'storage.code', search: 'input', width: 140, form: { disabledOnEdit: true } },
    {
      prop: 'parentId',
      label: 'storage.parent',
      hideInTable: true,
      treeOf: treeSource(supplierSortContract, { root: true }),
    },
    { prop: 'sort', label: 'storage.sort', width: 80 },
    { prop: 'remark', label: 'storage.remark', ellipsis: true, form: { type: 'textarea' } },
  ],
})

import { type SupplierRow, supplierContract, supplierSortContract } from '@xpark/contract/modules/storage'
import { fromContract, treeSource } from '@/components/crud'
import type { TreeListDeclaration } from '@/components/kit'
import './i18n'

const list = fromContract<SupplierRow>(supplierContract, {
  title: 'storage.supplier',
  shows: [supplierSortContract.code],
  columns: [
    {
      prop: 'code',
      label: 'storage.code',
      search: 'input',
      width: 110,
      form: { disabledOnEdit: true, span: 12 },
    },
    { prop: 'name', label: 'storage.name', search: 'input', width: 180, form: { span: 12 } },
    {
      prop: 'sortId',
      label: 'storage.sortName',
      render: (_v, row) => row.sortName ?? '',
      treeOf: treeSource(supplierSortContract),
      width: 120,
      form: { span: 12 },
    },
    { prop: 'contact', label: 'storage.contact', width: 90, form: { span: 12 } },
    { prop: 'phone', label: 'storage.phone', width: 130, form: { span: 12 } },
    {
      prop: 'settlementMode',
      label: 'storage.settlementMode',
      dict: 'settlement_mode',
      search: 'select',
      width: 100,
      form: { span: 12 },
    },
    {
      prop: 'procuredType',
      label: 'storage.procuredType',
      dict: 'procured_type',
      search: 'select',
      width: 100,
      form: { span: 12 },
    },
    { prop: 'address', label: 'storage.address', hidden: true },
    { prop: 'bankName', label: 'storage.bankName', hidden: true, form: { span: 12 } },
    { prop: 'bankAccount', label: 'storage.bankAccount', hidden: true, form: { span: 12 } },
    { prop: 'remark', label: 'storage.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

/** 供应商: the supplier sorts on the left, the chosen sort's suppliers on the right. */
const screen: TreeListDeclaration<SupplierRow> = {
  tree: treeSource(supplierSortContract),
  treeTitle: 'storage.supplierSort',
  list,
  filter: (sortId) => ({ sortId }),
  defaults: (sortId) => ({ sortId }),
}
export default screen

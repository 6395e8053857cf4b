import {
  classificationContract,
  type GoodsRow,
  goodsContract,
  storageBillContract,
  supplierContract,
} from '@xpark/contract/modules/storage'
import { fromContract, treeSource } from '@/components/crud'
import type { TreeListDeclaration } from '@/components/kit'
import './i18n'
import { supplierSource } from './pickers'

const list = fromContract<GoodsRow>(goodsContract, {
  title: 'storage.goods',
  // a goods' stock follows every bill check and return
  shows: [classificationContract.code, supplierContract.code, storageBillContract.code],
  columns: [
    {
      prop: 'code',
      label: 'storage.code',
      search: 'input',
      width: 120,
      form: { disabledOnEdit: true, span: 12 },
    },
    { prop: 'name', label: 'storage.name', search: 'input', width: 180, form: { span: 12 } },
    {
      prop: 'classificationId',
      label: 'storage.classificationName',
      render: (_v, row) => row.classificationName ?? '',
      treeOf: treeSource(classificationContract),
      width: 120,
      form: { span: 12 },
    },
    { prop: 'specification', label: 'storage.specification', width: 100, form: { span: 12 } },
    { prop: 'unit', label: 'storage.unit', width: 70, form: { span: 12 } },
    { prop: 'price', label: 'storage.price', money: true, sortable: true, width: 110, form: { span: 12 } },
    { prop: 'stock', label: 'storage.stockQuantity', width: 110, form: false },
    {
      prop: 'supplierId',
      label: 'storage.supplierName',
      render: (_v, row) => row.supplierName ?? '',
      treeOf: supplierSource,
      width: 150,
      form: { span: 12 },
    },
    { prop: 'barcode', label: 'storage.barcode', hidden: true, form: { span: 12 } },
    { prop: 'minStock', label: 'storage.minStock', hidden: true, form: { span: 12 } },
    { prop: 'shelfLifeDays', label: 'storage.shelfLifeDays', hidden: true, form: { span: 12 } },
    { prop: 'remark', label: 'storage.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

/** 物品信息: the classification tree on the left, the chosen classification's goods on the right. */
const screen: TreeListDeclaration<GoodsRow> = {
  tree: treeSource(classificationContract),
  treeTitle: 'storage.classification',
  list,
  filter: (classificationId) => ({ classificationId }),
  defaults: (classificationId) => ({ classificationId }),
}
export default screen

import { type ClassificationRow, classificationContract } from '@xpark/contract/modules/storage'
import { fromContract, treeSource } from '@/components/crud'
import './i18n'

/** 物品分类: goods classification as a tree table (add a child from a row). */
export default fromContract<ClassificationRow>(classificationContract, {
  title: 'storage.classification',
  columns: [
    { prop: 'name', label: 'storage.name', search: 'input', width: 220 },
    { prop: 'code', label: 'storage.code', search: 'input', width: 140, form: { disabledOnEdit: true } },
    {
      prop: 'parentId',
      label: 'storage.parent',
      hideInTable: true,
      treeOf: treeSource(classificationContract, { root: true }),
    },
    { prop: 'sort', label: 'storage.sort', width: 80 },
    { prop: 'remark', label: 'storage.remark', ellipsis: true, form: { type: 'textarea' } },
  ],
})

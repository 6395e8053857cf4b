import { type ClassificationRow, classificationContract } from '@xpark/contract/modules/storage'
import { codedTreeScreen } from '@/components/crud'
import './i18n'

/** 物品分类: goods classification as a tree table (add a child from a row). */
export default codedTreeScreen<ClassificationRow>(classificationContract, {
  title: 'storage.classification',
  texts: 'storage',
})

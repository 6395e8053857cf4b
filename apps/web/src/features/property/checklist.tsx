import { type CheckItemRow, checkItemContract } from '@xpark/contract/modules/property'
import { fromContract } from '@/components/crud'
import { bizDictColumn, communityColumn } from './inputs'
import './i18n'

/** 检查清单: what an inspector checks at a point (a community's own, or every community's). */
export default fromContract<CheckItemRow>(checkItemContract, {
  title: 'property.checklist',
  columns: [
    { prop: 'name', label: 'property.checkName', search: 'input' },
    bizDictColumn<CheckItemRow>('category', 'property.category', 'property_check_category'),
    { prop: 'content', label: 'property.checkContent', ellipsis: true, form: { type: 'textarea' } },
    communityColumn<CheckItemRow>(false),
    { prop: 'sort', label: 'property.sort', form: { type: 'number' }, width: 80 },
    { prop: 'remark', label: 'property.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

import type { QueryClient } from '@tanstack/react-query'
import { PROPERTY_DICTS, type PropertyDictRow, propertyDictContract } from '@xpark/contract/modules/property'
import { fromContract } from '@/components/crud'
import { invalidateDictionaries } from '@/components/dict'
import './i18n'

const CODES = Object.entries(PROPERTY_DICTS).map(([value, label]) => ({ value, label }))

/**
 * 服务类型: the entries of the property dictionaries (报修类型, 保洁类型, 故障现象, 检查类别), the
 * tenant's business dictionary under `property_*` codes; the app and the order screens read them.
 */
export default fromContract<PropertyDictRow>(propertyDictContract, {
  title: 'property.type',
  // the order screens' labels and selects read the business dictionary: drop what they cached
  onWritten: (client: QueryClient) => void invalidateDictionaries(client, true),
  columns: [
    {
      prop: 'code',
      label: 'property.dictCode',
      options: CODES,
      search: 'select',
      form: { type: 'select', disabledOnEdit: true },
    },
    { prop: 'dictKey', label: 'property.dictKey', form: { disabledOnEdit: true } },
    { prop: 'dictValue', label: 'property.dictValue', search: 'input' },
    { prop: 'sort', label: 'property.sort', form: { type: 'number' } },
    { prop: 'remark', label: 'property.remark', form: { type: 'textarea' } },
  ],
})

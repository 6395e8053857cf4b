import { type WarehouseRow, warehouseContract } from '@xpark/contract/modules/storage'
import { fromContract } from '@/components/crud'
import './i18n'

/** 仓库管理: the park's warehouses. */
export default fromContract<WarehouseRow>(warehouseContract, {
  title: 'storage.warehouse',
  columns: [
    {
      prop: 'code',
      label: 'storage.code',
      search: 'input',
      width: 120,
      form: { disabledOnEdit: true, span: 12 },
    },
    { prop: 'name', label: 'storage.name', search: 'input', width: 180, form: { span: 12 } },
    { prop: 'keeper', label: 'storage.keeper', search: 'input', width: 100, form: { span: 12 } },
    { prop: 'phone', label: 'storage.phone', width: 130, form: { span: 12 } },
    { prop: 'address', label: 'storage.address', ellipsis: true },
    { prop: 'sort', label: 'storage.sort', width: 80, form: { span: 12 } },
    { prop: 'remark', label: 'storage.remark', hidden: true, form: { type: 'textarea' } },
  ],
})

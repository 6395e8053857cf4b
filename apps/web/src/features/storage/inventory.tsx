import { type InventoryRow, inventoryContract } from '@xpark/contract/modules/storage'
import { fromContract } from '@/components/crud'
import './i18n'
import { InventoryActions } from './InventoryActions'
import { warehouseSource } from './pickers'

/** 库存盘点: plans, their count bills, and the profit and losses audits. */
export default fromContract<InventoryRow>(inventoryContract, {
  title: 'storage.inventory',
  rowCheck: (row, action) => (action === 'edit' || action === 'delete' ? row.status === 0 : true),
  rowExtra: (row, ctx) => <InventoryActions row={row} ctx={ctx} />,
  rowExtraCount: 3,
  columns: [
    { prop: 'planNo', label: 'storage.planNo', search: 'input', width: 140, form: { span: 12 } },
    { prop: 'name', label: 'storage.name', search: 'input', width: 180, form: { span: 12 } },
    {
      prop: 'warehouseId',
      label: 'storage.warehouseName',
      render: (_v, row) => row.warehouseName ?? '',
      treeOf: warehouseSource,
      width: 120,
      form: { span: 12 },
    },
    { prop: 'planDate', label: 'storage.planDate', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'counter', label: 'storage.counter', width: 90, form: { span: 12 } },
    {
      prop: 'status',
      label: 'storage.status',
      dict: 'storage_inventory_status',
      search: 'select',
      width: 90,
      form: false,
    },
    {
      prop: 'profitStatus',
      label: 'storage.profitStatus',
      dict: 'storage_audit_status',
      width: 90,
      form: false,
    },
    { prop: 'lossStatus', label: 'storage.lossStatus', dict: 'storage_audit_status', width: 90, form: false },
    { prop: 'remark', label: 'storage.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

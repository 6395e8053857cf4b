import { type RepairRow, repairContract } from '@xpark/contract/modules/property'
import { fromContract } from '@/components/crud'
import { bizDictColumn, orderMoveInputs } from './inputs'
import { orderColumns, orderRowCheck } from './orders'
import './i18n'

/**
 * 报事报修: a reported trouble and its moves — 派单 (dispatchers choose the worker), 接单 and 完成维修
 * (the assigned worker only), 评价 and 取消 (the reporter only): the kit shows each button to whom
 * may take it.
 */
export default fromContract<RepairRow>(repairContract, {
  title: 'property.repair',
  actionInputs: orderMoveInputs('updateRepairInfo'),
  rowCheck: orderRowCheck,
  columns: [
    { prop: 'orderNo', label: 'property.orderNo', search: 'input', form: false, width: 170 },
    { prop: 'title', label: 'property.title', search: 'input' },
    bizDictColumn<RepairRow>('troubleKey', 'property.trouble', 'property_trouble'),
    ...orderColumns<RepairRow>('property_repair_type', 'property.repairType'),
  ],
})

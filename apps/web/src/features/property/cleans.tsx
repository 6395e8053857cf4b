import { type CleanRow, cleanContract } from '@xpark/contract/modules/property'
import { fromContract } from '@/components/crud'
import { orderMoveInputs } from './inputs'
import { orderColumns, orderRowCheck } from './orders'
import './i18n'

/** 保洁服务: a cleaning request, moved as a repair order is (dispatch, accept, finish, rate, cancel). */
export default fromContract<CleanRow>(cleanContract, {
  title: 'property.clean',
  actionInputs: orderMoveInputs('updateCleanInfo'),
  rowCheck: orderRowCheck,
  columns: [
    { prop: 'orderNo', label: 'property.orderNo', search: 'input', form: false, width: 170 },
    ...orderColumns<CleanRow>('property_clean_type', 'property.cleanType'),
  ],
})

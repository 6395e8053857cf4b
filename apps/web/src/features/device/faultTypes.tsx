import { faultTypeContract } from '@xpark/contract/modules/device'
import { fromContract } from '@/components/crud'
import './i18n'

interface FaultType {
  id: string
  name: string
  machineType: number | null
  status: number
  remark: string
  createTime: string
}

/** 故障类型: the kinds of fault, per machine type or for any. */
export default fromContract<FaultType>(faultTypeContract, {
  title: 'device.faultType',
  columns: [
    { prop: 'name', label: 'device.faultName', search: 'input', width: 200 },
    { prop: 'machineType', label: 'device.type', dict: 'machine_type', search: 'select', width: 140 },
    { prop: 'remark', label: 'device.remark', form: { type: 'textarea' } },
    { prop: 'createTime', label: 'device.createTime', width: 170, form: false },
  ],
})

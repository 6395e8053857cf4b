import { type AccessRecordRow, doorRecordContract } from '@xpark/contract/modules/visitor'
import { fromContract } from '@/components/crud'
import { recordColumns } from './records'

/** 门禁记录: the doors' passes and refusals (from the device layer; read only). */
export default fromContract<AccessRecordRow>(doorRecordContract, {
  title: 'visitor.doors',
  columns: recordColumns,
})

import { type AccessRecordRow, faceRecordContract } from '@xpark/contract/modules/visitor'
import { fromContract } from '@/components/crud'
import { recordColumns } from './records'

/** 人脸记录: the face terminals' recognitions (from the device layer; read only). */
export default fromContract<AccessRecordRow>(faceRecordContract, {
  title: 'visitor.faces',
  columns: recordColumns,
})

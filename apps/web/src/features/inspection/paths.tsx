import { type InspectionPathRow, inspectionPathContract } from '@xpark/contract/modules/inspection'
import { fromContract } from '@/components/crud'
import { pointSource } from './inputs'
import './i18n'

/** 巡检路线: its points in the order walked (lines: each once, at least two). */
export default fromContract<InspectionPathRow>(inspectionPathContract, {
  title: 'inspection.path',
  pagePath: 'list',
  dialogWidth: 760,
  columns: [
    { prop: 'name', label: 'inspection.name', search: 'input' },
    { prop: 'pointCount', label: 'inspection.pointCount', form: false },
    { prop: 'pointNames', label: 'inspection.pointNames', ellipsis: true, form: false },
    { prop: 'remark', label: 'inspection.remark', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'inspection.createTime', form: false },
  ],
  bill: {
    field: 'points',
    lineSchema: inspectionPathContract.lines?.form,
    columns: [
      { prop: 'pointId', label: 'inspection.points', treeOf: pointSource, fill: { pointName: 'title' } },
    ],
  },
})

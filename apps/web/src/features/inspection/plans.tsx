import { type InspectionPlanRow, inspectionPlanContract } from '@xpark/contract/modules/inspection'
import { fromContract } from '@/components/crud'
import { InspectorsInput, PathSelect } from './inputs'
import './i18n'

/** 巡检计划: a path, its inspectors, the weekdays and the window; saving remakes the records not started. */
export default fromContract<InspectionPlanRow>(inspectionPlanContract, {
  title: 'inspection.plan',
  pagePath: 'list',
  columns: [
    { prop: 'name', label: 'inspection.name', search: 'input' },
    { prop: 'pathName', label: 'inspection.pathName', form: false },
    {
      prop: 'pathId',
      label: 'inspection.pathName',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <PathSelect testId={testId} disabled={disabled} /> },
    },
    { prop: 'inspectorNames', label: 'inspection.inspectors', ellipsis: true, form: false },
    {
      prop: 'inspectorIds',
      label: 'inspection.inspectors',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <InspectorsInput testId={testId} disabled={disabled} /> },
    },
    {
      prop: 'weekdays',
      label: 'inspection.weekdays',
      form: { itemProps: { extra: '1-7, 1,2,3,4,5' }, props: { placeholder: '1,2,3,4,5' } },
    },
    { prop: 'startTime', label: 'inspection.startTime', form: { span: 12, props: { placeholder: '08:00' } } },
    { prop: 'endTime', label: 'inspection.endTime', form: { span: 12, props: { placeholder: '10:00' } } },
    {
      prop: 'status',
      label: 'inspection.status',
      dict: 'yes_no_status',
      form: false,
    },
    { prop: 'madeThrough', label: 'inspection.madeThrough', form: false },
    { prop: 'remark', label: 'inspection.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

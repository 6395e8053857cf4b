import { type InspectionEventRow, inspectionEventContract } from '@xpark/contract/modules/inspection'
import { fromContract } from '@/components/crud'
import { EventExtra } from './EventActions'
import { pointSource, RunningRecordSelect } from './inputs'
import './i18n'

/** 巡检事件: what was found at a point; it may become an alarm or a repair order, and show the camera's playback. */
export default fromContract<InspectionEventRow>(inspectionEventContract, {
  title: 'inspection.event',
  pagePath: 'list',
  rowExtra: (row, ctx) => <EventExtra row={row} refresh={ctx.refresh} />,
  rowExtraCount: 3,
  columns: [
    { prop: 'pointName', label: 'inspection.point', form: false },
    { prop: 'pointId', label: 'inspection.point', hideInTable: true, treeOf: pointSource },
    {
      prop: 'recordId',
      label: 'inspection.record',
      hideInTable: true,
      form: {
        itemProps: { extra: 'inspection.eventRecordHint' },
        render: ({ testId, disabled }) => <RunningRecordSelect testId={testId} disabled={disabled} />,
      },
    },
    {
      prop: 'level',
      label: 'inspection.level',
      dict: 'inspection_event_level',
      search: 'select',
    },
    {
      prop: 'content',
      label: 'inspection.content',
      search: 'input',
      ellipsis: true,
      form: { type: 'textarea' },
    },
    {
      prop: 'photos',
      label: 'inspection.photos',
      hideInTable: true,
      form: { type: 'textarea', itemProps: { extra: '图片链接, 多个用逗号分隔' } },
    },
    { prop: 'reporterName', label: 'inspection.reporter', form: false },
    { prop: 'createTime', label: 'inspection.createTime', form: false },
  ],
})

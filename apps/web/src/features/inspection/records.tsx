import { type InspectionRecordRow, inspectionRecordContract } from '@xpark/contract/modules/inspection'
import { Input } from 'antd'
import type { ReactNode } from 'react'
import { type CrudRowContext, fromContract } from '@/components/crud'
import { InspectorsInput, PlanSelect } from './inputs'
import './i18n'

/** 巡检记录: the records the plans made (and ad-hoc ones), their state, progress and verdict. */
export const recordsScreen = (rowExtra?: (row: InspectionRecordRow, ctx: CrudRowContext) => ReactNode) =>
  fromContract<InspectionRecordRow>(inspectionRecordContract, {
    title: 'inspection.record',
    pagePath: 'list',
    ...(rowExtra ? { rowExtra, rowExtraCount: 2 } : {}),
    actionInputs: {
      closeInspection: {
        name: 'reason',
        label: 'inspection.reason',
        render: ({ value, onChange }) => (
          <Input
            value={value ?? ''}
            maxLength={255}
            onChange={(e) => onChange(e.target.value || undefined)}
            data-testid="inspection-close-reason"
          />
        ),
      },
    },
    columns: [
      { prop: 'name', label: 'inspection.planName', search: 'input', form: false },
      {
        prop: 'planId',
        label: 'inspection.planName',
        hideInTable: true,
        form: { render: ({ testId, disabled }) => <PlanSelect testId={testId} disabled={disabled} /> },
      },
      { prop: 'pathName', label: 'inspection.pathName', form: false },
      { prop: 'inspectorName', label: 'inspection.inspector', form: false },
      {
        prop: 'inspectorId',
        label: 'inspection.inspector',
        hideInTable: true,
        form: {
          render: ({ testId, disabled }) => (
            <InspectorsInput multiple={false} testId={testId} disabled={disabled} />
          ),
        },
      },
      { prop: 'day', label: 'inspection.day', search: 'input', form: { type: 'date', span: 12 } },
      {
        prop: 'windowStart',
        label: 'inspection.window',
        form: false,
        render: (_v, row) => `${row.windowStart.slice(11, 16)}-${row.windowEnd.slice(11, 16)}`,
      },
      {
        prop: 'state',
        label: 'inspection.state',
        dict: 'inspection_record_status',
        search: 'select',
        form: false,
      },
      {
        prop: 'checkedCount',
        label: 'inspection.progress',
        form: false,
        render: (_v, row) => `${row.checkedCount}/${row.pointCount}`,
      },
      { prop: 'missedCount', label: 'inspection.missed', form: false },
      { prop: 'result', label: 'inspection.result', dict: 'inspection_result', form: false },
      { prop: 'closeReason', label: 'inspection.closeReason', hidden: true, form: false },
      { prop: 'remark', label: 'inspection.remark', hideInTable: true, form: { type: 'textarea' } },
    ],
  })

import { type DutyPersonRow, dutyPersonContract } from '@xpark/contract/modules/duty'
import { DatePicker } from 'antd'
import dayjs from 'dayjs'
import type { ReactNode } from 'react'
import { fromContract } from '@/components/crud'
import { PersonInput } from './PersonInput'
import './i18n'

/** A calendar day as `yyyy-MM-dd` (the duty date has no time). */
function DayInput({
  value,
  onChange,
  testId,
}: {
  value?: string
  onChange?: (v: string) => void
  testId?: string
}) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={value ? dayjs(value) : undefined}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
      data-testid={testId}
    />
  )
}

/** 值班人员: the roster, by day and shift; the person from the user picker. */
export const dutyScreen = (rowExtra?: (row: DutyPersonRow, ctx: { refresh: () => void }) => ReactNode) =>
  fromContract<DutyPersonRow>(dutyPersonContract, {
    title: 'duty.title',
    columns: [
      {
        prop: 'dutyDate',
        label: 'duty.dutyDate',
        search: 'input',
        form: { render: ({ testId }) => <DayInput testId={testId} /> },
      },
      { prop: 'shift', label: 'duty.shift', dict: 'duty_shift', search: 'select' },
      { prop: 'userName', label: 'duty.person', form: false },
      {
        prop: 'userId',
        label: 'duty.person',
        hideInTable: true,
        form: { render: ({ testId, disabled }) => <PersonInput testId={testId} disabled={disabled} /> },
      },
      { prop: 'account', label: 'duty.account', form: false },
      { prop: 'phone', label: 'duty.phone', form: false },
      { prop: 'remark', label: 'duty.remark', ellipsis: true },
    ],
    ...(rowExtra ? { rowExtra, rowExtraCount: 1 } : {}),
  })

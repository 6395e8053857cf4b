import type { AttendanceDayRow } from '@xpark/contract/modules/attendance'
import type { ColumnsType } from 'antd/es/table'
import type { Tr } from '@/components/crud/i18n'
import { StatusTag } from './status'

const clock = (at: string | null) => (at ? at.slice(11, 16) : '—')

/** The person-day columns of the late and abnormal pages. */
export function dayColumns(tr: Tr): ColumnsType<AttendanceDayRow> {
  return [
    { title: tr('attendance.day'), dataIndex: 'day', width: 110 },
    { title: tr('attendance.person'), dataIndex: 'realName' },
    { title: tr('attendance.dept'), dataIndex: 'deptName' },
    { title: tr('attendance.ruleName'), dataIndex: 'ruleName' },
    { title: tr('attendance.result'), dataIndex: 'status', render: (s: number) => <StatusTag status={s} /> },
    { title: tr('attendance.shifts'), dataIndex: 'shifts' },
    {
      title: tr('attendance.in'),
      key: 'in',
      render: (_: unknown, r) =>
        [clock(r.in1), ...(r.in2 || r.shifts.includes(',') ? [clock(r.in2)] : [])].join(' / '),
    },
    {
      title: tr('attendance.out'),
      key: 'out',
      render: (_: unknown, r) =>
        [clock(r.out1), ...(r.out2 || r.shifts.includes(',') ? [clock(r.out2)] : [])].join(' / '),
    },
    { title: tr('attendance.lateMinutes'), dataIndex: 'lateMinutes' },
    { title: tr('attendance.earlyMinutes'), dataIndex: 'earlyMinutes' },
    { title: tr('attendance.missingCount'), dataIndex: 'missingCount' },
    { title: tr('attendance.absentDays'), dataIndex: 'absentDays' },
  ]
}

export const dayKey = (r: AttendanceDayRow) => `${r.userId}-${r.day}`

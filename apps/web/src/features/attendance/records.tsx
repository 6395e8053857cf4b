import {
  type AttendancePunchRow,
  attendancePunchContract,
  PUNCH_SOURCE,
} from '@xpark/contract/modules/attendance'
import { fromContract } from '@/components/crud'
import { PersonPick } from './inputs'
import './i18n'

/**
 * 打卡记录 (punchClockRecord): every punch, from the machines and by hand; 补卡 adds one with a
 * reason. A machine's punch is never changed or removed (the server refuses; no buttons for it here).
 */
export default fromContract<AttendancePunchRow>(attendancePunchContract, {
  title: 'attendance.record',
  rowCheck: (row, action) => row.source === PUNCH_SOURCE.hand || action === 'view',
  columns: [
    { prop: 'realName', label: 'attendance.person', form: false },
    {
      prop: 'userId',
      label: 'attendance.person',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <PersonPick testId={testId} disabled={disabled} /> },
    },
    { prop: 'deptName', label: 'attendance.dept', form: false },
    { prop: 'punchTime', label: 'attendance.punchTime', width: 170, form: { type: 'date' } },
    {
      prop: 'source',
      label: 'attendance.source',
      dict: 'attendance_punch_source',
      search: 'select',
      form: false,
    },
    { prop: 'machineName', label: 'attendance.machine', form: false },
    { prop: 'reason', label: 'attendance.reason', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'createUserName', label: 'attendance.operator', hidden: true, form: false },
    { prop: 'createTime', label: 'attendance.createTime', hidden: true, form: false },
  ],
})

import { type AttendanceRuleRow, attendanceRuleContract } from '@xpark/contract/modules/attendance'
import { fromContract } from '@/components/crud'
import { ClockMachinesInput, DayInput, DeptsInput, PeopleInput, WorkdaysInput } from './inputs'
import './i18n'

const YES_NO = [
  { label: 'attendance.no', value: 0 },
  { label: 'attendance.yes', value: 1 },
]
const ENABLED = [
  { label: 'attendance.disabled', value: 0 },
  { label: 'attendance.enabled', value: 1 },
]
const twoShifts = (values: Record<string, unknown>) => Number(values.shiftCount) === 2
const time = (placeholder: string) => ({ span: 12, props: { placeholder } })

/** 考勤规则 (punchClockSeting): people, work days, shifts, grace, windows, machines, holidays. */
export default fromContract<AttendanceRuleRow>(attendanceRuleContract, {
  title: 'attendance.rule',
  dialogWidth: 820,
  columns: [
    { prop: 'name', label: 'attendance.name', search: 'input' },
    { prop: 'deptNames', label: 'attendance.depts', ellipsis: true, form: false },
    {
      prop: 'deptIds',
      label: 'attendance.depts',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <DeptsInput testId={testId} disabled={disabled} /> },
    },
    { prop: 'userNames', label: 'attendance.users', ellipsis: true, hidden: true, form: false },
    {
      prop: 'userIds',
      label: 'attendance.users',
      hideInTable: true,
      form: { render: ({ testId, disabled }) => <PeopleInput testId={testId} disabled={disabled} /> },
    },
    { prop: 'memberCount', label: 'attendance.memberCount', width: 80, form: false },
    {
      prop: 'workdays',
      label: 'attendance.workdays',
      form: { render: ({ testId, disabled }) => <WorkdaysInput testId={testId} disabled={disabled} /> },
    },
    {
      prop: 'shiftCount',
      label: 'attendance.shiftCount',
      width: 100,
      options: [
        { label: 'attendance.oneShift', value: 1 },
        { label: 'attendance.twoShifts', value: 2 },
      ],
      form: { type: 'select', itemProps: { extra: 'attendance.shiftHint' } },
    },
    { prop: 'start1', label: 'attendance.start1', width: 90, form: time('09:00') },
    { prop: 'end1', label: 'attendance.end1', width: 90, form: time('18:00') },
    {
      prop: 'start2',
      label: 'attendance.start2',
      width: 90,
      hidden: true,
      form: { ...time('13:00'), visible: twoShifts },
    },
    {
      prop: 'end2',
      label: 'attendance.end2',
      width: 90,
      hidden: true,
      form: { ...time('18:00'), visible: twoShifts },
    },
    {
      prop: 'lateGraceMinutes',
      label: 'attendance.lateGrace',
      hidden: true,
      form: { type: 'number', span: 12 },
    },
    {
      prop: 'earlyGraceMinutes',
      label: 'attendance.earlyGrace',
      hidden: true,
      form: { type: 'number', span: 12 },
    },
    {
      prop: 'absentMinutes',
      label: 'attendance.absentMinutes',
      hidden: true,
      form: { type: 'number', span: 12, itemProps: { extra: 'attendance.absentHint' } },
    },
    {
      prop: 'punchBeforeMinutes',
      label: 'attendance.punchBefore',
      hidden: true,
      form: { type: 'number', span: 12 },
    },
    {
      prop: 'punchAfterMinutes',
      label: 'attendance.punchAfter',
      hidden: true,
      form: { type: 'number', span: 12 },
    },
    { prop: 'machineNames', label: 'attendance.machines', ellipsis: true, form: false },
    {
      prop: 'machineIds',
      label: 'attendance.machines',
      hideInTable: true,
      form: {
        itemProps: { extra: 'attendance.machinesHint' },
        render: ({ testId, disabled }) => <ClockMachinesInput testId={testId} disabled={disabled} />,
      },
    },
    {
      prop: 'useHolidays',
      label: 'attendance.useHolidays',
      options: YES_NO,
      width: 90,
      form: { type: 'select', span: 12, itemProps: { extra: 'attendance.useHolidaysHint' } },
    },
    {
      prop: 'effectiveDay',
      label: 'attendance.effectiveDay',
      width: 110,
      form: {
        span: 12,
        itemProps: { extra: 'attendance.effectiveHint' },
        render: ({ testId, disabled }) => <DayInput testId={testId} disabled={disabled} />,
      },
    },
    {
      prop: 'status',
      label: 'attendance.status',
      options: ENABLED,
      width: 80,
      form: { type: 'select', span: 12 },
    },
    { prop: 'remark', label: 'attendance.remark', hideInTable: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'attendance.createTime', hidden: true, form: false },
  ],
})

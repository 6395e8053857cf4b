import { useQuery } from '@tanstack/react-query'
import { attendanceRuleContract } from '@xpark/contract/modules/attendance'
import { MACHINE_TYPE, machineContract } from '@xpark/contract/modules/device'
import { deptContract, deptTreeCall, type TreeNode } from '@xpark/contract/schemas'
import { Checkbox, DatePicker, Select, TreeSelect } from 'antd'
import dayjs from 'dayjs'
import { callApi, pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { PeopleIdsInput, PersonInput } from '@/components/PersonInput'
import './i18n'

/** The attendance forms' and filters' pickers: departments, people, attendance machines, rules, weekdays. */

interface InputProps {
  value?: string
  onChange?: (value: string) => void
  testId?: string
  disabled?: boolean
}

const idsOf = (value?: string) => (value ? value.split(',').filter(Boolean) : [])

interface DeptOption {
  value: string
  title: string
  children?: DeptOption[]
}
const optionsOf = (nodes: readonly TreeNode[]): DeptOption[] =>
  nodes.map((n) => ({
    value: String(n.id),
    title: String(n.title),
    ...(n.children?.length ? { children: optionsOf(n.children) } : {}),
  }))

function useDeptTree() {
  return useQuery({
    queryKey: [deptContract.code, 'nodes'],
    queryFn: (): Promise<TreeNode[]> => callApi(deptTreeCall, {}),
  })
}

/** Departments (with their sub-departments), comma-joined ids. */
export function DeptsInput({ value, onChange, testId, disabled }: InputProps) {
  const tr = useTr()
  const { data } = useDeptTree()
  return (
    <TreeSelect
      multiple
      treeDefaultExpandAll
      allowClear
      value={idsOf(value)}
      onChange={(ids: string[]) => onChange?.(ids.join(','))}
      treeData={optionsOf(data ?? [])}
      placeholder={tr('attendance.depts')}
      disabled={disabled}
      data-testid={testId}
    />
  )
}

/** One department, or none (a filter). */
export function DeptSelect({ value, onChange, testId }: InputProps) {
  const tr = useTr()
  const { data } = useDeptTree()
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      style={{ minWidth: 180 }}
      value={value || undefined}
      onChange={(id?: string) => onChange?.(id ?? '')}
      treeData={optionsOf(data ?? [])}
      placeholder={tr('attendance.anyDept')}
      data-testid={testId}
    />
  )
}

export function PeopleInput(props: InputProps) {
  const tr = useTr()
  return (
    <PeopleIdsInput {...props} placeholder={tr('attendance.users')} pickLabel={tr('attendance.pickUsers')} />
  )
}

export function PersonPick(props: InputProps & { clearable?: boolean }) {
  const tr = useTr()
  return <PersonInput {...props} placeholder={tr('attendance.person')} pickLabel={tr('attendance.person')} />
}

/** The tenant's attendance machines (考勤机 made clocks by alterMachineToClockCard), comma-joined. */
export function ClockMachinesInput({ value, onChange, testId, disabled }: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [machineContract.code, 'clocks'],
    queryFn: () => pageOfRows(machineContract, { current: 1, size: 500, type: MACHINE_TYPE.clock }),
  })
  const rows = (data?.records ?? [])
    .filter((m) => m.clockCard === 1)
    .map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))
  return (
    <Select
      mode="multiple"
      allowClear
      optionFilterProp="label"
      value={idsOf(value)}
      onChange={(ids: string[]) => onChange?.(ids.join(','))}
      options={rows}
      loading={isLoading}
      placeholder={tr('attendance.machines')}
      disabled={disabled}
      data-testid={testId}
    />
  )
}

/** A rule, or none (a filter): a report then reads the rule's base. */
export function RuleSelect({ value, onChange, testId }: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [attendanceRuleContract.code, 'select'],
    queryFn: () => pageOfRows(attendanceRuleContract, { current: 1, size: 500 }),
  })
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 160 }}
      value={value || undefined}
      onChange={(id?: string) => onChange?.(id ?? '')}
      options={(data?.records ?? []).map((r) => ({ value: r.id, label: r.name }))}
      loading={isLoading}
      placeholder={tr('attendance.anyRule')}
      data-testid={testId}
    />
  )
}

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日']

/** ISO weekdays as checkboxes (周一 … 周日), `1,2,3,4,5`. */
export function WorkdaysInput({ value, onChange, testId, disabled }: InputProps) {
  return (
    <Checkbox.Group
      value={idsOf(value).map(Number)}
      onChange={(days) => onChange?.([...days].sort().join(','))}
      options={WEEKDAYS.map((d, i) => ({ label: `周${d}`, value: i + 1 }))}
      disabled={disabled}
      data-testid={testId}
    />
  )
}

/** A day, `yyyy-MM-dd`. */
export function DayInput({ value, onChange, testId, disabled }: InputProps) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
      disabled={disabled}
      data-testid={testId}
    />
  )
}

import { useQuery } from '@tanstack/react-query'
import { MACHINE_TYPE, machineContract } from '@xpark/contract/modules/device'
import {
  inspectionPathContract,
  inspectionPlanContract,
  inspectionRecordContract,
  pointTreeCall,
  RECORD,
} from '@xpark/contract/modules/inspection'
import { Select } from 'antd'
import { pageOfRows } from '@/api/calls'
import type { TreeSource } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { PeopleIdsInput, PersonInput } from '@/components/PersonInput'
import './i18n'

/** The inspection forms' pickers: cameras, paths, plans, inspectors, and the path editor's points. */

interface InputProps {
  value?: string
  onChange?: (value: string) => void
  testId?: string
  disabled?: boolean
}

/** The points a path passes (server: point/tree, names with their codes). */
export const pointSource: TreeSource = { url: pointTreeCall.path, code: 'inspection_point', leavesOnly: true }

function RowSelect({
  value,
  onChange,
  testId,
  disabled,
  rows,
  loading,
  placeholder,
  clearable = false,
}: InputProps & {
  rows: { value: string; label: string }[]
  loading: boolean
  placeholder: string
  clearable?: boolean
}) {
  return (
    <Select
      showSearch
      optionFilterProp="label"
      allowClear={clearable}
      value={value || undefined}
      onChange={(id: string | undefined) => onChange?.(id ?? '')}
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      options={rows}
      data-testid={testId}
    />
  )
}

/** The tenant's cameras (machine type 摄像头), by name and code. */
export function CameraSelect(props: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [machineContract.code, 'cameras'],
    queryFn: () => pageOfRows(machineContract, { current: 1, size: 500, type: MACHINE_TYPE.camera }),
  })
  const rows = (data?.records ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))
  return (
    <RowSelect {...props} rows={rows} loading={isLoading} placeholder={tr('inspection.camera')} clearable />
  )
}

export function PathSelect(props: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [inspectionPathContract.code, 'select'],
    queryFn: () => pageOfRows(inspectionPathContract, { current: 1, size: 500 }),
  })
  const rows = (data?.records ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.pointCount})` }))
  return <RowSelect {...props} rows={rows} loading={isLoading} placeholder={tr('inspection.pathName')} />
}

export function PlanSelect(props: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [inspectionPlanContract.code, 'select'],
    queryFn: () => pageOfRows(inspectionPlanContract, { current: 1, size: 500 }),
  })
  const rows = (data?.records ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} ${p.startTime}-${p.endTime}`,
  }))
  return <RowSelect {...props} rows={rows} loading={isLoading} placeholder={tr('inspection.planName')} />
}

/**
 * A running record (进行中), for an event found on a patrol: its plan, inspector and day. Only running
 * records are offered, as only they take events (the server checks it and the point's path).
 */
export function RunningRecordSelect(props: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [inspectionRecordContract.code, 'running'],
    queryFn: () => pageOfRows(inspectionRecordContract, { current: 1, size: 500, state: RECORD.running }),
  })
  const rows = (data?.records ?? []).map((r) => ({
    value: r.id,
    label: `${r.name} · ${r.inspectorName ?? ''} · ${r.day}`,
  }))
  return (
    <RowSelect {...props} rows={rows} loading={isLoading} placeholder={tr('inspection.record')} clearable />
  )
}

/** Several inspectors (comma-joined ids), or one. */
export function InspectorsInput({ multiple = true, ...props }: InputProps & { multiple?: boolean }) {
  const tr = useTr()
  const texts = { placeholder: tr('inspection.inspectors'), pickLabel: tr('inspection.inspectors') }
  return multiple ? <PeopleIdsInput {...props} {...texts} /> : <PersonInput {...props} {...texts} />
}

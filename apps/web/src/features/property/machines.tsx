import { useQuery } from '@tanstack/react-query'
import { machineContract } from '@xpark/contract/modules/device'
import { type CommunityMachineRow, communityMachineContract } from '@xpark/contract/modules/property'
import { Select } from 'antd'
import { pageOfRows } from '@/api/calls'
import { fromContract } from '@/components/crud'
import { communityColumn } from './inputs'
import './i18n'

/** A machine of the device layer (the park's machines, by name and code). */
function MachineSelect({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string
  onChange?: (value?: string) => void
  testId?: string
  disabled?: boolean
}) {
  const { data, isLoading } = useQuery({
    queryKey: [machineContract.code, 'property-select'],
    queryFn: () => pageOfRows(machineContract, { current: 1, size: 500 }),
  })
  return (
    <Select
      showSearch
      optionFilterProp="label"
      style={{ width: '100%' }}
      value={value}
      disabled={disabled}
      loading={isLoading}
      options={(data?.records ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
      onChange={(v?: string) => onChange?.(v)}
      data-testid={testId}
    />
  )
}

const YES_NO = [
  { label: 'property.yes', value: 1 },
  { label: 'property.no', value: 0 },
]

/** 社区设备: the machines placed in each community; a visitor machine (访客机) takes visitors' faces. */
export default fromContract<CommunityMachineRow>(communityMachineContract, {
  title: 'property.machine',
  columns: [
    { ...communityColumn<CommunityMachineRow>(), search: 'select' },
    {
      prop: 'machineId',
      label: 'property.machineName',
      render: (_, row) => row.machineName,
      form: { render: ({ testId, disabled }) => <MachineSelect testId={testId} disabled={disabled} /> },
    },
    { prop: 'machineCode', label: 'property.machineCode', form: false },
    { prop: 'machineType', label: 'property.machineType', dict: 'machine_type', form: false },
    {
      prop: 'visitor',
      label: 'property.visitorMachine',
      options: YES_NO,
      search: 'select',
      form: { type: 'select' },
    },
    { prop: 'remark', label: 'property.remark', form: { type: 'textarea' } },
  ],
})

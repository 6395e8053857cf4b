import { useQuery } from '@tanstack/react-query'
import type { ResourceContract } from '@xpark/contract/kit'
import { Select } from 'antd'
import { pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'

/**
 * A select of a resource's rows by id, from its page (the first 500): one id, or a comma-joined list
 * with `multiple` (the wire form of `machineIds`, `groupIds`). Form.Item hands `value` and `onChange`.
 */
export function RowSelect({
  contract,
  label,
  value,
  onChange,
  multiple = false,
  testId,
  disabled,
  placeholder,
}: {
  contract: ResourceContract
  /** the row fields shown: `name`, or name and code */
  label: (row: Record<string, unknown>) => string
  value?: string | null
  onChange?: (value: string) => void
  multiple?: boolean
  testId?: string
  disabled?: boolean
  placeholder?: string
}) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [contract.code, 'row-select'],
    queryFn: async () => (await pageOfRows(contract, { current: 1, size: 500 })).records,
    staleTime: 30_000,
  })
  const options = (data ?? []).map((r) => {
    const row = r as Record<string, unknown>
    return { value: String(row.id), label: label(row) }
  })
  const ids = (value ?? '').split(',').filter(Boolean)
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      disabled={disabled}
      placeholder={placeholder ? tr(placeholder) : undefined}
      value={multiple ? ids : ids[0]}
      options={options}
      onChange={(v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? v.join(',') : (v ?? ''))}
      data-testid={testId}
    />
  )
}

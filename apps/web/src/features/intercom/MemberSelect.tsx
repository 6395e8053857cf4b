import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useMemo } from 'react'
import { membersQuery } from './api'

/** Every member of the platform as a searchable multi-select (antd's list is virtual: thousands are fine). */
export function MemberSelect({
  value,
  onChange,
  testId,
  placeholder,
}: {
  value?: string[]
  onChange?: (uids: string[]) => void
  testId?: string
  placeholder?: string
}) {
  const { data, isLoading } = useQuery(membersQuery('', ''))
  const options = useMemo(
    () => (data ?? []).map((m) => ({ value: m.uid, label: `${m.name} (${m.uid})` })),
    [data],
  )
  return (
    <Select
      mode="multiple"
      allowClear
      data-testid={testId}
      loading={isLoading}
      value={value}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      placeholder={placeholder}
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  )
}

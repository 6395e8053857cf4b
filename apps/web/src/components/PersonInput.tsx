import { useQuery } from '@tanstack/react-query'
import { userSearchCall } from '@xpark/contract/schemas'
import { Button, Select, Space } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { type PickedUser, UserPicker } from '@/components/UserPicker'

/**
 * A person field: a select searching the tenant's people by name (`userSearchCall`), and the user
 * picker dialog (人员选择) beside it. Form.Item hands it `value` and `onChange`; `placeholder` and
 * `pickLabel` are the texts (translated by the caller), `clearable` lets the field be emptied.
 */
export function PersonInput({
  value,
  onChange,
  testId,
  pickTestId,
  disabled,
  placeholder,
  pickLabel,
  clearable = false,
}: {
  value?: string
  onChange?: (id: string) => void
  testId?: string
  pickTestId?: string
  disabled?: boolean
  placeholder: string
  pickLabel: string
  clearable?: boolean
}) {
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState<PickedUser | null>(null)
  const { data } = useQuery({
    queryKey: [userSearchCall.path, 'person-input', search],
    queryFn: () =>
      callApi(userSearchCall, { current: '1', size: '50', ...(search ? { realName: search } : {}) }),
  })
  const people = [...(picked ? [picked] : []), ...(data?.records ?? []).filter((u) => u.id !== picked?.id)]
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        showSearch
        allowClear={clearable}
        value={value || undefined}
        disabled={disabled}
        filterOption={false}
        onSearch={setSearch}
        onChange={(id: string | undefined) => onChange?.(id ?? '')}
        options={people.map((u) => ({ value: u.id, label: `${u.realName} (${u.account})` }))}
        placeholder={placeholder}
        data-testid={testId}
      />
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid={pickTestId}>
        {pickLabel}
      </Button>
      <UserPicker
        open={open}
        onCancel={() => setOpen(false)}
        onOk={([user]) => {
          setOpen(false)
          if (!user) return
          setPicked(user)
          onChange?.(user.id)
        }}
      />
    </Space.Compact>
  )
}

/**
 * Several people as one comma-joined id list (the wire form of `userIds`): a multiple select searching
 * the tenant's people by name, and the user picker (人员选择, several at once) adding to it.
 */
export function PeopleIdsInput({
  value,
  onChange,
  testId,
  pickTestId,
  disabled,
  placeholder,
  pickLabel,
}: {
  value?: string
  onChange?: (ids: string) => void
  testId?: string
  pickTestId?: string
  disabled?: boolean
  placeholder?: string
  pickLabel: string
}) {
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState<PickedUser[]>([])
  const ids = (value ?? '').split(',').filter(Boolean)
  const { data } = useQuery({
    queryKey: [userSearchCall.path, 'people-input', search],
    queryFn: () =>
      callApi(userSearchCall, { current: '1', size: '100', ...(search ? { realName: search } : {}) }),
  })
  const known = new Map<string, { id: string; realName: string; account: string }>()
  for (const u of [...picked, ...(data?.records ?? [])]) known.set(u.id, u)
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        mode="multiple"
        showSearch
        value={ids}
        disabled={disabled}
        filterOption={false}
        onSearch={setSearch}
        onChange={(next: string[]) => onChange?.(next.join(','))}
        options={[...known.values()].map((u) => ({ value: u.id, label: `${u.realName} (${u.account})` }))}
        placeholder={placeholder}
        data-testid={testId}
      />
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid={pickTestId}>
        {pickLabel}
      </Button>
      <UserPicker
        open={open}
        multiple
        onCancel={() => setOpen(false)}
        onOk={(users) => {
          setOpen(false)
          setPicked((before) => [...before, ...users])
          onChange?.([...new Set([...ids, ...users.map((u) => u.id)])].join(','))
        }}
      />
    </Space.Compact>
  )
}

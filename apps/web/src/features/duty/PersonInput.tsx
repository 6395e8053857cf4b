import { useQuery } from '@tanstack/react-query'
import { userSearchCall } from '@xpark/contract/schemas'
import { Button, Select, Space } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { type PickedUser, UserPicker } from '@/components/UserPicker'
import './i18n'

/**
 * A person field: a select searching the tenant's people by name (`userSearchCall`), and the
 * user picker dialog (人员选择) beside it. Form.Item hands it `value` and `onChange`.
 */
export function PersonInput({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string
  onChange?: (id: string) => void
  testId?: string
  disabled?: boolean
}) {
  const t = useTr()
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState<PickedUser | null>(null)
  const { data } = useQuery({
    queryKey: [userSearchCall.path, 'duty-person', search],
    queryFn: () =>
      callApi(userSearchCall, { current: '1', size: '50', ...(search ? { realName: search } : {}) }),
  })
  const people = [...(picked ? [picked] : []), ...(data?.records ?? []).filter((u) => u.id !== picked?.id)]
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        showSearch
        value={value || undefined}
        disabled={disabled}
        filterOption={false}
        onSearch={setSearch}
        onChange={(id: string) => onChange?.(id)}
        options={people.map((u) => ({ value: u.id, label: `${u.realName} (${u.account})` }))}
        placeholder={t('duty.person')}
        data-testid={testId}
      />
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid="duty-person-pick">
        {t('duty.pick')}
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

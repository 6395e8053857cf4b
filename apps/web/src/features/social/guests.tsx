import { useQuery } from '@tanstack/react-query'
import { guestContract } from '@xpark/contract/modules/social'
import { roleSearchCall } from '@xpark/contract/schemas'
import { Select } from 'antd'
import { callApi } from '@/api/calls'
import { fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'

interface GuestRow {
  id: string
  providerName: string | null
  subject: string
  email: string
  account: string
  name: string
  userId: string | null
  status: number
  createTime: string
}

const STATUS = [
  { label: 'social.pending', value: 0 },
  { label: 'social.approved', value: 1 },
  { label: 'social.rejected', value: 2 },
]

/** The role an approved guest gets: the tenant's roles; nothing chosen is the role aliased `guest`. */
function RoleChoice({ value, onChange }: { value?: string; onChange: (value?: string) => void }) {
  const t = useTr()
  const roles = useQuery({
    queryKey: [roleSearchCall.path, 'guest-approve'],
    queryFn: () => callApi(roleSearchCall, {}),
  })
  return (
    <Select
      allowClear
      style={{ width: '100%' }}
      value={value}
      loading={roles.isLoading}
      placeholder={t('social.defaultRole')}
      options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
      onChange={(id?: string) => onChange(id || undefined)}
      data-testid="guest-approve-role"
    />
  )
}

/**
 * 访客审核: people who registered after a first third-party sign-in. 通过 makes their account with the
 * role chosen in its confirmation (else the tenant's role aliased `guest`), 拒绝 closes the request;
 * both only while it is pending.
 */
export default fromContract<GuestRow>(guestContract, {
  title: 'social.guest',
  actionInputs: {
    approve: {
      name: 'roleId',
      label: 'social.role',
      render: ({ value, onChange }) => <RoleChoice value={value} onChange={onChange} />,
    },
  },
  columns: [
    { prop: 'account', label: 'social.account', search: 'input', form: false },
    { prop: 'name', label: 'social.userName', search: 'input', form: false },
    { prop: 'providerName', label: 'social.providerName', form: false },
    { prop: 'email', label: 'social.email', form: false },
    { prop: 'status', label: 'social.status', options: STATUS, search: 'select', form: false },
    { prop: 'createTime', label: 'social.createTime', form: false },
  ],
})

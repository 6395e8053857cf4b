import { guestContract } from '@xpark/contract/modules/social'
import { fromContract } from '@/components/crud'
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

/**
 * 访客审核: people who registered after a first third-party sign-in. 通过 makes their account (the
 * tenant's role aliased `guest`), 拒绝 closes the request; both only while it is pending.
 */
export default fromContract<GuestRow>(guestContract, {
  title: 'social.guest',
  columns: [
    { prop: 'account', label: 'social.account', search: 'input', form: false },
    { prop: 'name', label: 'social.userName', search: 'input', form: false },
    { prop: 'providerName', label: 'social.providerName', form: false },
    { prop: 'email', label: 'social.email', form: false },
    { prop: 'status', label: 'social.status', options: STATUS, search: 'select', form: false },
    { prop: 'createTime', label: 'social.createTime', form: false },
  ],
})

import { oauthProviderContract } from '@xpark/contract/modules/social'
import { useTranslation } from 'react-i18next'
import { fromContract } from '@/components/crud'
import type { MessageKey } from '@/i18n'
import './i18n'

function SecretHint() {
  const { t } = useTranslation()
  return <>{t('social.secretHint' as MessageKey)}</>
}

interface ProviderRow {
  id: string
  name: string
  code: string
  issuer: string
  clientId: string
  /** write-only: sent when set, never read back */
  clientSecret?: string
  scope: string
  sort: number
  status: number
  remark: string
  createTime: string
}

const STATUS = [
  { label: 'social.enabled', value: 1 },
  { label: 'social.disabled', value: 0 },
]

/** 第三方登录: the OpenID Connect providers of the sign-in page (platform administrator). */
export default fromContract<ProviderRow>(oauthProviderContract, {
  title: 'social.provider',
  dialogWidth: 720,
  // a blank secret is not sent: on edit the stored one stays, on add the client is public
  beforeSubmit: (values) => {
    const { clientSecret, ...rest } = values
    return typeof clientSecret === 'string' && clientSecret.trim() !== '' ? { ...rest, clientSecret } : rest
  },
  columns: [
    { prop: 'name', label: 'social.name', search: 'input', width: 140 },
    { prop: 'code', label: 'social.code', search: 'input', width: 120, form: { disabledOnEdit: true } },
    { prop: 'issuer', label: 'social.issuer', ellipsis: true },
    { prop: 'clientId', label: 'social.clientId', ellipsis: true },
    {
      prop: 'clientSecret',
      label: 'social.clientSecret',
      hideInTable: true,
      form: { type: 'password', itemProps: { extra: <SecretHint /> } },
    },
    {
      prop: 'scope',
      label: 'social.scope',
      hideInTable: true,
      form: { props: { placeholder: 'openid profile email' } },
    },
    { prop: 'sort', label: 'social.sort', width: 80 },
    { prop: 'status', label: 'social.status', width: 90, options: STATUS, form: { type: 'select' } },
    { prop: 'remark', label: 'social.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

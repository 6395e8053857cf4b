import type { TokenReply } from '@xpark/contract'
import { App, Button, Form, Input, Modal } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/httpCore'
import { setNotifier } from '../../api/notify'
import { logoutGuest, type RegisterForm, registerGuest } from '../../api/social'
import { AntdProvider } from '../../components/AntdProvider'

/** Spec 01 §5: the register checks in this order, with these texts (the server checks the same). */
export const REGISTER_WARNINGS = {
  tenant: '请先输入租户编号',
  account: '请先输入账号名称',
  password: '请先输入密码',
  mismatch: '两次密码输入不一致',
} as const
export const REGISTER_SUBMITTED = '注册申请已提交,请耐心等待管理员通过!'
export const REGISTER_FAILED = '提交失败'

/** The first check the form fails, in the spec's order (name is not checked), or null. */
export function registerWarning(form: RegisterForm, tenantAsked: boolean): string | null {
  if (tenantAsked && !form.tenantId.trim()) return REGISTER_WARNINGS.tenant
  if (!form.account.trim()) return REGISTER_WARNINGS.account
  if (!form.password || !form.password2) return REGISTER_WARNINGS.password
  if (form.password !== form.password2) return REGISTER_WARNINGS.mismatch
  return null
}

interface Props {
  /** the guest being registered; null once closed (the dialog stays mounted so its messages stay) */
  guest: TokenReply | null
  /** no tenant preset (no pinned or domain tenant): the tenant id field shows */
  tenantAsked: boolean
  /** after the request was filed (or the dialog closed): the guest is logged out */
  onClosed: () => void
}

/**
 * '账号注册' (spec 01 §2, §4, §5): shown after a third-party sign-in that has no account here. Width
 * 20%; tenant id only without a preset tenant; name and account prefilled from the provider's user
 * name. Submitting files the request, says so, logs the guest out and returns to /login. Loaded with
 * antd only when a guest arrives (the sign-in page itself carries no antd).
 */
export default function RegisterDialog({ guest, ...rest }: Props) {
  return (
    <AntdProvider>
      <App>{guest && <RegisterModal key={guest.jti || guest.access_token} guest={guest} {...rest} />}</App>
    </AntdProvider>
  )
}

/** The server's own message of a refused call, if it said one. */
function serverMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return ''
  const body = error.body as { msg?: unknown; error_description?: unknown } | undefined
  const text = body?.msg ?? body?.error_description
  return typeof text === 'string' ? text : ''
}

function RegisterModal({ guest, tenantAsked, onClosed }: Props & { guest: TokenReply }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const userName = guest.user_name || guest.account
  const [form, setForm] = useState<RegisterForm>({
    tenantId: '',
    name: userName,
    account: userName,
    password: '',
    password2: '',
  })
  const [saving, setSaving] = useState(false)
  // while open, a refused call is reported here, by the dialog (not in the sign-in form behind it)
  useEffect(() => setNotifier({ error: () => {} }), [])

  const bind = (key: keyof RegisterForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  })

  async function close() {
    await logoutGuest(guest)
    onClosed()
  }

  async function submit() {
    const warning = registerWarning(form, tenantAsked)
    if (warning) {
      void message.warning(warning)
      return
    }
    setSaving(true)
    try {
      await registerGuest({ ...form, tenantId: tenantAsked ? form.tenantId.trim() : guest.tenant_id }, guest)
      void message.success(REGISTER_SUBMITTED)
      await close()
    } catch (error) {
      void message.error(serverMessage(error) || REGISTER_FAILED)
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title="账号注册"
      width="20%"
      footer={null}
      maskClosable={false}
      onCancel={() => void close()}
      data-testid="register-dialog"
    >
      <Form layout="vertical" data-testid="register-form">
        {tenantAsked && (
          <Form.Item label={t('login.tenantId')}>
            <Input {...bind('tenantId')} data-testid="register-tenant" />
          </Form.Item>
        )}
        <Form.Item label={t('register.name')}>
          <Input {...bind('name')} maxLength={20} data-testid="register-name" />
        </Form.Item>
        <Form.Item label={t('register.account')}>
          <Input {...bind('account')} maxLength={45} data-testid="register-account" />
        </Form.Item>
        <Form.Item label={t('login.password')}>
          <Input.Password {...bind('password')} autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item label={t('password.confirm')}>
          <Input.Password
            {...bind('password2')}
            autoComplete="new-password"
            data-testid="register-password2"
          />
        </Form.Item>
        <Button
          type="primary"
          block
          loading={saving}
          onClick={() => void submit()}
          data-testid="register-submit"
        >
          {t('common.submit')}
        </Button>
      </Form>
    </Modal>
  )
}

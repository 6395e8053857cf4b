import { useQuery } from '@tanstack/react-query'
import { phoneProblem } from '@xpark/contract'
import { App, Button, Form, Input, Space } from 'antd'
import { useEffect, useState } from 'react'
import { sendPasswordSms, updatePasswordBySms, userInfoQuery } from '@/api/user'
import { NewPasswordFields } from '@/components/PasswordFields'
import type { MessageKey } from '@/i18n'
import { useInfoT } from './i18n'

interface Values {
  phone: string
  phoneCode: string
  newPassword: string
  newPassword1: string
}

/** seconds before another code may be asked for (the server keeps its own budget too) */
export const RESEND_SECONDS = 60

/**
 * Change own password with a code sent to the account's own phone instead of the old password
 * (`smsForUpdate-password`, spec 01 §7). The phone is the account's (the server checks it).
 */
export function SmsPasswordTab() {
  const t = useInfoT()
  const { message } = App.useApp()
  const info = useQuery(userInfoQuery())
  const [form] = Form.useForm<Values>()
  const [wait, setWait] = useState(0)
  const [sending, setSending] = useState(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (info.data) form.setFieldValue('phone', info.data.phone)
  }, [info.data, form])
  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setWait((w) => w - 1), 1000)
    return () => clearTimeout(timer)
  }, [wait])

  async function send() {
    const v = await form.validateFields(['phone']).catch(() => null)
    if (!v) return
    setSending(true)
    try {
      await sendPasswordSms(v.phone.trim())
      void message.success(t('password.codeSent'))
      setWait(RESEND_SECONDS)
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSending(false)
    }
  }

  async function submit() {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    setSaving(true)
    try {
      await updatePasswordBySms(v.phone.trim(), v.phoneCode.trim(), v.newPassword, v.newPassword1)
      void message.success(t('password.changed'))
      form.resetFields(['phoneCode', 'newPassword', 'newPassword1'])
    } catch {
      // the HTTP client has shown the server's message; the form stays filled
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} data-testid="sms-password-form">
      <Form.Item
        name="phone"
        label={t('user.phone')}
        required
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = phoneProblem((value ?? '').trim())
              if (problem) throw new Error(t(problem as MessageKey))
            },
          },
        ]}
      >
        <Input maxLength={11} data-testid="sms-password-phone" />
      </Form.Item>
      <Form.Item label={t('password.smsCode')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="phoneCode"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('password.smsCodeRequired') }]}
          >
            <Input maxLength={12} data-testid="sms-password-code" />
          </Form.Item>
          <Button
            onClick={() => void send()}
            loading={sending}
            disabled={wait > 0}
            data-testid="sms-password-send"
          >
            {wait > 0 ? t('password.resend', { seconds: wait }) : t('password.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <NewPasswordFields testIdPrefix="sms-password" />
      <Button type="primary" onClick={() => void submit()} loading={saving} data-testid="sms-password-submit">
        {t('common.submit')}
      </Button>
    </Form>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { passwordProblem } from '@xpark/contract'
import { App, Form, type FormInstance, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { updatePassword, userInfoQuery } from '@/api/user'
import type { MessageKey } from '@/i18n'

export interface PasswordValues {
  oldPassword: string
  newPassword: string
  newPassword1: string
}

/**
 * Change own password: validate (spec 01 §5 strength rules before anything is sent), send, report.
 * Returns true when the password changed; on failure the HTTP client has shown the server's message
 * and the form stays filled for another try.
 */
export function usePasswordChange(form: FormInstance<PasswordValues>) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [saving, setSaving] = useState(false)

  async function submit(): Promise<boolean> {
    const v = await form.validateFields().catch(() => null)
    if (!v) return false
    setSaving(true)
    try {
      await updatePassword(v.oldPassword, v.newPassword, v.newPassword1)
      void message.success(t('password.changed'))
      form.resetFields()
      await queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey })
      return true
    } catch {
      return false
    } finally {
      setSaving(false)
    }
  }
  return { submit, saving }
}

/** Old, new and confirmation password fields with the spec's rules; used by the dialog and the profile. */
export function PasswordFields() {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <NewPasswordFields testIdPrefix="password" />
    </>
  )
}

/**
 * The new password and its confirmation with the spec's rules (strength, then match): the change
 * dialog, the profile and the SMS password tab. Test ids `<prefix>-new` and `<prefix>-confirm`.
 */
export function NewPasswordFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = passwordProblem(value ?? '')
              if (problem) throw new Error(t(problem as MessageKey))
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-new`} />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if ((value ?? '') !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'))
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-confirm`} />
      </Form.Item>
    </>
  )
}

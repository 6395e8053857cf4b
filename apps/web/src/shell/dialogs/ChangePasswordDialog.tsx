import { useQueryClient } from '@tanstack/react-query'
import { passwordProblem } from '@xpark/contract'
import { App, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { updatePassword, userInfoQuery } from '../../api/user'
import type { MessageKey } from '../../i18n'

interface Values {
  oldPassword: string
  newPassword: string
  newPassword1: string
}

/** Change password; the new one must pass spec 01 §5 strength rules before anything is sent. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)

  async function submit() {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    setSaving(true)
    try {
      await updatePassword(v.oldPassword, v.newPassword, v.newPassword1)
      void message.success(t('password.changed'))
      form.resetFields()
      onClose()
      await queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey })
    } catch {
      // the HTTP client has shown the server's message; the form stays open for another try
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('password.change')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
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
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="newPassword1"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if ((value ?? '') !== form.getFieldValue('newPassword'))
                  throw new Error(t('password.mismatch'))
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

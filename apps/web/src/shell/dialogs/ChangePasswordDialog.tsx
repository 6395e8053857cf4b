import { Form, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { PasswordFields, type PasswordValues, usePasswordChange } from '@/components/PasswordFields'

/** Change password from the default-password banner; the profile screen has the same form as a tab. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<PasswordValues>()
  const { submit, saving } = usePasswordChange(form)

  return (
    <Modal
      open={open}
      title={t('password.change')}
      onOk={async () => {
        if (await submit()) onClose()
      }}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <PasswordFields form={form} />
      </Form>
    </Modal>
  )
}

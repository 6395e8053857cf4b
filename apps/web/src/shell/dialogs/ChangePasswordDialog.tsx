import { useQueryClient } from '@tanstack/react-query'
import { Alert, Form, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { PasswordFields, type PasswordValues, usePasswordChange } from '@/components/PasswordFields'
import { useSession } from '../../stores/session'

/**
 * Change password from the default-password banner; the profile screen has the same form as a tab.
 * `mandatory`: an initial password must be changed before anything else (no way to close it).
 */
export function ChangePasswordDialog({
  open,
  onClose,
  mandatory = false,
}: {
  open: boolean
  onClose: () => void
  mandatory?: boolean
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<PasswordValues>()
  const { submit, saving } = usePasswordChange(form)
  const queryClient = useQueryClient()

  return (
    <Modal
      open={open}
      title={t('password.change')}
      onOk={async () => {
        if (!(await submit())) return
        if (mandatory) {
          const { userInfo, setUserInfo } = useSession.getState()
          if (userInfo) setUserInfo({ ...userInfo, passwordChangeRequired: false })
          // what was refused before the change loads now
          await queryClient.invalidateQueries()
        }
        onClose()
      }}
      onCancel={mandatory ? undefined : onClose}
      closable={!mandatory}
      maskClosable={!mandatory}
      keyboard={!mandatory}
      cancelButtonProps={mandatory ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      destroyOnHidden
      forceRender
    >
      {mandatory && (
        <Alert
          type="warning"
          showIcon
          title={t('password.required')}
          style={{ marginBottom: 16 }}
          data-testid="password-required"
        />
      )}
      <Form form={form} layout="vertical">
        <PasswordFields />
      </Form>
    </Modal>
  )
}

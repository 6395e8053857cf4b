import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { website } from '../../config'
import { useLock } from '../../stores/lock'

/** Set a lock password, then lock and go to the lock page. */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [form] = Form.useForm<{ password: string }>()

  async function submit() {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    const { password } = values
    useLock.getState().lock(password)
    form.resetFields()
    onClose()
    navigate(website.lockPage)
  }

  return (
    <Modal
      open={open}
      title={t('lock.title')}
      onOk={submit}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'lock-submit' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          rules={[{ required: true, message: t('lock password cannot be empty') }]}
        >
          <Input.Password autoFocus aria-label={t('lock.password')} data-testid="lock-password" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

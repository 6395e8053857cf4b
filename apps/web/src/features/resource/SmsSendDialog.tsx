import { SmsSendSchema, smsSendCall } from '@xpark/contract/schemas'
import { App, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { type ResourceKey, useResourceT } from './i18n'

interface SendForm {
  phones: string
  params?: string
}

/**
 * 发送短信 (test message): phones comma-separated and template parameters as JSON, sent through the
 * configuration `code` (`smsSendCall`). Checked here with the server's schema first.
 */
export function SmsSendDialog({ code, onClose }: { code: string | undefined; onClose: () => void }) {
  const t = useResourceT()
  const { message } = App.useApp()
  const [form] = Form.useForm<SendForm>()
  const [sending, setSending] = useState(false)

  const send = async () => {
    let values: SendForm
    try {
      values = await form.validateFields()
    } catch {
      return // antd shows the messages under the fields
    }
    const parsed = SmsSendSchema.safeParse({
      code,
      phones: values.phones?.trim() ?? '',
      params: values.params?.trim() || undefined,
    })
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({
          name: (i.path[0] === 'params' ? 'params' : 'phones') as keyof SendForm,
          errors: [t(i.message as ResourceKey)],
        })),
      )
      return
    }
    setSending(true)
    try {
      const result = await callApi(smsSendCall, parsed.data)
      void message.success(result?.msg || t('sms.sent'))
      form.resetFields()
      onClose()
    } catch {
      // the HTTP client has shown the server's message; the dialog stays open
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal
      open={code !== undefined}
      title={`${t('sms.send')}: ${code ?? ''}`}
      onCancel={() => !sending && onClose()}
      onOk={() => void send()}
      okText={t('sms.sendSubmit')}
      okButtonProps={{ loading: sending, ...{ 'data-testid': 'sms-send-submit' } }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="sms-send-dialog">
        <Form.Item
          name="phones"
          label={t('sms.phones')}
          extra={t('sms.phonesHint')}
          rules={[{ required: true, whitespace: true, message: t('phone number cannot be empty') }]}
        >
          <Input maxLength={2000} data-testid="sms-send-phones" />
        </Form.Item>
        <Form.Item name="params" label={t('sms.params')} extra={t('sms.paramsHint')}>
          <Input.TextArea
            rows={3}
            maxLength={4000}
            placeholder='{"code":"1234"}'
            data-testid="sms-send-params"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

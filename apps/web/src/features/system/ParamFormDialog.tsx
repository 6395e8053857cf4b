import { App, Form, Input, Modal, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ParamForm, paramDetail, paramSubmit } from './api'

/** Add / edit a system parameter: name, key and value are required (checked on blur). */
export function ParamFormDialog({
  editId,
  open,
  onClose,
  onSaved,
}: {
  /** undefined: add */
  editId: string | undefined
  open: boolean
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<ParamForm>()
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (!editId) return
    setLoading(true)
    paramDetail(editId)
      .then((p) => form.setFieldsValue(p))
      .catch(() => undefined) // reported by the HTTP client; the form stays empty
      .finally(() => setLoading(false))
  }, [open, editId, form])

  async function submit() {
    // invalid: antd shows the messages under the fields
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setSaving(true)
    try {
      await paramSubmit(editId ? { ...values, id: editId } : values)
      void message.success(t(editId ? 'common.updateSuccess' : 'common.addSuccess'))
      onSaved()
      onClose()
    } catch {
      // a failed save re-enables the form (the HTTP client showed why)
    } finally {
      setSaving(false)
    }
  }

  const required = (
    text: 'please enter parameter name' | 'please enter parameter key' | 'please enter parameter value',
  ) => [{ required: true, whitespace: true, message: t(text) }]

  return (
    <Modal
      open={open}
      title={t(editId ? 'param.dialogEdit' : 'param.dialogAdd')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'param-form-submit' }}
      forceRender
      width={640}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="param-form">
          <Form.Item name="paramName" label={t('param.name')} rules={required('please enter parameter name')}>
            <Input data-testid="param-name" maxLength={255} />
          </Form.Item>
          <Form.Item name="paramKey" label={t('param.key')} rules={required('please enter parameter key')}>
            <Input data-testid="param-key" maxLength={255} />
          </Form.Item>
          <Form.Item
            name="paramValue"
            label={t('param.value')}
            rules={required('please enter parameter value')}
          >
            <Input.TextArea data-testid="param-value" autoSize={{ minRows: 3, maxRows: 10 }} />
          </Form.Item>
          <Form.Item name="remark" label={t('param.remark')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  )
}

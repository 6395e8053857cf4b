import { useQueryClient } from '@tanstack/react-query'
import { pushMessageCall } from '@xpark/contract/modules/message'
import { App, Button, Form, Input, Modal, Space, Tag } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { type PickedUser, UserPicker } from '@/components/UserPicker'
import { MESSAGE_KEY } from './api'

interface SendForm {
  title: string
  content?: string
  link?: string
}

/** 发送消息: pick the recipients in the user picker (several), then a title, a text and a link. */
export function SendMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTr()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [form] = Form.useForm<SendForm>()
  const [people, setPeople] = useState<PickedUser[]>([])
  const [picking, setPicking] = useState(false)
  const [sending, setSending] = useState(false)

  const send = async () => {
    const values = await form.validateFields()
    if (people.length === 0) {
      void message.warning(t('message.pickRecipients'))
      return
    }
    setSending(true)
    try {
      await callApi(pushMessageCall, {
        userIds: people.map((p) => p.id),
        title: values.title,
        content: values.content ?? '',
        ...(values.link ? { link: values.link } : {}),
      })
      void message.success(t('message.sent'))
      form.resetFields()
      setPeople([])
      onClose()
      await client.invalidateQueries({ queryKey: MESSAGE_KEY })
    } finally {
      setSending(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('message.send')}
      onCancel={onClose}
      onOk={() => void send().catch(() => undefined)}
      confirmLoading={sending}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'message-send-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('message.recipients')} required>
          <Space wrap>
            {people.map((p) => (
              <Tag key={p.id} closable onClose={() => setPeople((list) => list.filter((x) => x.id !== p.id))}>
                {p.realName}
              </Tag>
            ))}
            <Button size="small" onClick={() => setPicking(true)} data-testid="message-send-pick">
              {t('message.pick')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item
          name="title"
          label={t('message.title')}
          rules={[{ required: true, whitespace: true, message: t('please input title') }]}
        >
          <Input maxLength={100} data-testid="message-send-title" />
        </Form.Item>
        <Form.Item name="content" label={t('message.content')}>
          <Input.TextArea maxLength={2000} rows={3} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('message.link')}
          rules={[{ pattern: /^(https?:\/\/\S+|\/\S*)$/, message: t('message.linkRule') }]}
        >
          <Input maxLength={500} placeholder="/duty/person" />
        </Form.Item>
      </Form>
      <UserPicker
        open={picking}
        multiple
        onCancel={() => setPicking(false)}
        onOk={(picked) => {
          setPicking(false)
          setPeople((list) => [...list, ...picked.filter((p) => !list.some((x) => x.id === p.id))])
        }}
      />
    </Modal>
  )
}

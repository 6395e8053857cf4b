import { UserOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { phoneProblem } from '@xpark/contract'
import { App, Avatar, Button, Card, Form, Input, Spin, Tabs, Upload } from 'antd'
import { useEffect, useState } from 'react'
import { updateInfo, uploadAvatar, userInfoQuery } from '@/api/user'
import { PasswordFields, type PasswordValues, usePasswordChange } from '@/components/PasswordFields'
import type { MessageKey } from '@/i18n'
import { avatarProblem } from './avatar'
import { useInfoT } from './i18n'
import { SmsPasswordTab } from './SmsPasswordTab'

interface InfoValues {
  avatar: string
  name: string
  realName: string
  account: string
  phone: string
  email: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** /info/index (spec 01 §2): personal info and change password, as two tabs. */
export default function ProfilePage() {
  const t = useInfoT()
  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: t('profile.info'), children: <InfoTab /> },
          { key: 'password', label: t('password.change'), children: <PasswordTab /> },
          { key: 'sms', label: t('password.bySms'), children: <SmsPasswordTab /> },
        ]}
      />
    </Card>
  )
}

function InfoTab() {
  const t = useInfoT()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const info = useQuery(userInfoQuery())
  const [form] = Form.useForm<InfoValues>()
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)
  const avatar = Form.useWatch('avatar', form)

  useEffect(() => {
    const u = info.data
    if (u)
      form.setFieldsValue({
        avatar: u.avatar,
        name: u.name,
        realName: u.realName,
        account: u.account,
        phone: u.phone,
        email: u.email,
      })
  }, [info.data, form])

  if (info.isPending) return <Spin data-testid="profile-loading" />

  async function save() {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    setSaving(true)
    try {
      await updateInfo({
        avatar: v.avatar || undefined,
        name: v.name ?? '',
        realName: v.realName ?? '',
        phone: v.phone.trim(),
        email: v.email?.trim() || undefined,
      })
      void message.success(t('common.updateSuccess'))
      await queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey })
    } catch {
      // the HTTP client has shown the server's message; the form stays as typed
    } finally {
      setSaving(false)
    }
  }

  async function pick(file: File) {
    const problem = avatarProblem(file)
    if (problem) {
      void message.error(t(problem as MessageKey))
      return
    }
    setUploading(true)
    try {
      const link = await uploadAvatar(file)
      form.setFieldValue('avatar', link)
    } catch {
      // reported by the HTTP client
    } finally {
      setUploading(false)
    }
  }

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} data-testid="profile-form">
      <Form.Item name="avatar" label={t('profile.avatar')} extra={t('profile.avatarHint')}>
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file)
            return Upload.LIST_IGNORE
          }}
        >
          <Button
            type="text"
            style={{ height: 'auto', padding: 4 }}
            loading={uploading}
            aria-label={t('profile.avatar')}
            data-testid="profile-avatar"
          >
            <Avatar size={80} src={avatar || undefined} icon={<UserOutlined />} />
          </Button>
        </Upload>
      </Form.Item>
      <Form.Item name="account" label={t('profile.account')}>
        <Input disabled data-testid="profile-account" />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('profile.realName')}
        rules={[{ max: 20, message: t('profile.tooLong', { max: 20 }) }]}
      >
        <Input data-testid="profile-realName" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('profile.name')}
        rules={[{ max: 20, message: t('profile.tooLong', { max: 20 }) }]}
      >
        <Input data-testid="profile-name" />
      </Form.Item>
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
        <Input data-testid="profile-phone" maxLength={11} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('user.email')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const email = (value ?? '').trim()
              if (email !== '' && !EMAIL.test(email)) throw new Error(t('please enter a valid email address'))
            },
          },
        ]}
      >
        <Input data-testid="profile-email" />
      </Form.Item>
      <Button type="primary" onClick={save} loading={saving} data-testid="profile-save">
        {t('common.submit')}
      </Button>
    </Form>
  )
}

function PasswordTab() {
  const t = useInfoT()
  const [form] = Form.useForm<PasswordValues>()
  const { submit, saving } = usePasswordChange(form)
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }}>
      <PasswordFields />
      <Button type="primary" onClick={() => void submit()} loading={saving} data-testid="password-submit">
        {t('common.submit')}
      </Button>
    </Form>
  )
}

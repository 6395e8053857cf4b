import './i18n'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { INTERCOM_PERMISSIONS } from '@xpark/contract/modules/intercom'
import { App, Button, Card, Form, Input, Skeleton } from 'antd'
import { useEffect, useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { usePermission } from '@/stores/session'
import { authInfoQuery, intercomApi, intercomKeys } from './api'

interface Values {
  url: string
  hostIp: string
  customId: string
  customPwdSecret: string
  dispatcherId: string
  dispatcherPwd: string
  dispatcherPwdSecret: string
}

const SECRETS = ['customPwdSecret', 'dispatcherPwd', 'dispatcherPwdSecret'] as const

/**
 * The tenant's dispatcher auth info (wirelessauth). The secrets are never shown: the server answers
 * only whether each is set; an empty secret field keeps the stored one.
 */
export default function AuthInfoPage() {
  const tr = useTr()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const mayEdit = usePermission(INTERCOM_PERMISSIONS.authEdit)
  const { data, isLoading } = useQuery(authInfoQuery())
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        url: data.url,
        hostIp: data.hostIp,
        customId: data.customId,
        dispatcherId: data.dispatcherId,
      })
  }, [data, form])

  const save = async () => {
    const values = await form.validateFields()
    setBusy(true)
    try {
      // the form's fields, an untouched one as '' (an empty secret keeps the stored one)
      await intercomApi.updateAuthInfo(
        Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])) as Values,
      )
      void message.success(tr('intercom.auth.saved'))
      form.setFieldsValue({ customPwdSecret: '', dispatcherPwd: '', dispatcherPwdSecret: '' })
      await queryClient.invalidateQueries({ queryKey: intercomKeys.all })
    } finally {
      setBusy(false)
    }
  }

  const setFlag = (key: (typeof SECRETS)[number]) =>
    data?.[`${key}Set` as 'customPwdSecretSet'] ? tr('intercom.auth.keep') : tr('intercom.auth.notSet')

  return (
    <Card title={tr('intercom.auth.title')} style={{ maxWidth: 640 }}>
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" disabled={!mayEdit} data-testid="intercom-auth-form">
          <Form.Item name="url" label={tr('intercom.auth.url')} extra={tr('intercom.auth.urlHelp')}>
            <Input maxLength={255} placeholder="https://" />
          </Form.Item>
          <Form.Item name="hostIp" label={tr('intercom.auth.hostIp')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="customId"
            label={tr('intercom.auth.customId')}
            rules={[{ required: true, whitespace: true, message: tr('please enter customId') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="dispatcherId"
            label={tr('intercom.auth.dispatcherId')}
            rules={[{ required: true, whitespace: true, message: tr('please enter dispatcherId') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          {SECRETS.map((key) => (
            <Form.Item key={key} name={key} label={tr(`intercom.auth.${key}`)}>
              <Input.Password maxLength={128} autoComplete="new-password" placeholder={setFlag(key)} />
            </Form.Item>
          ))}
          {mayEdit ? (
            <Button type="primary" loading={busy} onClick={() => void save()}>
              {tr('intercom.save')}
            </Button>
          ) : null}
        </Form>
      )}
    </Card>
  )
}

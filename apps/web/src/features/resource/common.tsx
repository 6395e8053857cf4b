import { CheckCircleOutlined } from '@ant-design/icons'
import type { ossEnableCall } from '@xpark/contract/schemas'
import { App, Button, Tag } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import type { CrudFormField } from '@/components/crud'
import { useResourceT } from './i18n'

/** BladeX status of an OSS or SMS configuration: 2 enabled, 1 disabled. */
export const ENABLED = 2

export function StatusTag({ status }: { status: unknown }) {
  const t = useResourceT()
  return Number(status) === ENABLED ? (
    <Tag color="success">{t('resource.enabled')}</Tag>
  ) : (
    <Tag>{t('resource.disabled')}</Tag>
  )
}

/** A write-only secret in the form: empty on edit (the server never sends it), blank keeps the stored one. */
export const secretField: CrudFormField = {
  type: 'password',
  span: 12,
  props: { maxLength: 255, autoComplete: 'new-password' },
  itemProps: { extra: 'resource.secretHint' },
}

/** Blank secrets are not sent: on edit that keeps the stored ones, on add it leaves them empty. */
export function dropBlankSecrets(
  values: Record<string, unknown>,
  names: readonly string[],
): Record<string, unknown> {
  const out = { ...values }
  for (const name of names) {
    const v = out[name]
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) delete out[name]
  }
  return out
}

/** 启用: makes the row the tenant's only enabled configuration (its `enable?id=`). */
export function EnableButton({
  call,
  id,
  testId,
  onDone,
}: {
  /** the configuration's enable call (OSS or SMS: the same declaration) */
  call: typeof ossEnableCall
  id: string
  testId: string
  onDone: () => void
}) {
  const t = useResourceT()
  const { message, modal } = App.useApp()
  const [busy, setBusy] = useState(false)
  const enable = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('resource.enableConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'enable-confirm-ok' },
      onOk: async () => {
        setBusy(true)
        try {
          await callApi(call, { id })
          void message.success(t('resource.enableSuccess'))
          onDone()
        } catch {
          // the HTTP client has shown the server's message
        } finally {
          setBusy(false)
        }
      },
    })
  return (
    <Button
      type="link"
      size="small"
      icon={<CheckCircleOutlined />}
      loading={busy}
      onClick={enable}
      data-testid={testId}
    >
      {t('resource.enable')}
    </Button>
  )
}

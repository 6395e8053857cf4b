import { SendOutlined } from '@ant-design/icons'
import { smsEnableCall } from '@xpark/contract/schemas'
import { Button } from 'antd'
import { useMemo, useState } from 'react'
import { CrudPage } from '@/components/crud'
import { useSession } from '@/stores/session'
import { ENABLED, EnableButton } from './common'
import { useResourceT } from './i18n'
import { SmsSendDialog } from './SmsSendDialog'
import { smsResource } from './sms'

/** 短信配置: the tenant's SMS configurations; 启用 picks the one messages go through, 发送短信 tries one. */
export default function SmsPage() {
  const t = useResourceT()
  const canEnable = useSession((s) => s.permission.sms_enable === true)
  const canSend = useSession((s) => s.permission.sms_send === true)
  const [sending, setSending] = useState<string>()
  const resource = useMemo(
    () =>
      smsResource((row, { refresh }) => (
        <>
          {canEnable && row.status !== ENABLED && (
            <EnableButton
              call={smsEnableCall}
              id={row.id}
              testId={`sms-row-enable-${row.id}`}
              onDone={refresh}
            />
          )}
          {canSend && (
            <Button
              type="link"
              size="small"
              icon={<SendOutlined />}
              onClick={() => setSending(row.smsCode)}
              data-testid={`sms-row-send-${row.id}`}
            >
              {t('sms.send')}
            </Button>
          )}
        </>
      )),
    [canEnable, canSend, t],
  )
  return (
    <>
      <CrudPage resource={resource} formDefaults={{ category: 5 }} />
      <SmsSendDialog code={sending} onClose={() => setSending(undefined)} />
    </>
  )
}

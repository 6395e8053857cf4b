import { useQuery, useQueryClient } from '@tanstack/react-query'
import { INTERCOM_PERMISSIONS } from '@xpark/contract/modules/intercom'
import { Alert, Button, Space, Tag } from 'antd'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { usePermission } from '@/stores/session'
import { IntercomError, intercomApi, intercomKeys, sessionQuery, settingsQuery } from './api'
import { intercomMessage } from './feedback'

/** The wireless session's state above the console: the spec's warning and a way to re-obtain it. */
export function SessionBar() {
  const tr = useTr()
  const queryClient = useQueryClient()
  const { data } = useQuery(sessionQuery())
  const { data: settings } = useQuery(settingsQuery())
  const mayReobtain = usePermission(INTERCOM_PERMISSIONS.session)
  const [busy, setBusy] = useState(false)

  const reobtain = async () => {
    setBusy(true)
    try {
      const state = await intercomApi.reobtain()
      queryClient.setQueryData(intercomKeys.session, state)
      if (state.result === 200) await queryClient.invalidateQueries({ queryKey: intercomKeys.all })
    } finally {
      setBusy(false)
    }
  }
  const simulate = async (faults: Record<string, boolean>) => {
    await intercomApi.simulator(faults)
    await reobtain()
  }

  const problem =
    data && data.result !== 200 ? intercomMessage(new IntercomError(data.result, data.warning)) : null
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {problem ? (
        <Alert
          data-testid="intercom-session-warning"
          type={problem.level}
          showIcon
          message={tr(problem.key)}
          action={
            mayReobtain ? (
              <Button
                size="small"
                loading={busy}
                onClick={() => void reobtain()}
                data-testid="intercom-reobtain"
              >
                {tr('intercom.reobtain')}
              </Button>
            ) : null
          }
        />
      ) : data ? (
        <Tag color="green" data-testid="intercom-session-ok">
          {tr('intercom.sessionOk')}
        </Tag>
      ) : null}
      {settings?.simulator && mayReobtain ? (
        <Space wrap size="small">
          <Tag>{tr('intercom.simulator')}</Tag>
          <Button
            size="small"
            data-testid="intercom-sim-expire"
            onClick={() => void simulate({ passwordExpired: true, passwordChangeRefused: true })}
          >
            {tr('intercom.simulator.expire')}
          </Button>
          <Button size="small" onClick={() => void simulate({ verificationFails: true })}>
            {tr('intercom.simulator.verification')}
          </Button>
          <Button size="small" onClick={() => void simulate({ networkDown: true })}>
            {tr('intercom.simulator.network')}
          </Button>
          <Button
            size="small"
            data-testid="intercom-sim-reset"
            onClick={() =>
              void simulate({
                passwordExpired: false,
                passwordChangeRefused: false,
                verificationFails: false,
                networkDown: false,
              })
            }
          >
            {tr('intercom.simulator.reset')}
          </Button>
        </Space>
      ) : null}
    </Space>
  )
}

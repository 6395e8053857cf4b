import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { IntercomUser } from '@xpark/contract/modules/intercom'
import { INTERCOM_PERMISSIONS } from '@xpark/contract/modules/intercom'
import { App, Button, Card, Empty, Space, Table } from 'antd'
import { useEffect, useState } from 'react'
import { BusyArea } from '@/components/BusyArea'
import { useTr } from '@/components/crud/i18n'
import { usePermission } from '@/stores/session'
import { intercomApi, intercomKeys, monitorsQuery } from './api'
import { useIntercomFeedback } from './feedback'
import { MemberSelect } from './MemberSelect'

/** The monitor list (UserMonitors) with add and remove. */
export function Monitors() {
  const tr = useTr()
  const { message } = App.useApp()
  const feedback = useIntercomFeedback()
  const queryClient = useQueryClient()
  const mayChange = usePermission(INTERCOM_PERMISSIONS.monitor)
  const list = useQuery(monitorsQuery())
  const [picked, setPicked] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (list.error) feedback(list.error)
  }, [list.error, feedback])

  const change = async (add: string[], remove: string[]) => {
    setBusy(true)
    try {
      await intercomApi.changeMonitors(add, remove)
      void message.success(tr('intercom.saved'))
      setPicked([])
      await queryClient.invalidateQueries({ queryKey: intercomKeys.monitors })
      await queryClient.invalidateQueries({ queryKey: ['intercom', 'user'] })
    } catch (e) {
      feedback(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card
      size="small"
      title={tr('intercom.tab.monitors')}
      extra={
        mayChange ? (
          <Space>
            <div style={{ width: 320 }}>
              <MemberSelect
                value={picked}
                onChange={setPicked}
                placeholder={tr('intercom.monitor.pick')}
                testId="intercom-monitor-pick"
              />
            </div>
            <Button
              type="primary"
              disabled={!picked.length}
              loading={busy}
              onClick={() => void change(picked, [])}
              data-testid="intercom-monitor-add"
            >
              {tr('intercom.monitor.add')}
            </Button>
          </Space>
        ) : null
      }
    >
      <BusyArea busy={list.isFetching}>
        <Table<IntercomUser>
          data-testid="intercom-monitors"
          rowKey="uid"
          size="small"
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={tr('intercom.monitor.empty')} /> }}
          columns={[
            { title: tr('intercom.uid'), dataIndex: 'uid', width: 100 },
            { title: tr('intercom.name'), dataIndex: 'name' },
            { title: tr('intercom.phone'), dataIndex: 'phone' },
            {
              title: '',
              key: 'actions',
              width: 120,
              render: (_: unknown, row) =>
                mayChange ? (
                  <Button
                    size="small"
                    type="link"
                    danger
                    loading={busy}
                    onClick={() => void change([], [row.uid])}
                  >
                    {tr('intercom.monitor.remove')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </BusyArea>
    </Card>
  )
}

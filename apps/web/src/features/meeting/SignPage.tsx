import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  calculateMethodCall,
  MEETING_SIGN,
  meetingContract,
  SIGN_METHOD,
  type SignListRow,
  signListCall,
  signMethodCall,
} from '@xpark/contract/modules/meeting'
import { Alert, App, Button, Card, Empty, Select, Space, Table, type TableProps } from 'antd'
import { useState } from 'react'
import { callApi, pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { DictTag } from '@/components/dict'
import { useSession } from '@/stores/session'
import './i18n'

/** 签到管理: a meeting's invited people and their sign-ins; signing in by hand, counting 准时 and 迟到. */
export default function SignPage() {
  const t = useTr()
  const { modal, message } = App.useApp()
  const queryClient = useQueryClient()
  const canSign = useSession((s) => s.permission[MEETING_SIGN] === true)
  const [meetingId, setMeetingId] = useState<string>()
  const [summary, setSummary] = useState<string>()
  const meetings = useQuery({
    queryKey: [meetingContract.code, 'sign-picker'],
    queryFn: () => pageOfRows(meetingContract, { current: 1, size: 100, descs: 'start_time' }),
  })
  const listKey = [meetingContract.code, 'signList', meetingId]
  const signs = useQuery({
    queryKey: listKey,
    enabled: Boolean(meetingId),
    queryFn: () => callApi(signListCall, { meetingId: meetingId! }),
  })
  const signIn = (row: SignListRow) =>
    modal.confirm({
      title: t('meeting.signConfirm'),
      onOk: async () => {
        await callApi(signMethodCall, {
          meetingId: meetingId!,
          userId: row.userId,
          method: SIGN_METHOD.manual,
        })
        message.success(t('meeting.done'))
        await queryClient.invalidateQueries({ queryKey: listKey })
      },
    })
  const calculate = async () => {
    const s = await callApi(calculateMethodCall, { meetingId: meetingId! })
    setSummary(t('meeting.summary', s))
    await queryClient.invalidateQueries({ queryKey: listKey })
  }
  const columns: TableProps<SignListRow>['columns'] = [
    { dataIndex: 'userName', title: t('meeting.people') },
    { dataIndex: 'groupName', title: t('meeting.group') },
    {
      dataIndex: 'signTime',
      title: t('meeting.signTime'),
      render: (v: string | null) => v ?? t('meeting.unsigned'),
    },
    {
      dataIndex: 'signMethod',
      title: t('meeting.signMethod'),
      render: (v: number | null) => <DictTag code="meeting_sign_method" value={v} />,
    },
    {
      dataIndex: 'result',
      title: t('meeting.signResult'),
      render: (v: number | null) => <DictTag code="meeting_sign_result" value={v} />,
    },
    ...(canSign
      ? [
          {
            key: 'actions',
            title: '',
            render: (_: unknown, row: SignListRow) =>
              row.signTime ? null : (
                <Button
                  type="link"
                  size="small"
                  onClick={() => signIn(row)}
                  data-testid={`meeting-sign-${row.userId}`}
                >
                  {t('meeting.signManual')}
                </Button>
              ),
          },
        ]
      : []),
  ]
  return (
    <Card title={t('meeting.sign')} data-testid="meeting-sign-page">
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          style={{ width: 360 }}
          showSearch
          optionFilterProp="label"
          loading={meetings.isLoading}
          placeholder={t('meeting.pickMeeting')}
          value={meetingId}
          onChange={(id: string) => {
            setMeetingId(id)
            setSummary(undefined)
          }}
          options={(meetings.data?.records ?? []).map((m) => ({
            value: m.id,
            label: `${m.name} · ${m.roomName ?? ''} · ${m.startTime}`,
          }))}
          data-testid="meeting-sign-meeting"
        />
        {canSign && (
          <Button
            disabled={!meetingId}
            onClick={() => void calculate().catch(() => {})}
            data-testid="meeting-sign-calculate"
          >
            {t('meeting.calculate')}
          </Button>
        )}
      </Space>
      {summary && <Alert type="info" showIcon message={summary} style={{ marginBottom: 16 }} />}
      {meetings.error && <Alert type="error" message={String(meetings.error.message)} />}
      {!meetingId ? (
        <Empty description={t('meeting.pickMeeting')} />
      ) : signs.error ? (
        <Alert type="error" message={String(signs.error.message)} />
      ) : (
        <Table<SignListRow>
          rowKey="userId"
          size="small"
          loading={signs.isLoading}
          columns={columns}
          dataSource={signs.data ?? []}
          pagination={false}
          data-testid="meeting-sign-list"
        />
      )}
    </Card>
  )
}

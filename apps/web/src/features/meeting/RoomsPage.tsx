import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  displayTokenCall,
  type MeetingRoomRow,
  meetingRoomContract,
  regenerateDisplayTokenCall,
  revokeDisplayTokenCall,
} from '@xpark/contract/modules/meeting'
import { App, Button, Modal, Space, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { callApi } from '@/api/calls'
import { BusyArea } from '@/components/BusyArea'
import { CrudPage, useCan } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { roomsScreen } from './rooms'
import './i18n'

/**
 * The door screen's address for a room and its token (the page outside the frame). The token rides as
 * `key`: a `token` in the address would be taken for the console's sign-in token (spec 01 §2).
 */
export function displayLink(roomId: string, token: string): string {
  const base = `${window.location.origin}${window.location.pathname}`
  return `${base}#/meeting-display/${roomId}?key=${encodeURIComponent(token)}`
}

/** 门牌令牌 of a room: shown, regenerated or revoked, each change confirmed first. */
function DisplayTokenButton({ room }: { room: MeetingRoomRow }) {
  const t = useTr()
  const { modal, message } = App.useApp()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const key = [meetingRoomContract.code, 'display', room.id]
  const { data, isLoading, error } = useQuery({
    queryKey: key,
    enabled: open,
    queryFn: () => callApi(displayTokenCall, { id: room.id }),
  })
  const change = (confirm: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: t(confirm),
      onOk: async () => {
        await run()
        message.success(t('meeting.done'))
        await queryClient.invalidateQueries({ queryKey: key })
      },
    })
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => setOpen(true)}
        data-testid={`meeting-display-${room.id}`}
      >
        {t('meeting.display')}
      </Button>
      <Modal
        open={open}
        title={`${t('meeting.displayTitle')}: ${room.name}`}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <BusyArea busy={isLoading}>
          {error ? (
            <Typography.Text type="danger">{String(error.message)}</Typography.Text>
          ) : data?.token ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text>{t('meeting.displayLink')}</Typography.Text>
              <Typography.Paragraph copyable data-testid="meeting-display-link">
                {displayLink(room.id, data.token)}
              </Typography.Paragraph>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('meeting.displayNone')}</Typography.Text>
          )}
          <Space style={{ marginTop: 16 }}>
            <Button
              onClick={() =>
                change('meeting.regenerateConfirm', () =>
                  callApi(regenerateDisplayTokenCall, { id: room.id }),
                )
              }
              data-testid="meeting-display-regenerate"
            >
              {t('meeting.regenerate')}
            </Button>
            <Button
              danger
              disabled={!data?.token}
              onClick={() =>
                change('meeting.revokeConfirm', () => callApi(revokeDisplayTokenCall, { id: room.id }))
              }
              data-testid="meeting-display-revoke"
            >
              {t('meeting.revoke')}
            </Button>
          </Space>
        </BusyArea>
      </Modal>
    </>
  )
}

/** 会议室 with 门牌令牌 on each row for those who may edit rooms. */
export default function RoomsPage() {
  const canEdit = useCan(meetingRoomContract, 'edit')
  const resource = useMemo(
    () => roomsScreen(canEdit ? (row) => <DisplayTokenButton room={row} /> : undefined),
    [canEdit],
  )
  return <CrudPage resource={resource} />
}

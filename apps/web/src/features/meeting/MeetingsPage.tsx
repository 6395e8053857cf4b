import { MEETING, meetingContract, switchMeetingCall } from '@xpark/contract/modules/meeting'
import { App, Button } from 'antd'
import { useMemo } from 'react'
import { callApi } from '@/api/calls'
import { CrudPage, useCan } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { type MeetingForm, meetingsScreen } from './meetings'
import './i18n'

/** 切换会议 on a meeting not begun: ends the room's running meeting and starts this one (confirmed). */
function SwitchButton({ row, onDone }: { row: MeetingForm; onDone: () => void }) {
  const t = useTr()
  const { modal, message } = App.useApp()
  return (
    <Button
      type="link"
      size="small"
      data-testid={`meeting-switch-${row.id}`}
      onClick={() =>
        modal.confirm({
          title: t('meeting.switchConfirm'),
          onOk: async () => {
            await callApi(switchMeetingCall, { id: row.id })
            message.success(t('meeting.switched'))
            onDone()
          },
        })
      }
    >
      {t('meeting.switch')}
    </Button>
  )
}

/** 会议管理 with 切换会议 on meetings not begun, for those who hold `meeting_switch`. */
export default function MeetingsPage() {
  const canSwitch = useCan(meetingContract, 'switch')
  const resource = useMemo(
    () =>
      meetingsScreen(
        canSwitch
          ? (row, { refresh }) =>
              row.status === MEETING.pending ? <SwitchButton row={row} onDone={refresh} /> : null
          : undefined,
      ),
    [canSwitch],
  )
  return <CrudPage resource={resource} />
}

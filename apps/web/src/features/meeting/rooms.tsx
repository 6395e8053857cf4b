import { type MeetingRoomRow, meetingRoomContract } from '@xpark/contract/modules/meeting'
import type { ReactNode } from 'react'
import { fromContract } from '@/components/crud'
import './i18n'

/** 会议室: name, place, capacity, in use or closed; the door screen's token from a row button. */
export const roomsScreen = (rowExtra?: (row: MeetingRoomRow) => ReactNode) =>
  fromContract<MeetingRoomRow>(meetingRoomContract, {
    title: 'meeting.room',
    columns: [
      { prop: 'name', label: 'meeting.roomName', search: 'input' },
      { prop: 'place', label: 'meeting.place', search: 'input' },
      { prop: 'capacity', label: 'meeting.capacity', form: { type: 'number', span: 12 } },
      {
        prop: 'status',
        label: 'meeting.status',
        dict: 'meeting_room_status',
        search: 'select',
        form: { span: 12 },
      },
      { prop: 'remark', label: 'meeting.remark', ellipsis: true, form: { type: 'textarea' } },
      { prop: 'createTime', label: 'meeting.createTime', form: false },
    ],
    ...(rowExtra ? { rowExtra, rowExtraCount: 1 } : {}),
  })

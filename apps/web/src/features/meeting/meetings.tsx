import {
  MEETING,
  type MeetingRow,
  meetingContract,
  meetingRoomContract,
} from '@xpark/contract/modules/meeting'
import type { ReactNode } from 'react'
import { type CrudRowContext, fromContract } from '@/components/crud'
import { type Invitee, PeopleInput, PersonSelect, RoomSelect } from './inputs'
import './i18n'

/** A meeting as the dialog edits it: the row and its invited people (the detail's lines). */
export type MeetingForm = MeetingRow & { people?: Invitee[] }

/** 会议管理: booked, running and past meetings; the dialog books a room for a time with its people. */
export const meetingsScreen = (rowExtra?: (row: MeetingForm, ctx: CrudRowContext) => ReactNode) =>
  fromContract<MeetingForm>(meetingContract, {
    title: 'meeting.meeting',
    dialogWidth: 760,
    shows: [meetingRoomContract.code],
    // only a meeting not begun changes or is deleted (the server says the same, and who may)
    rowCheck: (row, action) =>
      action === 'edit' || action === 'delete' ? row.status === MEETING.pending : true,
    beforeSubmit: (values, mode) => ({
      ...values,
      // a new meeting carries its people (none is an empty list); an edit without them keeps them
      ...(mode !== 'edit' || values.people ? { people: values.people ?? [] } : {}),
    }),
    columns: [
      { prop: 'name', label: 'meeting.name', search: 'input', width: 180 },
      { prop: 'roomName', label: 'meeting.roomName', width: 140, form: false },
      {
        prop: 'roomId',
        label: 'meeting.roomName',
        hideInTable: true,
        form: {
          span: 12,
          render: ({ testId, disabled }) => <RoomSelect testId={testId} disabled={disabled} />,
        },
      },
      {
        prop: 'organiserId',
        label: 'meeting.organiser',
        hideInTable: true,
        form: {
          span: 12,
          render: ({ testId, disabled }) => <PersonSelect testId={testId} disabled={disabled} />,
        },
      },
      { prop: 'organiserName', label: 'meeting.organiser', width: 100, form: false },
      {
        prop: 'startTime',
        label: 'meeting.startTime',
        sortable: true,
        width: 170,
        form: { type: 'date', span: 12 },
      },
      { prop: 'endTime', label: 'meeting.endTime', width: 170, form: { type: 'date', span: 12 } },
      {
        prop: 'status',
        label: 'meeting.status',
        dict: 'meeting_status',
        search: 'select',
        width: 90,
        form: false,
      },
      { prop: 'peopleCount', label: 'meeting.peopleCount', width: 90, form: false },
      {
        prop: 'people',
        label: 'meeting.people',
        hideInTable: true,
        filterable: false,
        form: { render: ({ testId, disabled }) => <PeopleInput testId={testId} disabled={disabled} /> },
      },
      {
        prop: 'graceMinutes',
        label: 'meeting.graceMinutes',
        hideInTable: true,
        form: { type: 'number', span: 12 },
      },
      {
        prop: 'signAdvanceMinutes',
        label: 'meeting.signAdvanceMinutes',
        hideInTable: true,
        form: { type: 'number', span: 12 },
      },
      {
        prop: 'pictures',
        label: 'meeting.pictures',
        hideInTable: true,
        form: { type: 'textarea', itemProps: { extra: 'meeting.picturesHint' } },
      },
      { prop: 'content', label: 'meeting.content', hideInTable: true, form: { type: 'textarea' } },
      { prop: 'actualStart', label: 'meeting.startTime', hidden: true, form: false },
      { prop: 'createTime', label: 'meeting.createTime', hidden: true, form: false },
    ],
    ...(rowExtra ? { rowExtra, rowExtraCount: 1 } : {}),
  })

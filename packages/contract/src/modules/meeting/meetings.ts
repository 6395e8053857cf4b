import { z } from 'zod'
import { optionalText, reference, requiredDateTime, requiredText, wire } from '../../fields.js'
import { defineContract, type RouteSpec } from '../../kit.js'
import { meetingMinutes } from './rooms.js'

/** Meetings (`park-meeting/meeting` and `park-meeting/meeting-new`, the same rows). */

/** A meeting's states (dict `meeting_status`): booked, running, over. */
export const MEETING = { pending: 1, running: 2, ended: 3 } as const
export const MEETING_STATUS_NAMES: Record<number, string> = { 1: '未开始', 2: '进行中', 3: '已结束' }

/** How a person signed in (dict `meeting_sign_method`). */
export const SIGN_METHOD = { face: 1, card: 2, qr: 3, manual: 4 } as const
/** A sign-in's verdict (dict `meeting_sign_result`); no sign-in is 未签到. */
export const SIGN_RESULT = { onTime: 1, late: 2 } as const

/** The refusals of the meeting rules, as the server answers them. */
export const MEETING_TEXTS = {
  roomTaken: '会议室该时段已被占用',
  roomClosed: '会议室已停用',
  onlyPending: '只有未开始的会议可以修改或删除',
  notOrganiser: '只有会议组织者或有会议修改权限的人员可以修改会议',
  endBeforeStart: '结束时间必须晚于开始时间',
  notInvited: '非参会人员',
  outsideWindow: '不在签到时间内',
  alreadySigned: '已签到',
  notPendingSwitch: '只能切换到未开始的会议',
  otherRoom: '会议不在该会议室',
  roomBusy: '会议室有未结束的会议, 不能删除: {label}',
  roomTemplateUsed: '模板已被会议使用, 不能删除: {label}',
} as const

/** The one permission letting its holder change or cancel anyone's meeting (an organiser may their own). */
export const MEETING_EDIT = 'meeting_edit'
/** Booking a meeting; also what an organiser needs to change or cancel their own. */
export const MEETING_BOOK = 'meeting_add'
export const MEETING_SIGN = 'meeting_sign'
export const MEETING_SWITCH = 'meeting_switch'

/** A link to a picture: an http(s) address or a path of ours (uploads answer `/xparkApi/…`). */
const LINK = /^(https?:\/\/[^\s"'<>(),]+|\/[^\s"'<>(),]*)$/
/** A meeting's pictures: comma-joined links (the slideshow and the table cards show them). */
export const pictureLinks = z
  .string({ error: 'pictures: comma-joined links' })
  .max(4000, 'pictures: at most 4000 characters')
  .refine(
    (v) => v === '' || v.split(',').every((p) => LINK.test(p.trim())),
    'pictures: each must be an http(s) address or a path',
  )
  .refine((v) => v.split(',').length <= 20, 'pictures: at most 20')
  .optional()

/** An invitee, a line of the meeting: the person, their group (分组) and seat (the table card). */
export const meetingPersonLine = z.object({
  userId: reference('please select a person'),
  groupName: optionalText('groupName', 32),
  seat: optionalText('seat', 32),
})

/** An invited person as read back (the detail's `people`). */
export const meetingPersonRow = z.object({
  id: wire.id,
  meetingId: wire.id,
  userId: wire.id,
  userName: wire.optionalText,
  groupName: wire.text,
  seat: wire.text,
})

const both = (name: string, extra: Partial<RouteSpec> = {}): RouteSpec => ({
  path: name,
  also: [`/park-meeting/meeting-new/${name}`],
  ...extra,
})

export const meetingContract = defineContract({
  path: 'park-meeting/meeting',
  code: 'meeting',
  form: z.object({
    name: requiredText('please input meeting name', 64),
    roomId: reference('please select meeting room'),
    templateId: reference('templateId: must be an id').optional(),
    /** who answers for it (default: who books it) */
    organiserId: reference('organiserId: must be an id').optional(),
    startTime: requiredDateTime('startTime'),
    endTime: requiredDateTime('endTime'),
    ...meetingMinutes,
    pictures: pictureLinks,
    content: optionalText('content', 2000),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    roomId: wire.id,
    roomName: wire.optionalText,
    templateId: wire.optionalId,
    organiserId: wire.id,
    organiserName: wire.optionalText,
    startTime: wire.date,
    endTime: wire.date,
    status: wire.number,
    graceMinutes: wire.number,
    signAdvanceMinutes: wire.number,
    pictures: wire.text,
    content: wire.text,
    actualStart: wire.optionalDate,
    actualEnd: wire.optionalDate,
    peopleCount: wire.number,
    createTime: wire.date,
  }),
  filters: { name: 'like', roomId: 'eq', status: 'eq', organiserId: 'eq' },
  sorts: ['startTime', 'endTime', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: both('queryMeeting'),
    detail: both('queryMeetingDetails'),
    remove: both('deleteMeeting', { methods: ['GET'] }),
    save: both('saveMeeting'),
    update: both('updateMeeting'),
  },
  // an organiser changes and cancels their own bookings; `meeting_edit` anyone's (checked by the server)
  permissions: { edit: MEETING_BOOK, delete: MEETING_BOOK },
  lines: {
    field: 'people',
    key: 'meetingId',
    form: meetingPersonLine,
    row: meetingPersonRow,
    max: 500,
  },
  actions: {
    endMeeting: {
      name: '结束会议',
      permission: 'meeting_end',
      state: 'status',
      transitions: [
        {
          label: 'meeting.end',
          from: [MEETING.running],
          to: MEETING.ended,
          confirm: 'meeting.endConfirm',
          danger: true,
        },
      ],
    },
  },
})
export type MeetingRow = z.infer<typeof meetingContract.row>
export type MeetingPersonRow = z.infer<typeof meetingPersonRow>

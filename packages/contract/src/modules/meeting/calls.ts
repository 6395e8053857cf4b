import { z } from 'zod'
import { type CallInput, defineCall } from '../../calls.js'
import { choice, optionalText, reference, wire } from '../../fields.js'
import { doneReply } from '../../replies.js'
import { MEETING_BOOK, MEETING_SIGN, MEETING_SWITCH, meetingContract } from './meetings.js'
import { meetingRoomContract } from './rooms.js'

/** The meetings' hand routes: people and groups, sign-in, switching, pictures, table cards, the door screen. */

function meetingCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'meeting' })
}

const MEETING_VIEW = meetingContract.permissions.view
const ROOM_EDIT = meetingRoomContract.permissions.edit
const meetingId = reference('please select a meeting')
const byMeeting = z.object({ meetingId })

/** `1,2,3`: the people added (at most 500 at once). */
const userIds = z
  .string({ error: 'userIds: comma-separated user ids' })
  .regex(/^[1-9]\d{0,18}(,[1-9]\d{0,18}){0,499}$/, 'userIds: comma-separated user ids (at most 500)')

export const addPeopleCall = meetingCall({
  path: 'park-meeting/meeting/addPeople',
  method: 'POST',
  permission: MEETING_BOOK,
  params: z.object({ meetingId, userIds, groupName: optionalText('groupName', 32) }),
  reply: z.object({ added: z.number() }),
  summary: 'meeting: invite people (a 未开始 meeting; its organiser or meeting_edit); the invited stay once',
})

export const MeetingGroup = z.object({
  groupName: z.string(),
  people: z.array(z.object({ userId: wire.id, userName: wire.optionalText })),
})
export const groupsCall = meetingCall({
  path: 'park-meeting/meeting/groups',
  method: 'GET',
  permission: MEETING_VIEW,
  params: byMeeting,
  reply: z.array(MeetingGroup),
  summary: "meeting: the invited people by group ('' for those in none)",
})

/** One sign-in as stored. */
export const MeetingSign = z.object({
  meetingId: wire.id,
  userId: wire.id,
  signTime: wire.date,
  signMethod: wire.number,
  result: wire.number,
})
export type MeetingSign = z.infer<typeof MeetingSign>

export const signMethodCall = meetingCall({
  path: 'park-meeting/meeting/signMethod',
  method: 'POST',
  permission: MEETING_SIGN,
  params: z.object({
    meetingId,
    /** who signs in (default: the caller, a QR sign-in from a phone) */
    userId: reference('userId: must be an id').optional(),
    /** 1 face, 2 card, 3 QR code, 4 by hand */
    method: choice('method: 1 face, 2 card, 3 QR, 4 manual', 1, 4),
  }),
  reply: MeetingSign,
  summary: 'meeting: sign a person in (invited only, inside the window; the first sign-in stands)',
})

export const SignSummary = z.object({
  invited: z.number(),
  signed: z.number(),
  onTime: z.number(),
  late: z.number(),
  absent: z.number(),
})
export const calculateMethodCall = meetingCall({
  path: 'park-meeting/meeting/calculateMethod',
  method: 'POST',
  permission: MEETING_SIGN,
  params: byMeeting,
  reply: SignSummary,
  summary: "meeting: mark each sign-in 准时 or 迟到 by the meeting's grace minutes, and count them",
})

export const SignListRow = z.object({
  userId: wire.id,
  userName: wire.optionalText,
  groupName: wire.text,
  signTime: wire.optionalDate,
  signMethod: wire.optionalNumber,
  result: wire.optionalNumber,
})
export type SignListRow = z.infer<typeof SignListRow>
export const signListCall = meetingCall({
  path: 'park-meeting/meeting/signList',
  method: 'POST',
  permission: MEETING_VIEW,
  params: byMeeting,
  reply: z.array(SignListRow),
  summary: 'meeting: every invited person with their sign-in (none: 未签到)',
})

export const switchMeetingCall = meetingCall({
  path: 'park-meeting/meeting/switchMeeting',
  method: 'POST',
  permission: MEETING_SWITCH,
  params: z.object({ id: reference('please select a meeting') }),
  reply: doneReply,
  summary: "meeting: end the room's running meeting and start this one, in one transaction",
})

export const picturesCall = meetingCall({
  path: 'park-meeting/meeting/pictures',
  method: 'GET',
  permission: MEETING_VIEW,
  params: z.object({ id: reference('please select a meeting') }),
  reply: z.array(z.string()),
  summary: "meeting: the meeting's pictures (links)",
})

export const Slideshow = z.object({
  meetingId: wire.optionalId,
  meetingName: wire.optionalText,
  pictures: z.array(z.string()),
})
export const slideshowCall = meetingCall({
  path: 'park-meeting/meeting/slideshow',
  method: 'GET',
  permission: MEETING_VIEW,
  params: z.object({ roomId: reference('please select meeting room') }),
  reply: Slideshow,
  summary: "meeting: the pictures of a room's running meeting, else of its next one",
})

export const TableCard = z.object({
  userId: wire.id,
  userName: wire.optionalText,
  deptName: wire.optionalText,
  groupName: wire.text,
  seat: wire.text,
})
export const tableCardInfoCall = meetingCall({
  path: 'park-meeting/meeting/tableCardInfo',
  method: 'GET',
  permission: MEETING_VIEW,
  params: z.object({ id: reference('please select a meeting') }),
  reply: z.array(TableCard),
  summary: "meeting: the table cards (each invited person's name, department, group and seat)",
})

export const RoomName = z.object({ id: wire.id, name: wire.text, place: wire.text, capacity: wire.number })
export const roomNameCall = meetingCall({
  path: 'park-meeting/meeting/roomName',
  method: 'GET',
  permission: MEETING_VIEW,
  params: z.object({ roomId: reference('please select meeting room') }),
  reply: RoomName,
  summary: "meeting: a room's name, place and capacity",
})

// —— the room's door screen ——

export const DisplayToken = z.object({ token: z.string().nullable() })
export const displayTokenCall = meetingCall({
  path: 'park-meeting/room/displayToken',
  method: 'GET',
  permission: ROOM_EDIT,
  params: z.object({ id: reference('please select meeting room') }),
  reply: DisplayToken,
  summary: "room: the door screen's display token (null: none)",
})
export const regenerateDisplayTokenCall = meetingCall({
  path: 'park-meeting/room/regenerateDisplayToken',
  method: 'POST',
  permission: ROOM_EDIT,
  params: z.object({ id: reference('please select meeting room') }),
  reply: DisplayToken,
  summary: 'room: a new display token (the old one stops working at once)',
})
export const revokeDisplayTokenCall = meetingCall({
  path: 'park-meeting/room/revokeDisplayToken',
  method: 'POST',
  permission: ROOM_EDIT,
  params: z.object({ id: reference('please select meeting room') }),
  reply: doneReply,
  summary: 'room: revoke the display token (the door screen stops showing)',
})

/** What the door screen shows. */
export const DisplayMeeting = z.object({
  id: wire.id,
  name: wire.text,
  startTime: wire.date,
  endTime: wire.date,
  status: wire.number,
  organiserName: wire.optionalText,
})
export const DisplayBoard = z.object({
  room: RoomName,
  current: DisplayMeeting.nullable(),
  next: DisplayMeeting.nullable(),
  pictures: z.array(z.string()),
  tableCards: z.array(TableCard),
  /** what the sign-in QR code encodes (the meeting to sign in to), null without a meeting */
  signCode: z.string().nullable(),
})
export type DisplayBoard = z.infer<typeof DisplayBoard>
export const displayBoardCall = meetingCall({
  path: 'park-meeting/display/board',
  method: 'GET',
  public: true,
  params: z.object({
    roomId: reference('please select meeting room'),
    token: z.string({ error: 'token is required' }).min(1, 'token is required').max(128),
  }),
  reply: DisplayBoard,
  summary: "door screen: the room's current and next meeting, pictures, table cards (by its display token)",
})

import {
  MEETING,
  MEETING_EDIT,
  MEETING_TEXTS,
  meetingContract,
  meetingRoomContract,
  meetingTemplateContract,
  sceneLogContract,
} from '@xpark/contract/modules/meeting'
import { and, eq, getTableName, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { can } from '../../core/auth/guards.js'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { defineResource, type LinesContext, lookup } from '../../core/crud/index.js'
import { AppError, badRequest, forbidden } from '../../core/errors.js'
import { parseDateTime } from '../../core/query/index.js'
import { scoped, touched } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { fireBoundMeetingChanges } from './linkage.js'
import { meeting, meetingPerson, meetingRoom, meetingTemplate, sceneLog } from './schema.js'

/** The meeting resources: rooms, templates, meetings with their people, the scene log. */

export const meetingRooms = defineResource({
  contract: meetingRoomContract,
  table: meetingRoom,
  // the door screen's token is read and changed through its own calls (room edit permission)
  omit: ['displayToken'],
  unique: [{ fields: ['name'], message: '会议室名称已存在' }],
  inUse: [
    {
      table: meeting,
      column: 'roomId',
      where: lt(meeting.status, MEETING.ended),
      message: MEETING_TEXTS.roomBusy,
    },
  ],
})

export const meetingTemplates = defineResource({
  contract: meetingTemplateContract,
  table: meetingTemplate,
})

export const sceneLogs = defineResource({
  contract: sceneLogContract,
  table: sceneLog,
  // the scenes come with the device layer (issue 28); until then a log names the scene as sent
  references: { sceneId: false },
})

/**
 * Callers holding `meeting_edit`, marked by the routes' guard: the write hooks see the caller's
 * `AuthContext` (the same object as the request's) but not the request, so the permission is asked
 * once per request there and read here, inside the write's transaction, beside the locked row.
 */
const editors = new WeakSet<AuthContext>()

const markEditors: preHandlerAsyncHookHandler = async (request) => {
  const auth = authOf(request)
  if (await can(request.server, auth, MEETING_EDIT)) editors.add(auth)
}

/** An organiser changes and cancels their own meetings; `meeting_edit` anyone's (403 otherwise). */
export function assertMayChange(auth: AuthContext, organisers: readonly (string | null)[]): void {
  if (editors.has(auth)) return
  if (organisers.some((o) => o !== auth.userId)) throw forbidden(MEETING_TEXTS.notOrganiser)
}

/** The holder of `meeting_edit` among callers (for hand routes, which have the request). */
export const mayEditAny = (auth: AuthContext) => editors.has(auth)
export { markEditors }

/** Meetings overlapping [start, end) in a room, not over, other than `except`. */
export async function roomClash(
  tx: Tx,
  auth: AuthContext,
  roomId: string,
  start: Date,
  end: Date,
  except?: string,
) {
  const [clash] = await tx
    .select({ id: meeting.id })
    .from(meeting)
    .where(
      scoped(
        meeting,
        auth,
        eq(meeting.roomId, roomId),
        lt(meeting.status, MEETING.ended),
        lt(meeting.startTime, end),
        gt(meeting.endTime, start),
        except ? ne(meeting.id, except) : undefined,
      ),
    )
    .limit(1)
  return clash
}

/** Lock the room's row: bookings of one room are checked one after the other (of two racing, one wins). */
export async function lockRoom(tx: Tx, auth: AuthContext, roomId: string) {
  const [room] = await tx
    .select({ id: meetingRoom.id, status: meetingRoom.status })
    .from(meetingRoom)
    .where(scoped(meetingRoom, auth, eq(meetingRoom.id, roomId)))
    .for('update')
  if (!room) throw badRequest('会议室不存在')
  return room
}

type MeetingValues = Record<string, unknown>

const timeOf = (value: unknown, field: string): Date => {
  const at = value instanceof Date ? value : parseDateTime(String(value))
  if (!at) throw badRequest(`参数校验失败: ${field}: yyyy-MM-dd HH:mm:ss`)
  return at
}

/**
 * A booking's rules, inside the write's transaction: the organiser (default the caller), a template's
 * sign-in rules for what the form leaves out, end after start, a room in use, and no other meeting
 * of the room overlapping it — checked with the room's row locked.
 */
async function bookingRules({
  tx,
  auth,
  values,
  id,
}: {
  tx: Tx
  auth: AuthContext
  values: MeetingValues
  id?: string
}) {
  let current: { roomId: string; startTime: Date; endTime: Date; organiserId: string } | undefined
  if (id) {
    ;[current] = await tx
      .select({
        roomId: meeting.roomId,
        startTime: meeting.startTime,
        endTime: meeting.endTime,
        organiserId: meeting.organiserId,
      })
      .from(meeting)
      .where(eq(meeting.id, id))
    if (current) assertMayChange(auth, [current.organiserId])
  } else {
    values.organiserId ??= auth.userId
    if (values.templateId) {
      const [template] = await tx
        .select({ grace: meetingTemplate.graceMinutes, advance: meetingTemplate.signAdvanceMinutes })
        .from(meetingTemplate)
        .where(eq(meetingTemplate.id, String(values.templateId)))
      if (template) {
        values.graceMinutes ??= template.grace
        values.signAdvanceMinutes ??= template.advance
      }
    }
  }
  const roomId = String(values.roomId ?? current?.roomId)
  const start = values.startTime !== undefined ? timeOf(values.startTime, 'startTime') : current!.startTime
  const end = values.endTime !== undefined ? timeOf(values.endTime, 'endTime') : current!.endTime
  if (end.getTime() <= start.getTime()) throw badRequest(MEETING_TEXTS.endBeforeStart)
  const room = await lockRoom(tx, auth, roomId)
  if (room.status !== 1 && (!current || current.roomId !== roomId))
    throw new AppError(409, MEETING_TEXTS.roomClosed)
  if (await roomClash(tx, auth, roomId, start, end, id)) throw new AppError(409, MEETING_TEXTS.roomTaken)
}

/** A person is invited once. */
async function checkPeople({ lines }: LinesContext): Promise<void> {
  const seen = new Set<string>()
  for (const [i, line] of lines.entries()) {
    const id = String(line.userId)
    if (seen.has(id)) throw badRequest(`第 ${i + 1} 行: 参会人员重复`)
    seen.add(id)
  }
}

const personTable = sql.identifier(getTableName(meetingPerson))
const meetingTable = sql.identifier(getTableName(meeting))

export const meetings = defineResource({
  contract: meetingContract,
  table: meeting,
  expand: {
    roomName: lookup(meetingRoom, 'name', 'roomId'),
    organiserName: lookup(user, 'realName', 'organiserId'),
    peopleCount: () =>
      sql`(select count(*)::int from ${personTable} p where p.meeting_id = ${meetingTable}.id and p.tenant_id = ${meetingTable}.tenant_id and p.is_deleted = 0)`,
  },
  references: {
    roomId: { to: meetingRooms, message: '会议室不存在' },
    templateId: { to: meetingTemplates, message: '会议模板不存在' },
    organiserId: { to: user, message: '组织者不存在' },
  },
  lines: {
    table: meetingPerson,
    expand: { userName: lookup(user, 'realName', 'userId') },
    references: { userId: { to: user, message: '参会人员不存在' } },
    prepare: checkPeople,
  },
  readonlyWhen: { field: 'status', in: [MEETING.running, MEETING.ended], message: MEETING_TEXTS.onlyPending },
  guards: [markEditors],
  beforeWrite: (ctx) => bookingRules(ctx as Parameters<typeof bookingRules>[0]),
  beforeRemove: async ({ tx, auth, ids }) => {
    const rows = await tx
      .select({ organiserId: meeting.organiserId })
      .from(meeting)
      .where(and(scoped(meeting, auth), inArray(meeting.id, [...ids])))
    assertMayChange(
      auth,
      rows.map((r) => r.organiserId),
    )
  },
  actions: {
    endMeeting: {
      run: async ({ tx, auth, rows }) => {
        await tx
          .update(meeting)
          .set(touched(meeting, auth, { actualEnd: new Date() }) as never)
          .where(
            inArray(
              meeting.id,
              rows.map((r) => String(r.id)),
            ),
          )
      },
      // the room's scene linkages (meeting end), once the end is committed
      after: async ({ auth, rows }) =>
        fireBoundMeetingChanges(
          rows.map((r) => ({ tenantId: auth.tenantId, roomId: String(r.roomId), kind: 'end' as const })),
        ),
    },
  },
})

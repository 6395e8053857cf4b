import { randomBytes, timingSafeEqual } from 'node:crypto'
import {
  displayBoardCall,
  displayTokenCall,
  MEETING,
  MEETING_TEXTS,
  regenerateDisplayTokenCall,
  revokeDisplayTokenCall,
  switchMeetingCall,
} from '@xpark/contract/modules/meeting'
import { and, eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { AppError, forbidden, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { Answer, handle } from '../../../core/http/calls.js'
import { publicRateLimit } from '../../../core/http/public-limit.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped, touched } from '../../../core/tenancy.js'
import { fireMeetingChangesLater } from '../linkage.js'
import { lockedMeeting, meetingWhere, peopleOf, picturesOf, roomMeetings } from '../lookups.js'
import { lockRoom, meetingRooms } from '../resources.js'
import { meeting, meetingRoom } from '../schema.js'

/** switchMeeting, the room's display token, and the door screen's board (public, by that token). */

const INVALID_TOKEN = '门牌令牌无效或已撤销'

export function registerRoomRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  // ends the room's running meeting and starts the chosen one, in one transaction: a refusal (the
  // chosen meeting not 未开始) leaves the running one running
  handle(
    api,
    switchMeetingCall,
    async ({ id }, request) => {
      const auth = authOf(request)
      const where = await meetingWhere(auth, id)
      const changes = await db.transaction(async (tx) => {
        const chosen = await lockedMeeting(tx, where)
        await lockRoom(tx, auth, chosen.roomId)
        if (chosen.status !== MEETING.pending) throw new AppError(409, MEETING_TEXTS.notPendingSwitch)
        const now = new Date()
        const ended = await tx
          .update(meeting)
          .set(touched(meeting, auth, { status: MEETING.ended, actualEnd: now }) as never)
          .where(
            scoped(meeting, auth, eq(meeting.roomId, chosen.roomId), eq(meeting.status, MEETING.running)),
          )
          .returning({ id: meeting.id })
        await tx
          .update(meeting)
          .set(touched(meeting, auth, { status: MEETING.running, actualStart: now }) as never)
          .where(scoped(meeting, auth, eq(meeting.id, id)))
        const room = { tenantId: auth.tenantId, roomId: chosen.roomId }
        return [...ended.map(() => ({ ...room, kind: 'end' as const })), { ...room, kind: 'start' as const }]
      })
      // the scene linkages' meeting triggers, now that the switch is committed
      fireMeetingChangesLater(ctx, request.log, changes)
      return new Answer({}, '切换成功')
    },
    { preHandler: guards },
  )

  /** The room the caller may edit, by id. */
  const roomWhere = async (request: Parameters<typeof authOf>[0], id: string) =>
    whereOf(meetingRooms, authOf(request), eq(meetingRoom.id, id))

  handle(
    api,
    displayTokenCall,
    async ({ id }, request) => {
      const [room] = await db
        .select({ token: meetingRoom.displayToken })
        .from(meetingRoom)
        .where(await roomWhere(request, id))
      if (!room) throw notFound('会议室不存在')
      return { token: room.token }
    },
    { preHandler: guards },
  )

  const setToken = async (request: Parameters<typeof authOf>[0], id: string, token: string | null) => {
    const done = await db
      .update(meetingRoom)
      .set(touched(meetingRoom, authOf(request), { displayToken: token }) as never)
      .where(await roomWhere(request, id))
      .returning({ id: meetingRoom.id })
    if (!done.length) throw notFound('会议室不存在')
  }

  handle(
    api,
    regenerateDisplayTokenCall,
    async ({ id }, request) => {
      const token = randomBytes(24).toString('base64url')
      await setToken(request, id, token)
      return new Answer({ token }, '门牌令牌已重新生成')
    },
    { preHandler: guards },
  )

  handle(
    api,
    revokeDisplayTokenCall,
    async ({ id }, request) => {
      await setToken(request, id, null)
      return new Answer({}, '门牌令牌已撤销')
    },
    { preHandler: guards },
  )

  // the door screen: no account, the room's token instead (compared in constant time); the tenant is
  // the room's. A revoked or regenerated token stops at once.
  handle(
    api,
    displayBoardCall,
    async ({ roomId, token }) => {
      const [room] = await db
        .select({
          id: meetingRoom.id,
          tenantId: meetingRoom.tenantId,
          name: meetingRoom.name,
          place: meetingRoom.place,
          capacity: meetingRoom.capacity,
          displayToken: meetingRoom.displayToken,
        })
        .from(meetingRoom)
        // no caller: any tenant's room, its token decides
        .where(and(eq(meetingRoom.id, roomId), eq(meetingRoom.isDeleted, 0)))
      const stored = Buffer.from(room?.displayToken ?? '')
      const sent = Buffer.from(token)
      if (!room || !stored.length || stored.length !== sent.length || !timingSafeEqual(stored, sent))
        throw forbidden(INVALID_TOKEN)
      const tenant = { tenantId: room.tenantId }
      const { current, next } = await roomMeetings(db, tenant, roomId)
      const shown = current ?? next
      const view = (m: typeof current) =>
        m && {
          id: m.id,
          name: m.name,
          startTime: m.startTime,
          endTime: m.endTime,
          status: m.status,
          organiserName: m.organiserName,
        }
      return {
        room: { id: room.id, name: room.name, place: room.place, capacity: room.capacity },
        current: view(current),
        next: view(next),
        pictures: shown ? picturesOf(shown.pictures) : [],
        tableCards: shown ? (await peopleOf(db, tenant, shown.id)).map(({ id: _, ...card }) => card) : [],
        signCode: shown ? `xpark-meeting:${shown.id}` : null,
      }
    },
    { preHandler: [publicRateLimit(ctx.cache, 'meeting-display', 120)] },
  )
}

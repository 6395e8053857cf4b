import {
  addPeopleCall,
  groupsCall,
  MEETING,
  MEETING_TEXTS,
  picturesCall,
  roomNameCall,
  slideshowCall,
  tableCardInfoCall,
} from '@xpark/contract/modules/meeting'
import { eq, inArray } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { AppError, badRequest } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { Answer, handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped, stamped } from '../../../core/tenancy.js'
import { user } from '../../identity/index.js'
import {
  lockedMeeting,
  meetingOf,
  meetingWhere,
  peopleOf,
  picturesOf,
  roomMeetings,
  roomOf,
} from '../lookups.js'
import { assertMayChange, markEditors } from '../resources.js'
import { meetingPerson } from '../schema.js'

/** People, groups, table cards, pictures and the room's name: the meeting's reads and `addPeople`. */
export function registerPeopleRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  // addPeople: invite more people to a 未开始 meeting (its organiser or meeting_edit); those already
  // invited stay as they are, so sending a person twice invites them once
  handle(
    api,
    addPeopleCall,
    async ({ meetingId, userIds, groupName }, request) => {
      const auth = authOf(request)
      const ids = [...new Set(userIds.split(','))]
      const where = await meetingWhere(auth, meetingId)
      const added = await db.transaction(async (tx) => {
        const found = await lockedMeeting(tx, where)
        if (found.status !== MEETING.pending) throw new AppError(409, MEETING_TEXTS.onlyPending)
        assertMayChange(auth, [found.organiserId])
        const known = await tx
          .select({ id: user.id })
          .from(user)
          .where(scoped(user, auth, inArray(user.id, ids)))
        if (known.length !== ids.length) throw badRequest('参会人员不存在')
        const invited = new Set(
          (
            await tx
              .select({ userId: meetingPerson.userId })
              .from(meetingPerson)
              .where(scoped(meetingPerson, auth, eq(meetingPerson.meetingId, meetingId)))
          ).map((p) => p.userId),
        )
        const fresh = ids.filter((id) => !invited.has(id))
        if (fresh.length)
          await tx
            .insert(meetingPerson)
            .values(
              fresh.map((userId) =>
                stamped(meetingPerson, auth, { meetingId, userId, groupName: groupName ?? '' }),
              ) as never,
            )
        return fresh.length
      })
      return new Answer({ added }, '添加成功')
    },
    { preHandler: [...guards, markEditors] },
  )

  handle(
    api,
    groupsCall,
    async ({ meetingId }, request) => {
      const auth = authOf(request)
      await meetingOf(db, auth, meetingId)
      const groups = new Map<string, { userId: string; userName: string | null }[]>()
      for (const p of await peopleOf(db, auth, meetingId))
        groups.set(p.groupName, [
          ...(groups.get(p.groupName) ?? []),
          { userId: p.userId, userName: p.userName },
        ])
      return [...groups].map(([groupName, people]) => ({ groupName, people }))
    },
    { preHandler: guards },
  )

  handle(
    api,
    tableCardInfoCall,
    async ({ id }, request) => {
      const auth = authOf(request)
      await meetingOf(db, auth, id)
      return (await peopleOf(db, auth, id)).map(({ id: _, ...card }) => card)
    },
    { preHandler: guards },
  )

  handle(
    api,
    picturesCall,
    async ({ id }, request) => picturesOf((await meetingOf(db, authOf(request), id)).pictures),
    { preHandler: guards },
  )

  handle(
    api,
    slideshowCall,
    async ({ roomId }, request) => {
      const auth = authOf(request)
      await roomOf(db, auth, roomId)
      const { current, next } = await roomMeetings(db, auth, roomId)
      const shown = current ?? next
      return {
        meetingId: shown?.id ?? null,
        meetingName: shown?.name ?? null,
        pictures: shown ? picturesOf(shown.pictures) : [],
      }
    },
    { preHandler: guards },
  )

  handle(
    api,
    roomNameCall,
    async ({ roomId }, request) => {
      const { displayToken: _, ...room } = await roomOf(db, authOf(request), roomId)
      return room
    },
    { preHandler: guards },
  )
}

import {
  calculateMethodCall,
  MEETING,
  MEETING_TEXTS,
  SIGN_RESULT,
  signListCall,
  signMethodCall,
} from '@xpark/contract/modules/meeting'
import { and, asc, eq, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { AppError, badRequest } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { Answer, handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped, stamped, touched } from '../../../core/tenancy.js'
import { meetingOf, peopleOf } from '../lookups.js'
import { meetingPerson, meetingSign } from '../schema.js'

const MINUTE = 60_000

const signColumns = {
  meetingId: meetingSign.meetingId,
  userId: meetingSign.userId,
  signTime: meetingSign.signTime,
  signMethod: meetingSign.signMethod,
  result: meetingSign.result,
}

/**
 * Sign-in (docs/modules/meeting.md): only an invited person, only inside the window — from
 * `signAdvanceMinutes` before the start to the end, while the meeting is not over — and the first
 * sign-in stands: a second answers the first as it was (`已签到`) and writes nothing. A sign-in up to
 * `graceMinutes` after the start is 准时, later 迟到.
 */

export function verdict(signTime: Date, start: Date, graceMinutes: number): number {
  return signTime.getTime() <= start.getTime() + graceMinutes * MINUTE ? SIGN_RESULT.onTime : SIGN_RESULT.late
}

export function insideWindow(
  now: Date,
  m: { startTime: Date; endTime: Date; status: number; signAdvanceMinutes: number },
): boolean {
  if (m.status === MEETING.ended) return false
  return now.getTime() >= m.startTime.getTime() - m.signAdvanceMinutes * MINUTE && now <= m.endTime
}

export function registerSignRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  handle(
    api,
    signMethodCall,
    async ({ meetingId, userId, method }, request) => {
      const auth = authOf(request)
      const who = userId ?? auth.userId
      const found = await meetingOf(db, auth, meetingId)
      return db.transaction(async (tx) => {
        const [invited] = await tx
          .select({ id: meetingPerson.id })
          .from(meetingPerson)
          .where(
            scoped(
              meetingPerson,
              auth,
              eq(meetingPerson.meetingId, meetingId),
              eq(meetingPerson.userId, who),
            ),
          )
        if (!invited) throw badRequest(MEETING_TEXTS.notInvited)
        const signTime = new Date()
        const bySign = scoped(
          meetingSign,
          auth,
          eq(meetingSign.meetingId, meetingId),
          eq(meetingSign.userId, who),
        )
        const [earlier] = await tx.select(signColumns).from(meetingSign).where(bySign)
        // the first sign-in stands (a face terminal seeing the same person twice is no error)
        if (earlier) return new Answer(earlier, MEETING_TEXTS.alreadySigned)
        if (!insideWindow(signTime, found)) throw new AppError(409, MEETING_TEXTS.outsideWindow)
        // two sign-ins at once: the unique index keeps one, and both answer it
        await tx
          .insert(meetingSign)
          .values(
            stamped(meetingSign, auth, {
              meetingId,
              userId: who,
              signTime,
              signMethod: method,
              result: verdict(signTime, found.startTime, found.graceMinutes),
            }) as never,
          )
          .onConflictDoNothing()
        const [stored] = await tx.select(signColumns).from(meetingSign).where(bySign)
        return new Answer(stored!, '签到成功')
      })
    },
    { preHandler: guards },
  )

  // calculateMethod: every sign-in marked again by the meeting's grace minutes (changed since, or
  // signed by an older rule), and the meeting's figures
  handle(
    api,
    calculateMethodCall,
    async ({ meetingId }, request) => {
      const auth = authOf(request)
      const found = await meetingOf(db, auth, meetingId)
      const deadline = new Date(found.startTime.getTime() + found.graceMinutes * MINUTE)
      return db.transaction(async (tx) => {
        const bySign = scoped(meetingSign, auth, eq(meetingSign.meetingId, meetingId))
        await tx
          .update(meetingSign)
          .set(
            touched(meetingSign, auth, {
              result: sql`case when ${meetingSign.signTime} <= ${deadline.toISOString()}::timestamptz then ${SIGN_RESULT.onTime}::int else ${SIGN_RESULT.late}::int end`,
            }) as never,
          )
          .where(bySign)
        const people = await tx
          .select({ userId: meetingPerson.userId, result: meetingSign.result })
          .from(meetingPerson)
          .leftJoin(
            meetingSign,
            and(
              eq(meetingSign.meetingId, meetingPerson.meetingId),
              eq(meetingSign.userId, meetingPerson.userId),
              eq(meetingSign.tenantId, meetingPerson.tenantId),
              eq(meetingSign.isDeleted, 0),
            ),
          )
          .where(scoped(meetingPerson, auth, eq(meetingPerson.meetingId, meetingId)))
        const count = (r: number | null) => people.filter((p) => p.result === r).length
        const signed = people.filter((p) => p.result !== null).length
        return {
          invited: people.length,
          signed,
          onTime: count(SIGN_RESULT.onTime),
          late: count(SIGN_RESULT.late),
          absent: people.length - signed,
        }
      })
    },
    { preHandler: guards },
  )

  handle(
    api,
    signListCall,
    async ({ meetingId }, request) => {
      const auth = authOf(request)
      await meetingOf(db, auth, meetingId)
      const signs = new Map(
        (
          await db
            .select(signColumns)
            .from(meetingSign)
            .where(scoped(meetingSign, auth, eq(meetingSign.meetingId, meetingId)))
            .orderBy(asc(meetingSign.signTime))
        ).map((s) => [s.userId, s]),
      )
      return (await peopleOf(db, auth, meetingId)).map((p) => {
        const s = signs.get(p.userId)
        return {
          userId: p.userId,
          userName: p.userName,
          groupName: p.groupName,
          signTime: s?.signTime ?? null,
          signMethod: s?.signMethod ?? null,
          result: s?.result ?? null,
        }
      })
    },
    { preHandler: guards },
  )
}

import { MEETING, SIGN_METHOD } from '@xpark/contract/modules/meeting'
import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type DeviceSubscription, eventEnvelope, subscription } from '../../core/devices/index.js'
import type { ModuleContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { logOf } from './linkage.js'
import { verdict } from './routes/sign.js'
import { meeting, meetingMachine, meetingPerson, meetingSign } from './schema.js'

/**
 * Sign-in at a room's terminal (docs/modules/meeting.md "Sign-in"): a face terminal or card reader
 * linked to a room as a meeting machine raises `{ type: 'face' | 'card', userId }` when it recognises
 * a person (the user id is what the terminal was granted, 设备授权). The person is signed in to a
 * meeting of the room whose sign-in window is open, to which they are invited and which they have not
 * signed in to yet — the running one first, else the next (someone who signed in to the running
 * meeting and stays for the next one signs in to that) — by the rules of `signMethod`: 准时 or 迟到 by
 * the grace minutes, and a sign-in is never replaced. Anyone else, or outside every window, signs
 * nothing (a terminal has no one to answer).
 */
const METHODS: Record<string, number> = { face: SIGN_METHOD.face, card: SIGN_METHOD.card }

// the type's own fields beside the envelope ride along
const signEvent = eventEnvelope.extend({ userId: z.string().regex(/^\d{1,20}$/) }).loose()
type SignEvent = z.infer<typeof signEvent>

/** The meeting this person signs in to at this terminal now, if any. */
async function meetingAt(tx: Tx, tenantId: string, code: string, userId: string, now: Date) {
  const rooms = tx
    .select({ roomId: meetingMachine.roomId })
    .from(meetingMachine)
    .innerJoin(
      parkMachine,
      and(eq(parkMachine.id, meetingMachine.machineId), eq(parkMachine.tenantId, meetingMachine.tenantId)),
    )
    .where(
      and(
        eq(meetingMachine.tenantId, tenantId),
        eq(meetingMachine.isDeleted, 0),
        eq(parkMachine.code, code),
        eq(parkMachine.isDeleted, 0),
      ),
    )
  const invited = tx
    .select({ meetingId: meetingPerson.meetingId })
    .from(meetingPerson)
    .where(
      and(
        eq(meetingPerson.tenantId, tenantId),
        eq(meetingPerson.userId, userId),
        eq(meetingPerson.isDeleted, 0),
      ),
    )
  const signed = tx
    .select({ meetingId: meetingSign.meetingId })
    .from(meetingSign)
    .where(
      and(eq(meetingSign.tenantId, tenantId), eq(meetingSign.userId, userId), eq(meetingSign.isDeleted, 0)),
    )
  const [found] = await tx
    .select({ id: meeting.id, startTime: meeting.startTime, graceMinutes: meeting.graceMinutes })
    .from(meeting)
    .where(
      and(
        eq(meeting.tenantId, tenantId),
        eq(meeting.isDeleted, 0),
        inArray(meeting.roomId, rooms),
        inArray(meeting.id, invited),
        notInArray(meeting.id, signed),
        lt(meeting.status, MEETING.ended),
        gte(meeting.endTime, now),
        // the window opens signAdvanceMinutes before the start
        sql`${meeting.startTime} - make_interval(mins => ${meeting.signAdvanceMinutes}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(meeting.status), asc(meeting.startTime))
    .limit(1)
  return found
}

export function signTerminalSubscriptions(ctx: ModuleContext): DeviceSubscription[] {
  return Object.keys(METHODS).map((type) =>
    subscription<SignEvent>({
      kind: 'event',
      type,
      payload: signEvent,
      handle: async ({ tenantId, machine, payload, receivedAt }, tx) => {
        const found = await meetingAt(tx, tenantId, machine, payload.userId, receivedAt)
        if (!found) {
          logOf(ctx).info(
            { tenantId, machine, userId: payload.userId },
            'meeting sign-in: no open meeting of this terminal invites the person',
          )
          return
        }
        // two events at once (the terminal saw the person twice): the unique index keeps the first
        await tx
          .insert(meetingSign)
          .values(
            stamped(
              meetingSign,
              { tenantId, userId: payload.userId, deptIds: [] },
              {
                meetingId: found.id,
                userId: payload.userId,
                signTime: receivedAt,
                signMethod: METHODS[type],
                result: verdict(receivedAt, found.startTime, found.graceMinutes),
              },
            ) as never,
          )
          .onConflictDoNothing()
      },
    }),
  )
}

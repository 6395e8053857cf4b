import { MEETING } from '@xpark/contract/modules/meeting'
import { and, eq, lt, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { meeting } from './schema.js'

/** A meeting that started or ended (the scene linkage's meeting triggers fire on it, after the commit). */
export interface MeetingChange {
  id: string
  tenantId: string
  roomId: string
  kind: 'start' | 'end'
}

/**
 * The meetings' clock (a scheduled job, every tenant): a meeting whose end time has passed is 已结束,
 * one whose start time has passed is 进行中. Times it records are the booked ones (the job may run
 * a little late); `endMeeting` and `switchMeeting` record the moment instead.
 */
export async function advanceMeetings(
  db: DbOrTx,
  now = new Date(),
): Promise<{ started: number; ended: number; changes: MeetingChange[] }> {
  const ended = await db
    .update(meeting)
    .set({
      status: MEETING.ended,
      actualStart: sql`coalesce(${meeting.actualStart}, ${meeting.startTime})`,
      actualEnd: sql`coalesce(${meeting.actualEnd}, ${meeting.endTime})`,
      updateTime: now,
    })
    .where(and(eq(meeting.isDeleted, 0), lt(meeting.status, MEETING.ended), lte(meeting.endTime, now)))
    .returning({ id: meeting.id, tenantId: meeting.tenantId, roomId: meeting.roomId })
  const started = await db
    .update(meeting)
    .set({ status: MEETING.running, actualStart: meeting.startTime, updateTime: now })
    .where(and(eq(meeting.isDeleted, 0), eq(meeting.status, MEETING.pending), lte(meeting.startTime, now)))
    .returning({ id: meeting.id, tenantId: meeting.tenantId, roomId: meeting.roomId })
  // ended first: a room's meeting that ends as the next one starts fires its end, then the start
  const changes: MeetingChange[] = [
    ...ended.map((m) => ({ ...m, kind: 'end' as const })),
    ...started.map((m) => ({ ...m, kind: 'start' as const })),
  ]
  return { started: started.length, ended: ended.length, changes }
}

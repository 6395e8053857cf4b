import { and, eq, gte, lte } from 'drizzle-orm'
import { addDays, dayOf, spanBounds } from '../../core/days.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { approvedLeave, type LeaveSpan, leaveEndedSince } from '../workflow/index.js'
import { attendanceDay } from './schema.js'

/**
 * 请假: the workflow's leave requests approved to the end (its `approvedLeave`). A day is on leave when
 * an approved request covers any of it (a request ending at midnight does not cover the next day).
 * The workflow knows nothing of attendance: the `attendance-leave` job marks the results already
 * kept for the days of requests whose process ended lately (approved, refused or withdrawn).
 */

/** The days a leave covers (both ends counted; an end at 00:00 exactly stops the day before). */
function daysOf(leave: LeaveSpan): string[] {
  const first = dayOf(leave.startTime)
  const endsAtMidnight = leave.endTime.getHours() === 0 && leave.endTime.getMinutes() === 0
  const last =
    endsAtMidnight && leave.endTime > leave.startTime
      ? addDays(dayOf(leave.endTime), -1)
      : dayOf(leave.endTime)
  const out: string[] = []
  for (let d = first; d <= last && out.length <= 366; d = addDays(d, 1)) out.push(d)
  return out
}

/** `userId|day` for every person-day between two days covered by approved leave. */
export async function approvedLeaveDays(
  db: DbOrTx,
  tenantId: string,
  userIds: readonly string[],
  fromDay: string,
  toDay: string,
): Promise<ReadonlySet<string>> {
  const [from, to] = spanBounds(fromDay, toDay)
  const out = new Set<string>()
  for (const leave of await approvedLeave(db, tenantId, userIds, from, to))
    for (const day of daysOf(leave)) if (day >= fromDay && day <= toDay) out.add(`${leave.userId}|${day}`)
  return out
}

/** The kept results of the people and days of leave whose process ended in the last `minutes`. */
export async function leaveResultDays(db: Db, now = new Date(), minutes = 5) {
  const ended = await leaveEndedSince(db, new Date(now.getTime() - minutes * 60_000))
  const keys: { tenantId: string; userId: string; day: string }[] = []
  for (const leave of ended) {
    const days = daysOf(leave)
    if (!days.length) continue
    keys.push(
      ...(await db
        .select({ tenantId: attendanceDay.tenantId, userId: attendanceDay.userId, day: attendanceDay.day })
        .from(attendanceDay)
        .where(
          and(
            eq(attendanceDay.tenantId, leave.tenantId),
            eq(attendanceDay.userId, leave.userId),
            gte(attendanceDay.day, days[0]!),
            lte(attendanceDay.day, days.at(-1)!),
          ),
        )),
    )
  }
  return keys
}

import { and, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.js'
import { INSTANCE, workflowInstance } from '../schema.js'
import { workflowLeave } from './schema.js'

/**
 * Leave as others read it (attendance's 请假): the requests approved to the end, and those whose
 * process ended lately (a reader marks the days they cover). Approved: the instance completed and not
 * on a rejection (`pass` false), as `leaveStatus` says.
 */
export interface LeaveSpan {
  tenantId: string
  userId: string
  startTime: Date
  endTime: Date
}

const span = {
  tenantId: workflowLeave.tenantId,
  userId: workflowLeave.userId,
  startTime: workflowLeave.startTime,
  endTime: workflowLeave.endTime,
}
const approved = and(
  eq(workflowInstance.status, INSTANCE.completed),
  sql`coalesce(${workflowInstance.variables}->>'pass', 'true') <> 'false'`,
)

/** These people's approved leave overlapping [from, to). */
export async function approvedLeave(
  db: DbOrTx,
  tenantId: string,
  userIds: readonly string[],
  from: Date,
  to: Date,
): Promise<LeaveSpan[]> {
  if (!userIds.length) return []
  return db
    .select(span)
    .from(workflowLeave)
    .innerJoin(workflowInstance, eq(workflowInstance.id, workflowLeave.processInstanceId))
    .where(
      and(
        eq(workflowLeave.tenantId, tenantId),
        inArray(workflowLeave.userId, [...userIds]),
        lt(workflowLeave.startTime, to),
        gte(workflowLeave.endTime, from),
        approved,
      ),
    )
}

/** The leave requests whose process ended (any way) since `since`: their days may have changed. */
export async function leaveEndedSince(db: DbOrTx, since: Date): Promise<LeaveSpan[]> {
  return db
    .select(span)
    .from(workflowLeave)
    .innerJoin(workflowInstance, eq(workflowInstance.id, workflowLeave.processInstanceId))
    .where(
      and(
        isNotNull(workflowInstance.endTime),
        gte(workflowInstance.endTime, since),
        ne(workflowInstance.status, INSTANCE.running),
      ),
    )
    .limit(5000)
}

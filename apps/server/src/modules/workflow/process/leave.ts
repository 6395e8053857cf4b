import { LEAVE_PROCESS_KEY, workflowLeaveContract } from '@xpark/contract/modules/workflow-process'
import { and, eq, notInArray, sql } from 'drizzle-orm'
import { defineResource } from '../../../core/crud/index.js'
import { formatDateTime } from '../../../core/envelope.js'
import { badRequest } from '../../../core/errors.js'
import { APPROVAL } from '../../../core/processes.js'
import type { Db } from '../../../db/types.js'
import { INSTANCE, workflowInstance } from '../schema.js'
import { workflowLeave } from './schema.js'

/**
 * 请假, the worked example of the kit's `workflow` declaration: a new request starts the `park_leave`
 * process in its write's transaction (a refused start writes no request), its `approvalStatus` follows
 * the instance, and a running or approved request is read-only. Each person sees and asks for their own.
 */
export const leaveResource = defineResource({
  contract: workflowLeaveContract,
  table: workflowLeave,
  // one's own requests only (anyone signed in may ask; the approvers see them as tasks)
  scope: (auth) => eq(workflowLeave.userId, auth.userId),
  beforeWrite: async ({ auth, values }) => {
    const { startTime, endTime } = values as { startTime?: string; endTime?: string }
    if (startTime && endTime && endTime.replace('T', ' ') <= startTime.replace('T', ' '))
      throw badRequest('结束时间必须晚于开始时间')
    Object.assign(values, { userId: auth.userId })
  },
  workflow: {
    process: LEAVE_PROCESS_KEY,
    // the form as the process's conditions (`days > 3`) and its detail read it
    variables: (row) => ({
      leaveType: row.leaveType ?? '',
      startTime: formatDateTime(row.startTime as Date),
      endTime: formatDateTime(row.endTime as Date),
      days: row.days,
      reason: row.reason,
    }),
  },
})

/**
 * Requests written before their status was kept (the column came with the kit's declaration, every
 * row 审批中): those whose instance has ended take its outcome. Idempotent; run at start.
 */
export async function settleLeaveStatus(db: Db): Promise<void> {
  const L = workflowLeave
  const I = workflowInstance
  await db
    .update(L)
    .set({
      approvalStatus: sql`(case when ${I.status} = ${INSTANCE.completed} and (${I.variables} ->> 'pass') = 'false'
        then ${APPROVAL.rejected}::int when ${I.status} = ${INSTANCE.completed} then ${APPROVAL.approved}::int
        else ${APPROVAL.cancelled}::int end)::smallint`,
    })
    .from(I)
    .where(
      and(
        eq(I.id, L.processInstanceId),
        eq(L.approvalStatus, APPROVAL.running),
        notInArray(I.status, [INSTANCE.running, INSTANCE.suspended]),
      ),
    )
}

import { eq } from 'drizzle-orm'
import { APPROVAL, processEnded } from '../../../core/processes.js'
import type { DbOrTx } from '../../../db/types.js'
import { INSTANCE, workflowInstance } from '../schema.js'

/**
 * An instance has ended (in the operation's transaction): rows started as this process (the kit's
 * `workflow` declaration) take its outcome: 已通过, or 已驳回 when the last decision was a rejection
 * (`pass` false), 已撤销 when it was terminated, withdrawn or deleted.
 */
export async function instanceEnded(tx: DbOrTx, instanceId: string, status: number): Promise<void> {
  const [row] = await tx
    .select({ tenantId: workflowInstance.tenantId, variables: workflowInstance.variables })
    .from(workflowInstance)
    .where(eq(workflowInstance.id, instanceId))
  if (!row) return
  const outcome =
    status !== INSTANCE.completed
      ? APPROVAL.cancelled
      : row.variables.pass === false
        ? APPROVAL.rejected
        : APPROVAL.approved
  await processEnded(tx, row.tenantId, [instanceId], outcome)
}

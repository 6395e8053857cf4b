import { and, asc, eq, lte } from 'drizzle-orm'
import { INSTANCE, TASK, TIMER, workflowInstance, workflowTask, workflowTimer } from '../schema.js'
import { at, type EngineCore, graphOf, newStep } from './core.js'
import { leave, settle, writeHistory } from './walker.js'

/**
 * Firing the due timer boundary events (the `workflow-timers` job: one process per interval runs it,
 * and each timer is fired under its instance's lock after reading its status again, so two runners
 * never fire one twice). Interrupting: the task is cancelled and the boundary's flow taken;
 * non-interrupting: the flow is taken beside the task, which stays open. A timer whose task has
 * closed is cancelled; one of a suspended instance waits until it runs again.
 */
export interface FiredTimer {
  tenantId: string
  instanceId: string
}

export async function fireDueTimers(core: EngineCore, limit = 100): Promise<FiredTimer[]> {
  const now = core.now()
  const due = await core.db
    .select({ id: workflowTimer.id, instanceId: workflowTimer.instanceId })
    .from(workflowTimer)
    .where(and(eq(workflowTimer.status, TIMER.waiting), lte(workflowTimer.dueTime, now)))
    .orderBy(asc(workflowTimer.dueTime), asc(workflowTimer.id))
    .limit(limit)
  const fired: FiredTimer[] = []
  for (const timer of due) {
    const result = await fireOne(core, timer.id, timer.instanceId)
    if (result) fired.push(result)
  }
  return fired
}

/** One timer in one transaction; null when it was not fired (already handled, task closed, suspended). */
async function fireOne(core: EngineCore, timerId: string, instanceId: string): Promise<FiredTimer | null> {
  return core.db.transaction(async (tx) => {
    const [instance] = await tx
      .select()
      .from(workflowInstance)
      .where(eq(workflowInstance.id, instanceId))
      .for('update')
    const [timer] = await tx.select().from(workflowTimer).where(eq(workflowTimer.id, timerId))
    if (!timer || timer.status !== TIMER.waiting) return null
    const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, timer.taskId))
    const cancel = () =>
      tx.update(workflowTimer).set({ status: TIMER.cancelled }).where(eq(workflowTimer.id, timer.id))
    if (!instance || instance.isDeleted || !task || task.status !== TASK.open) {
      await cancel()
      return null
    }
    if (instance.status === INSTANCE.suspended) return null
    if (instance.status !== INSTANCE.running) {
      await cancel()
      return null
    }
    const now = core.now()
    const step = newStep(core, tx, await graphOf(tx, instance.definitionId), instance, now, null)
    const boundary = step.graph.nodes[timer.boundaryId]!
    const node = step.graph.nodes[task.taskDefinitionKey]!
    if (boundary.timer!.interrupting) {
      await tx
        .update(workflowTask)
        .set({ status: TASK.cancelled, endTime: now })
        .where(and(eq(workflowTask.id, task.id), eq(workflowTask.status, TASK.open)))
      // the task's other timers will find it closed
    }
    await tx
      .update(workflowTimer)
      .set({ status: TIMER.fired, firedTime: now })
      .where(eq(workflowTimer.id, timer.id))
    await writeHistory(step, {
      ...at(node, task),
      action: 'timer',
      comment: `${boundary.name || boundary.id} (${boundary.timer!.duration}${boundary.timer!.interrupting ? '' : ', 不中断'})`,
    })
    await leave(step, boundary)
    await settle(step)
    return { tenantId: instance.tenantId, instanceId: instance.id }
  })
}

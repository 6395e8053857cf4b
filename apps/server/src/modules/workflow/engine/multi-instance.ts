import { and, eq, inArray } from 'drizzle-orm'
import { badRequest } from '../../../core/errors.js'
import type { Tx } from '../../../db/types.js'
import { TASK, workflowExecution, workflowTask } from '../schema.js'
import { mayUse, NODE_BUTTON } from './buttons.js'
import { type Actor, at, type EngineCore, mayHandle, onTask, setVariables } from './core.js'
import type { GraphNode } from './graph.js'
import { createTask, leave, type Step, type Task, writeHistory } from './walker.js'

/** A multi-instance node's operations: adding and removing iterations, and how the node ends. */

/** Add users to a running multi-instance node. */
export function addMultiInstance(
  core: EngineCore,
  actor: Actor,
  input: { taskId: string; userIds: string[] },
) {
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    await mayHandle(step, actor, task)
    mayUse(node, NODE_BUTTON.addInstance)
    const execution = await runningExecution(step.tx, task)
    const added = input.userIds.filter((u) => !execution.users.includes(u))
    if (added.length === 0) throw badRequest('所选人员已在会签中')
    await step.tx
      .update(workflowExecution)
      .set({ users: [...execution.users, ...added] })
      .where(eq(workflowExecution.id, execution.id))
    if (!execution.sequential)
      for (const userId of added)
        await createTask(step, node, { assignee: userId, executionId: execution.id })
    await writeHistory(step, {
      ...at(node, task),
      action: 'add-instance',
      userId: actor.userId,
      comment: added.join(','),
    })
  })
}

/** Remove users from a running multi-instance node (their open iterations close); it may then complete. */
export function deleteMultiInstance(
  core: EngineCore,
  actor: Actor,
  input: { taskId: string; userIds: string[] },
) {
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    await mayHandle(step, actor, task)
    mayUse(node, NODE_BUTTON.deleteInstance)
    const execution = await runningExecution(step.tx, task)
    const iterations = await step.tx
      .select()
      .from(workflowTask)
      .where(eq(workflowTask.executionId, execution.id))
    const acted = new Set(iterations.filter((t) => t.status === TASK.completed).map((t) => t.assignee))
    const removable = input.userIds.filter(
      (u) => execution.users.includes(u) && !acted.has(u) && u !== task.assignee,
    )
    if (removable.length === 0) throw badRequest('只能减签尚未处理的其他会签人')
    await step.tx
      .update(workflowExecution)
      .set({ users: execution.users.filter((u) => !removable.includes(u)) })
      .where(eq(workflowExecution.id, execution.id))
    await step.tx
      .update(workflowTask)
      .set({ status: TASK.cancelled, endTime: step.now })
      .where(
        and(
          eq(workflowTask.executionId, execution.id),
          eq(workflowTask.status, TASK.open),
          inArray(workflowTask.assignee, removable),
        ),
      )
    await writeHistory(step, {
      ...at(node, task),
      action: 'delete-instance',
      userId: actor.userId,
      comment: removable.join(','),
    })
  })
}

/** An iteration of a multi-instance node completed: the next one (sequential), or the node ends. */
export async function afterIteration(step: Step, node: GraphNode, executionId: string) {
  const [execution] = await step.tx
    .select()
    .from(workflowExecution)
    .where(eq(workflowExecution.id, executionId))
  const iterations = await step.tx
    .select()
    .from(workflowTask)
    .where(eq(workflowTask.executionId, executionId))
  const total = execution!.users.length
  const completed = iterations.filter((t) => t.status === TASK.completed)
  const approvals = completed.filter((t) => t.pass === 1).length
  const left = total - completed.length
  const { done, pass } = multiOutcome(execution!.completion, total, approvals, left)
  if (!done) {
    if (execution!.sequential && !iterations.some((t) => t.status === TASK.open))
      await createTask(step, node, { assignee: execution!.users[completed.length]!, executionId })
    return
  }
  await step.tx
    .update(workflowTask)
    .set({ status: TASK.cancelled, endTime: step.now })
    .where(and(eq(workflowTask.executionId, executionId), eq(workflowTask.status, TASK.open)))
  await step.tx.update(workflowExecution).set({ active: 0 }).where(eq(workflowExecution.id, executionId))
  await setVariables(step, { pass })
  await leave(step, node)
}

async function runningExecution(tx: Tx, task: Task) {
  if (!task.executionId) throw badRequest('当前节点不是会签节点')
  const [execution] = await tx
    .select()
    .from(workflowExecution)
    .where(eq(workflowExecution.id, task.executionId))
  if (!execution?.active) throw badRequest('当前节点不是会签节点')
  return execution
}

/** How a multi-instance node stands: `all` waits for everyone, `any` for one approval, a ratio for its share. */
export function multiOutcome(completion: string, total: number, approvals: number, left: number) {
  if (completion === 'any') return { done: approvals > 0 || left === 0, pass: approvals > 0 }
  if (completion === 'all') return { done: left === 0, pass: approvals === total }
  const ratio = Number(completion)
  const reached = approvals / total >= ratio
  const unreachable = (approvals + left) / total < ratio
  return { done: reached || unreachable || left === 0, pass: reached }
}

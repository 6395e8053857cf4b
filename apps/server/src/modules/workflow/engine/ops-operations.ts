import { OPS_TEXTS } from '@xpark/contract/modules/workflow-process'
import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import { badRequest, forbidden, notFound } from '../../../core/errors.js'
import { nextId } from '../../../core/ids.js'
import type { Tx } from '../../../db/types.js'
import {
  INSTANCE,
  TASK,
  workflowCandidate,
  workflowCopy,
  workflowHistory,
  workflowInstance,
  workflowTask,
} from '../schema.js'
import { mayUse, NODE_BUTTON, NOT_ALLOWED } from './buttons.js'
import { type Actor, at, type EngineCore, graphOf, lockedStep, mayHandle, newStep, onTask } from './core.js'
import { type Group, userNames } from './directory.js'
import { instanceEnded } from './ended.js'
import { leaveInto } from './task-operations.js'
import { closeEverything, conflict, writeHistory } from './walker.js'

/**
 * The monitor's actions (流程监控, `workflow_ops`): change a task's assignee, dispatch an instance to a
 * node, delete an instance, urge a task; and copy (抄送), a task handler's. Each is one transaction
 * with the instance locked; a refusal writes nothing. The messages they cause are the routes', sent
 * after the commit.
 */
export const OPS_MESSAGES = { ...OPS_TEXTS, noInstance: '流程实例不存在' } as const

/** Urging a task again within this many milliseconds is refused. */
export const URGE_INTERVAL_MS = 60 * 60 * 1000

const requireOps = (actor: Actor) => {
  if (!actor.ops) throw forbidden(NOT_ALLOWED)
}

/** Change the assignee of an open task (待签 too): the task is the user's, no delegation or proxy left. */
export function changeAssignee(
  core: EngineCore,
  actor: Actor,
  input: { taskId: string; userId: string; comment?: string },
) {
  requireOps(actor)
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    if (input.userId === task.assignee) throw badRequest(OPS_MESSAGES.sameAssignee)
    await step.tx
      .update(workflowTask)
      .set({ assignee: input.userId, owner: null, delegation: null, proxyFor: null })
      .where(eq(workflowTask.id, task.id))
    await writeHistory(step, {
      ...at(node, task),
      action: 'assignee',
      userId: actor.userId,
      otherUserId: input.userId,
      comment: input.comment ?? '',
    })
  })
}

/** Dispatch: every open task closes (and the joins' waiting tokens), the node opens as if a token arrived. */
export function dispatch(
  core: EngineCore,
  actor: Actor,
  input: { instanceId: string; nodeId: string; comment?: string },
) {
  requireOps(actor)
  return core.db.transaction(async (tx) => {
    const step = await lockedStep(core, tx, input.instanceId)
    const node = step.graph.nodes[input.nodeId]
    if (node?.type !== 'userTask') throw badRequest(`${OPS_MESSAGES.notUserTask}: ${input.nodeId}`)
    await closeEverything(step, TASK.cancelled)
    await writeHistory(step, {
      nodeId: node.id,
      nodeName: node.name,
      action: 'dispatch',
      userId: actor.userId,
      comment: input.comment ?? '',
    })
    await leaveInto(step, node)
  })
}

/** Delete an instance: a reason; its open tasks are cancelled, it leaves every list, its history stays. */
export function deleteInstance(
  core: EngineCore,
  actor: Actor,
  input: { instanceId: string; reason: string },
) {
  requireOps(actor)
  const reason = input.reason.trim()
  if (!reason) throw badRequest(OPS_MESSAGES.reasonRequired)
  return core.db.transaction(async (tx) => {
    const step = await lockAnyInstance(core, tx, input.instanceId)
    const running = step.instance.status === INSTANCE.running || step.instance.status === INSTANCE.suspended
    await closeEverything(step, TASK.cancelled)
    await tx
      .update(workflowInstance)
      .set({
        isDeleted: 1,
        reason,
        // a running instance ends here (terminated), so nothing counts it as running any more
        ...(running ? { status: INSTANCE.terminated, endTime: step.now } : {}),
      })
      .where(eq(workflowInstance.id, step.instance.id))
    if (running) await instanceEnded(tx, step.instance.id, INSTANCE.terminated)
    await writeHistory(step, { nodeId: '', action: 'delete', userId: actor.userId, comment: reason })
  })
}

/**
 * Urge an open task: a history row, at most one per task an hour (409 otherwise). Returns whom to
 * message: the assignee, or the candidates of a 待签 task.
 */
export function urge(core: EngineCore, actor: Actor, input: { taskId: string; comment?: string }) {
  requireOps(actor)
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    const [last] = await step.tx
      .select({ time: workflowHistory.time })
      .from(workflowHistory)
      .where(
        and(
          eq(workflowHistory.taskId, task.id),
          eq(workflowHistory.action, 'urge'),
          gt(workflowHistory.time, new Date(step.now.getTime() - URGE_INTERVAL_MS)),
        ),
      )
      .orderBy(desc(workflowHistory.time))
      .limit(1)
    if (last) throw conflict(OPS_MESSAGES.urgedWithinHour)
    await writeHistory(step, {
      ...at(node, task),
      action: 'urge',
      userId: actor.userId,
      comment: input.comment ?? '',
    })
    if (task.assignee) return [task.assignee]
    const candidates = await step.tx
      .select()
      .from(workflowCandidate)
      .where(eq(workflowCandidate.taskId, task.id))
    const users = candidates.filter((c) => c.kind === 'user').map((c) => c.ref)
    const groups = candidates
      .filter((c) => c.kind !== 'user')
      .map((c) => ({ kind: c.kind, ref: c.ref }) as Group)
    return [...new Set([...users, ...(await core.directory.usersIn(step.tx, actor.tenantId, groups))])]
  })
}

/**
 * Copy (抄送) the instance of a task to users: its handler (or their proxy), where the node offers
 * `wf_copy`. Users already copied are left out; none left is refused. Returns the users copied.
 */
export function copy(
  core: EngineCore,
  actor: Actor,
  input: { taskId: string; userIds: string[]; comment?: string },
) {
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    await mayHandle(step, actor, task)
    mayUse(node, NODE_BUTTON.copy)
    const already = await step.tx
      .select({ userId: workflowCopy.userId })
      .from(workflowCopy)
      .where(and(eq(workflowCopy.instanceId, task.instanceId), inArray(workflowCopy.userId, input.userIds)))
    const copied = new Set(already.map((c) => c.userId))
    const users = [...new Set(input.userIds)].filter((u) => !copied.has(u))
    if (users.length === 0) throw badRequest(OPS_MESSAGES.copiedAlready)
    await step.tx.insert(workflowCopy).values(
      users.map((userId) => ({
        id: nextId(),
        tenantId: task.tenantId,
        instanceId: task.instanceId,
        taskId: task.id,
        userId,
        fromUserId: actor.userId,
        createTime: step.now,
      })),
    )
    await writeHistory(step, {
      ...at(node, task),
      action: 'copy',
      userId: actor.userId,
      // who was copied, by name (history is read as written), then the handler's note
      comment: await userNames(step.tx, task.tenantId, users).then((names) =>
        input.comment ? `${names}: ${input.comment}` : names,
      ),
    })
    return users
  })
}

/** Lock an instance whatever its state (deleting an ended one is allowed), but not a deleted one. */
async function lockAnyInstance(core: EngineCore, tx: Tx, instanceId: string) {
  const [instance] = await tx
    .select()
    .from(workflowInstance)
    .where(eq(workflowInstance.id, instanceId))
    .for('update')
  if (!instance || instance.isDeleted) throw notFound(OPS_MESSAGES.noInstance)
  return newStep(core, tx, await graphOf(tx, instance.definitionId), instance, core.now(), null)
}

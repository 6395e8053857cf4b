import { mergeWritten } from '@xpark/contract/modules/workflow-field-rights'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { badRequest, forbidden } from '../../../core/errors.js'
import type { DbOrTx } from '../../../db/types.js'
import {
  TASK,
  workflowArrival,
  workflowCandidate,
  workflowExecution,
  workflowHistory,
  workflowTask,
} from '../schema.js'
import { mayUse, NODE_BUTTON } from './buttons.js'
import {
  type Actor,
  at,
  closeNode,
  type EngineCore,
  graphOf,
  instanceOf,
  lockedStep,
  MESSAGES,
  mayHandle,
  onTask,
  setVariables,
  taskOf,
} from './core.js'
import { refuseUnwritable } from './field-rights.js'
import type { Graph, GraphNode } from './graph.js'
import { afterIteration } from './multi-instance.js'
import { conflict, createTask, leave, type Step, settle, type Task, writeHistory } from './walker.js'

/** The operations a task's handler takes: complete, claim, transfer, delegate, rollback, withdraw. */

/** Complete (approve, or reject with `pass: false`); a delegated task goes back to its owner instead. */
export function complete(
  core: EngineCore,
  actor: Actor,
  input: { taskId: string; pass?: boolean; comment?: string; variables?: Record<string, unknown> },
) {
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    const actingFor = await mayHandle(step, actor, task)
    mayUse(node, input.pass === false ? NODE_BUTTON.reject : NODE_BUTTON.pass)
    refuseUnwritable(node, input.variables)
    if (task.delegation === 'pending') {
      await step.tx
        .update(workflowTask)
        .set({ assignee: task.owner, delegation: 'resolved' })
        .where(and(eq(workflowTask.id, task.id), eq(workflowTask.status, TASK.open)))
      await writeHistory(step, {
        ...at(node, task),
        action: 'resolve',
        userId: actor.userId,
        otherUserId: task.owner,
        comment: input.comment ?? '',
      })
      return
    }
    const pass = input.pass !== false
    const closed = await step.tx
      .update(workflowTask)
      .set({ status: TASK.completed, pass: pass ? 1 : 0, comment: input.comment ?? '', endTime: step.now })
      .where(and(eq(workflowTask.id, task.id), eq(workflowTask.status, TASK.open)))
      .returning({ id: workflowTask.id })
    if (closed.length !== 1) throw conflict(MESSAGES.handled)
    await writeHistory(step, {
      ...at(node, task),
      action: pass ? 'complete' : 'reject',
      userId: actor.userId,
      otherUserId: actingFor ?? task.proxyFor,
      comment: input.comment ?? '',
    })
    // a field inside a group is merged into its object: its siblings the task may not write stay
    const written = mergeWritten(node.fields, step.instance.variables, input.variables ?? {})
    await setVariables(step, { ...written, pass })
    step.by = task.id
    if (task.executionId) await afterIteration(step, node, task.executionId)
    else await leave(step, node)
    await settle(step)
  })
}

/** Claim a 待签 task: candidates only, unclaimed only. */
export function claim(core: EngineCore, actor: Actor, taskId: string) {
  return onTask(core, actor, taskId, async (step, task, node) => {
    if (task.assignee) throw conflict(MESSAGES.claimed)
    const candidates = await step.tx
      .select()
      .from(workflowCandidate)
      .where(eq(workflowCandidate.taskId, task.id))
    const groups = await core.directory.groupsOf(step.tx, actor.tenantId, actor.userId)
    const mine = candidates.some(
      (c) =>
        (c.kind === 'user' && c.ref === actor.userId) ||
        groups.some((g) => g.kind === c.kind && g.ref === c.ref),
    )
    if (!mine) throw forbidden('不是候选人, 不能签收')
    const claimed = await step.tx
      .update(workflowTask)
      .set({ assignee: actor.userId, claimTime: step.now })
      .where(
        and(eq(workflowTask.id, task.id), isNull(workflowTask.assignee), eq(workflowTask.status, TASK.open)),
      )
      .returning({ id: workflowTask.id })
    if (claimed.length !== 1) throw conflict(MESSAGES.claimed)
    await writeHistory(step, { ...at(node, task), action: 'claim', userId: actor.userId })
  })
}

/** Transfer (the task is someone else's from now on) or delegate (it comes back to the owner: resolve). */
export function reassign(
  core: EngineCore,
  actor: Actor,
  input: { taskId: string; userId: string; comment?: string },
  how: 'transfer' | 'delegate',
) {
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    await mayHandle(step, actor, task)
    mayUse(node, how === 'transfer' ? NODE_BUTTON.transfer : NODE_BUTTON.delegate)
    if (input.userId === task.assignee) throw badRequest('不能转给当前处理人')
    const changes =
      how === 'transfer'
        ? { assignee: input.userId }
        : { assignee: input.userId, owner: task.owner ?? task.assignee, delegation: 'pending' }
    await step.tx.update(workflowTask).set(changes).where(eq(workflowTask.id, task.id))
    await writeHistory(step, {
      ...at(node, task),
      action: how,
      userId: actor.userId,
      otherUserId: input.userId,
      comment: input.comment ?? '',
    })
  })
}

/** The nodes a task may roll back to: user tasks passed on its own path, not across a parallel gateway. */
export async function backNodes(core: EngineCore, actor: Actor, taskId: string) {
  const task = await taskOf(core.db, actor, taskId)
  const instance = await instanceOf(core.db, task.instanceId)
  // who may roll it back may see where to: its handler (or their proxy), or ops
  if (!actor.ops) await mayHandle({ tx: core.db, instance, now: core.now() }, actor, task)
  const graph = await graphOf(core.db, instance.definitionId)
  return backNodesOf(core.db, graph, task)
}

/** Roll back to a passed node: the current node's open tasks close, the target's task opens again. */
export function rollback(
  core: EngineCore,
  actor: Actor,
  input: { taskId: string; nodeId: string; comment?: string },
) {
  return onTask(core, actor, input.taskId, async (step, task, node) => {
    await mayHandle(step, actor, task)
    mayUse(node, NODE_BUTTON.rollback)
    const back = await backNodesOf(step.tx, step.graph, task)
    const target = back.find((n) => n.nodeId === input.nodeId)
    if (!target) throw badRequest('只能退回到本路径上已经过的节点')
    await closeNode(step, task, node)
    await writeHistory(step, {
      ...at(node, task),
      action: 'rollback',
      userId: actor.userId,
      comment: input.comment ?? `退回到 ${target.nodeName || target.nodeId}`,
    })
    step.by = task.id
    const targetNode = step.graph.nodes[input.nodeId]!
    if (targetNode.multi) {
      // a multi-instance target runs again for all its users
      await leaveInto(step, targetNode)
    } else await createTask(step, targetNode, { assignee: target.lastBy })
  })
}

/** Withdraw my completion while what it made is untouched: those tasks close, mine opens again. */
export function withdraw(core: EngineCore, actor: Actor, taskId: string) {
  return core.db.transaction(async (tx) => {
    const done = await taskOf(tx, actor, taskId)
    const step = await lockedStep(core, tx, done.instanceId)
    if (done.status !== TASK.completed || done.assignee !== actor.userId) throw forbidden(MESSAGES.notHandler)
    const made = await tx.select().from(workflowTask).where(eq(workflowTask.createdBy, done.id))
    const arrivals = await tx.select().from(workflowArrival).where(eq(workflowArrival.createdBy, done.id))
    if (made.length === 0 && arrivals.length === 0) throw conflict(MESSAGES.withdrawTooLate)
    const touched =
      made.some((t) => t.status !== TASK.open || t.claimTime || t.delegation) ||
      (made.length > 0 &&
        (
          await tx
            .select({ id: workflowHistory.id })
            .from(workflowHistory)
            .where(
              inArray(
                workflowHistory.taskId,
                made.map((t) => t.id),
              ),
            )
            .limit(1)
        ).length > 0)
    if (touched) throw conflict(MESSAGES.withdrawTooLate)
    if (made.length > 0)
      await tx
        .update(workflowTask)
        .set({ status: TASK.cancelled, endTime: step.now })
        .where(
          inArray(
            workflowTask.id,
            made.map((t) => t.id),
          ),
        )
    await tx.update(workflowExecution).set({ active: 0 }).where(eq(workflowExecution.createdBy, done.id))
    await tx.delete(workflowArrival).where(eq(workflowArrival.createdBy, done.id))
    await tx.update(workflowArrival).set({ consumedBy: null }).where(eq(workflowArrival.consumedBy, done.id))
    const node = step.graph.nodes[done.taskDefinitionKey]!
    step.by = done.createdBy
    await createTask(step, node, { assignee: actor.userId, executionId: done.executionId })
    await writeHistory(step, { ...at(node, done), action: 'withdraw', userId: actor.userId })
  })
}

async function backNodesOf(tx: DbOrTx, graph: Graph, task: Task) {
  const passed = await tx
    .select({ node: workflowTask.taskDefinitionKey, assignee: workflowTask.assignee })
    .from(workflowTask)
    .where(and(eq(workflowTask.instanceId, task.instanceId), eq(workflowTask.status, TASK.completed)))
    .orderBy(workflowTask.endTime)
  const lastBy = new Map(passed.map((p) => [p.node, p.assignee]))
  const seen = new Set<string>()
  const out: { nodeId: string; nodeName: string; lastBy: string | null }[] = []
  const walk = (nodeId: string) => {
    for (const flowId of graph.nodes[nodeId]!.incoming) {
      const source = graph.nodes[graph.flows[flowId]!.source]!
      if (seen.has(source.id)) continue
      seen.add(source.id)
      if (source.type === 'parallel') continue // never across a fork or join: the other branches
      if (source.type === 'userTask' && lastBy.has(source.id))
        out.push({ nodeId: source.id, nodeName: source.name, lastBy: lastBy.get(source.id) ?? null })
      walk(source.id)
    }
  }
  walk(task.taskDefinitionKey)
  return out
}

/** Enter a user task node again (a multi-instance target, a dispatch): as a token arriving by its first incoming flow. */
export async function leaveInto(step: Step, node: GraphNode) {
  await leave(step, { ...node, outgoing: [node.incoming[0]!] })
}

import { and, eq } from 'drizzle-orm'
import { forbidden, notFound } from '../../../core/errors.js'
import type { Db, DbOrTx, Tx } from '../../../db/types.js'
import {
  INSTANCE,
  TASK,
  workflowDefinition,
  workflowExecution,
  workflowInstance,
  workflowTask,
} from '../schema.js'
import { NOT_ALLOWED } from './buttons.js'
import type { Directory } from './directory.js'
import type { Graph, GraphNode } from './graph.js'
import { activeProxyOf, conflict, type Instance, type Step, type Task } from './walker.js'

/**
 * What every engine operation shares (the operations themselves are in task-, instance-, ops- and
 * multi-instance files; `operations.ts` is the class that offers them): the actor, the texts, the
 * locked step an operation runs in, and the reads it starts from.
 */
export interface Actor {
  tenantId: string
  userId: string
  /** holds `workflow_ops` (monitor: terminate any, suspend, activate, the ops actions) */
  ops?: boolean
}

export const MESSAGES = {
  suspended: '流程已挂起',
  notHandler: '不是当前处理人',
  handled: '任务已被处理',
  claimed: '任务已被签收',
  withdrawTooLate: '下一节点已处理, 不能撤回',
  ended: '流程已结束',
  notAllowed: NOT_ALLOWED,
} as const

/** The engine's database, directory and clock (a test fixes the clock: timers). */
export interface EngineCore {
  db: Db
  directory: Directory
  now(): Date
}

export function newStep(
  core: EngineCore,
  tx: Tx,
  graph: Graph,
  instance: Instance,
  now: Date,
  by: string | null,
): Step {
  return { tx, graph, instance, directory: core.directory, now, by }
}

/** Lock the instance (every operation on it waits for the one before) and refuse what has stopped. */
export async function lockedStep(
  core: EngineCore,
  tx: Tx,
  instanceId: string,
  options: { suspendedToo?: boolean } = {},
): Promise<Step> {
  const [instance] = await tx
    .select()
    .from(workflowInstance)
    .where(eq(workflowInstance.id, instanceId))
    .for('update')
  if (!instance || instance.isDeleted) throw notFound('流程实例不存在')
  if (instance.status === INSTANCE.suspended && !options.suspendedToo) throw conflict(MESSAGES.suspended)
  if (instance.status !== INSTANCE.running && instance.status !== INSTANCE.suspended)
    throw conflict(MESSAGES.ended)
  return newStep(core, tx, await graphOf(tx, instance.definitionId), instance, core.now(), null)
}

/** An operation on an open task, in one transaction, the instance locked. */
export function onTask<T>(
  core: EngineCore,
  actor: Actor,
  taskId: string,
  work: (step: Step, task: Task, node: GraphNode) => Promise<T>,
  options: { suspendedToo?: boolean } = {},
) {
  return core.db.transaction(async (tx) => {
    const found = await taskOf(tx, actor, taskId)
    const step = await lockedStep(core, tx, found.instanceId, options)
    // read again under the lock: what another operation did before us is seen now
    const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, taskId))
    if (!task || task.status !== TASK.open) throw conflict(MESSAGES.handled)
    return work(step, task, step.graph.nodes[task.taskDefinitionKey]!)
  })
}

export async function taskOf(tx: DbOrTx, actor: Actor, taskId: string) {
  const [task] = await tx
    .select()
    .from(workflowTask)
    .where(and(eq(workflowTask.id, taskId), eq(workflowTask.tenantId, actor.tenantId)))
  if (!task) throw notFound('任务不存在')
  return task
}

export async function instanceOf(tx: DbOrTx, instanceId: string) {
  const [instance] = await tx.select().from(workflowInstance).where(eq(workflowInstance.id, instanceId))
  if (!instance) throw notFound('流程实例不存在')
  return instance
}

export async function graphOf(tx: DbOrTx, definitionId: string): Promise<Graph> {
  const [definition] = await tx
    .select({ graph: workflowDefinition.graph })
    .from(workflowDefinition)
    .where(eq(workflowDefinition.id, definitionId))
  return definition!.graph as Graph
}

/** The assignee, or the user an active proxy names for the assignee (returned: whom they act for). */
export async function mayHandle(
  step: { tx: DbOrTx } & Pick<Step, 'instance' | 'now'>,
  actor: Actor,
  task: Task,
): Promise<string | null> {
  if (task.assignee === actor.userId) return null
  if (task.assignee && (await activeProxyOf(step, task.assignee)) === actor.userId) return task.assignee
  throw forbidden(MESSAGES.notHandler)
}

export async function setVariables(step: Step, variables: Record<string, unknown>) {
  step.instance = { ...step.instance, variables: { ...step.instance.variables, ...variables } }
  await step.tx
    .update(workflowInstance)
    .set({ variables: step.instance.variables })
    .where(eq(workflowInstance.id, step.instance.id))
}

/** Close the open tasks of the node a task is at (all iterations of a multi-instance node). */
export async function closeNode(step: Step, task: Task, node: GraphNode) {
  const where = task.executionId
    ? eq(workflowTask.executionId, task.executionId)
    : and(eq(workflowTask.instanceId, task.instanceId), eq(workflowTask.taskDefinitionKey, node.id))
  await step.tx
    .update(workflowTask)
    .set({ status: TASK.cancelled, endTime: step.now })
    .where(and(where, eq(workflowTask.status, TASK.open)))
  if (task.executionId)
    await step.tx
      .update(workflowExecution)
      .set({ active: 0 })
      .where(eq(workflowExecution.id, task.executionId))
}

export const at = (node: GraphNode, task: Task) => ({ nodeId: node.id, nodeName: node.name, taskId: task.id })

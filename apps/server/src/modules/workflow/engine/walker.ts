import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm'
import { AppError, badRequest } from '../../../core/errors.js'
import { nextId } from '../../../core/ids.js'
import type { DbOrTx, Tx } from '../../../db/types.js'
import {
  INSTANCE,
  TASK,
  workflowArrival,
  workflowCandidate,
  workflowExecution,
  workflowHistory,
  workflowInstance,
  workflowProxy,
  workflowTask,
} from '../schema.js'
import { compileCondition } from './conditions.js'
import type { Directory, Group } from './directory.js'
import { instanceEnded } from './ended.js'
import type { Graph, GraphNode } from './graph.js'
import { scheduleTimers } from './timers.js'

/**
 * Moving tokens through a graph inside an operation's transaction. There is no state beside the
 * rows: a token waiting at a user task is an open task, at a parallel join an arrival.
 */
export type Instance = typeof workflowInstance.$inferSelect
export type Task = typeof workflowTask.$inferSelect

export interface Step {
  tx: Tx
  graph: Graph
  instance: Instance
  directory: Directory
  now: Date
  /** the completed task whose step this is (what the new tasks and arrivals remember: withdraw) */
  by: string | null
}

export const conflict = (message: string) => new AppError(409, message)

export async function writeHistory(
  step: Pick<Step, 'tx' | 'instance' | 'now'>,
  row: {
    nodeId: string
    nodeName?: string
    action: string
    taskId?: string | null
    userId?: string | null
    otherUserId?: string | null
    comment?: string
  },
) {
  await step.tx.insert(workflowHistory).values({
    id: nextId(),
    tenantId: step.instance.tenantId,
    instanceId: step.instance.id,
    taskId: row.taskId ?? null,
    nodeId: row.nodeId,
    nodeName: row.nodeName ?? '',
    action: row.action,
    userId: row.userId ?? null,
    otherUserId: row.otherUserId ?? null,
    comment: row.comment ?? '',
    time: step.now,
  })
}

/** Leave a node by its outgoing flows (a user task and a start event have one). */
export async function leave(step: Step, node: GraphNode): Promise<void> {
  for (const flowId of node.outgoing) await enter(step, flowId)
}

/** A token arrives at the target of `flowId`. */
async function enter(step: Step, flowId: string): Promise<void> {
  const flow = step.graph.flows[flowId]!
  const node = step.graph.nodes[flow.target]!
  switch (node.type) {
    case 'userTask':
      return createTasks(step, node)
    case 'exclusive':
      return enter(step, choose(step, node))
    case 'parallel':
      if (node.incoming.length > 1 && !(await joined(step, node, flowId))) return
      return leave(step, node)
    case 'end':
      if (node.terminate) await closeEverything(step, TASK.cancelled)
      await writeHistory(step, { nodeId: node.id, nodeName: node.name, action: 'end' })
      return
    case 'start':
      throw badRequest(`开始节点不能有入口: ${node.id}`)
    case 'timer':
      throw badRequest(`边界事件不能有入口: ${node.id}`)
  }
}

/** The first outgoing flow whose condition holds (document order), else the default. */
function choose(step: Step, node: GraphNode): string {
  for (const flowId of node.outgoing) {
    const flow = step.graph.flows[flowId]!
    if (flowId === node.defaultFlow || !flow.condition) continue
    if (compileCondition(flow.condition, flowId)(step.instance.variables)) return flowId
  }
  const fallback = node.defaultFlow ?? node.outgoing.find((f) => !step.graph.flows[f]!.condition)
  if (!fallback) throw badRequest(`没有满足条件的分支: ${node.id}`)
  return fallback
}

/** Record this arrival at a join; when every incoming flow has one, consume them and go on. */
async function joined(step: Step, node: GraphNode, flowId: string): Promise<boolean> {
  const { tx, instance } = step
  await tx.insert(workflowArrival).values({
    id: nextId(),
    tenantId: instance.tenantId,
    instanceId: instance.id,
    gatewayId: node.id,
    flowId,
    createdBy: step.by,
  })
  const waiting = await tx
    .select()
    .from(workflowArrival)
    .where(
      and(
        eq(workflowArrival.instanceId, instance.id),
        eq(workflowArrival.gatewayId, node.id),
        isNull(workflowArrival.consumedBy),
      ),
    )
    .orderBy(workflowArrival.id)
  const firstOfEach = new Map<string, string>()
  for (const a of waiting) if (!firstOfEach.has(a.flowId)) firstOfEach.set(a.flowId, a.id)
  if (!node.incoming.every((f) => firstOfEach.has(f))) return false
  for (const arrivalId of firstOfEach.values())
    await tx
      .update(workflowArrival)
      .set({ consumedBy: step.by ?? instance.id })
      .where(eq(workflowArrival.id, arrivalId))
  return true
}

// the two assignee expressions (Flowable's spelling, not JavaScript templates)
const INITIATOR = '$' + '{initiator}'
const INITIATOR_DEPT_LEADER = '$' + '{initiatorDeptLeader}'

/** Who a user task goes to: named users, and groups (any group, or several users: 待签). */
export async function assigneesOf(
  step: Step,
  node: GraphNode,
): Promise<{ users: string[]; groups: Group[] }> {
  const users: string[] = []
  const groups: Group[] = []
  for (const token of (node.assignee ?? '').split(',').map((t) => t.trim())) {
    if (!token) continue
    if (token === INITIATOR) users.push(step.instance.initiator)
    else if (token === INITIATOR_DEPT_LEADER) {
      const leader = await step.directory.deptLeaderOf(
        step.tx,
        step.instance.tenantId,
        step.instance.initiator,
      )
      if (!leader) throw badRequest(`找不到发起人的部门负责人: ${node.id}`)
      users.push(leader)
    } else {
      const [kind, ref] = token.split(':')
      if (kind === 'user' && ref) users.push(ref)
      else if ((kind === 'role' || kind === 'dept' || kind === 'post') && ref) groups.push({ kind, ref })
      else throw badRequest(`处理人有误: ${node.id}: ${token}`)
    }
  }
  return { users: [...new Set(users)], groups }
}

/** The tasks a user task makes when a token arrives: one (assigned or 待签) or the iterations. */
async function createTasks(step: Step, node: GraphNode): Promise<void> {
  const { users, groups } = await assigneesOf(step, node)
  if (node.multi) {
    const all = [
      ...new Set([...users, ...(await step.directory.usersIn(step.tx, step.instance.tenantId, groups))]),
    ]
    if (all.length === 0) throw badRequest(`找不到处理人: ${node.id}`)
    const executionId = nextId()
    await step.tx.insert(workflowExecution).values({
      id: executionId,
      tenantId: step.instance.tenantId,
      instanceId: step.instance.id,
      nodeId: node.id,
      users: all,
      sequential: node.multi.sequential ? 1 : 0,
      completion: node.multi.completion,
      createdBy: step.by,
    })
    for (const userId of node.multi.sequential ? all.slice(0, 1) : all)
      await createTask(step, node, { assignee: userId, executionId })
    return
  }
  if (users.length === 1 && groups.length === 0)
    return void (await createTask(step, node, { assignee: users[0]! }))
  if (users.length === 0 && groups.length === 0) throw badRequest(`找不到处理人: ${node.id}`)
  const taskId = await createTask(step, node, { assignee: null })
  const candidates = [...users.map((ref) => ({ kind: 'user', ref })), ...groups]
  await step.tx.insert(workflowCandidate).values(
    candidates.map((c) => ({
      id: nextId(),
      tenantId: step.instance.tenantId,
      taskId,
      kind: c.kind,
      ref: c.ref,
    })),
  )
}

/** One task row; an assignee with an active proxy for this category hands it to the proxy ("B 代 A"). */
export async function createTask(
  step: Step,
  node: GraphNode,
  what: { assignee: string | null; executionId?: string | null },
): Promise<string> {
  const id = nextId()
  const proxy = what.assignee ? await activeProxyOf(step, what.assignee) : null
  await step.tx.insert(workflowTask).values({
    id,
    tenantId: step.instance.tenantId,
    instanceId: step.instance.id,
    processDefinitionId: step.instance.processDefinitionId,
    taskDefinitionKey: node.id,
    name: node.name,
    assignee: proxy ?? what.assignee,
    proxyFor: proxy ? what.assignee : null,
    executionId: what.executionId ?? null,
    createdBy: step.by,
    createTime: step.now,
  })
  if (node.timers) await scheduleTimers(step, node, id)
  return id
}

/** The user acting for `userId` now in this instance's category, if any. */
export async function activeProxyOf(
  // a read: the engine's own database will do outside a step (`backNodes`)
  step: { tx: DbOrTx } & Pick<Step, 'instance' | 'now'>,
  userId: string,
): Promise<string | null> {
  const [row] = await step.tx
    .select({ proxyUserId: workflowProxy.proxyUserId })
    .from(workflowProxy)
    .where(
      and(
        eq(workflowProxy.tenantId, step.instance.tenantId),
        eq(workflowProxy.userId, userId),
        eq(workflowProxy.status, 1),
        eq(workflowProxy.isDeleted, 0),
        lte(workflowProxy.startTime, step.now),
        gte(workflowProxy.endTime, step.now),
        sql`(${workflowProxy.categories} = '' or ${step.instance.category} = any(string_to_array(${workflowProxy.categories}, ',')))`,
      ),
    )
    .limit(1)
  return row?.proxyUserId ?? null
}

/** Close every open task (cancelled: terminate, a terminate end) and forget the waiting tokens. */
export async function closeEverything(step: Pick<Step, 'tx' | 'instance' | 'now'>, status: number) {
  await step.tx
    .update(workflowTask)
    .set({ status, endTime: step.now })
    .where(and(eq(workflowTask.instanceId, step.instance.id), eq(workflowTask.status, TASK.open)))
  await step.tx
    .update(workflowExecution)
    .set({ active: 0 })
    .where(eq(workflowExecution.instanceId, step.instance.id))
  await step.tx
    .update(workflowArrival)
    .set({ consumedBy: step.instance.id })
    .where(and(eq(workflowArrival.instanceId, step.instance.id), isNull(workflowArrival.consumedBy)))
}

/** After an operation: an instance with no open task left has ended. */
export async function settle(step: Pick<Step, 'tx' | 'instance' | 'now'>): Promise<number> {
  const [open] = await step.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(workflowTask)
    .where(and(eq(workflowTask.instanceId, step.instance.id), eq(workflowTask.status, TASK.open)))
  if ((open?.n ?? 0) > 0) return step.instance.status
  await closeEverything(step, TASK.cancelled)
  await step.tx
    .update(workflowInstance)
    .set({ status: INSTANCE.completed, endTime: step.now })
    .where(eq(workflowInstance.id, step.instance.id))
  await instanceEnded(step.tx, step.instance.id, INSTANCE.completed)
  return INSTANCE.completed
}

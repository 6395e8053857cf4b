import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm'
import { badRequest, forbidden, notFound } from '../../../core/errors.js'
import { nextId } from '../../../core/ids.js'
import type { Db, DbOrTx, Tx } from '../../../db/types.js'
import {
  DEFINITION,
  INSTANCE,
  TASK,
  workflowArrival,
  workflowCandidate,
  workflowDefinition,
  workflowExecution,
  workflowHistory,
  workflowInstance,
  workflowTask,
} from '../schema.js'
import { mayUse, NODE_BUTTON, NOT_ALLOWED } from './buttons.js'
import { type Directory, userDirectory } from './directory.js'
import { instanceEnded } from './ended.js'
import { type Graph, type GraphNode, parseProcess } from './graph.js'
import {
  activeProxyOf,
  closeEverything,
  conflict,
  createTask,
  type Instance,
  leave,
  type Step,
  settle,
  type Task,
  writeHistory,
} from './walker.js'

/**
 * The engine's operations (issue 31). Each is one transaction: a refusal throws before or inside it
 * and writes nothing. The instance row is locked first (`for update`), so two operations on one
 * instance run one after the other; a task is closed by one conditional update, so of two completers
 * one wins and the other is told `任务已被处理`.
 */
export interface Actor {
  tenantId: string
  userId: string
  /** holds `workflow_ops` (monitor: terminate any, suspend, activate) */
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

export class WorkflowEngine {
  constructor(
    private readonly db: Db,
    private readonly directory: Directory = userDirectory,
  ) {}

  /** Deploy a process: version n+1 of its key; running instances stay on theirs. */
  async deploy(tenantId: string, input: { xml: string; category?: string; modelId?: string | null }) {
    const graph = await parseProcess(input.xml)
    return this.db.transaction(async (tx) => {
      // one deployer of a key at a time: the version is max + 1
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wf-deploy:${tenantId}:${graph.key}`}))`)
      const [last] = await tx
        .select({ version: max(workflowDefinition.version) })
        .from(workflowDefinition)
        .where(and(eq(workflowDefinition.tenantId, tenantId), eq(workflowDefinition.key, graph.key)))
      const id = nextId()
      const version = (last?.version ?? 0) + 1
      const [row] = await tx
        .insert(workflowDefinition)
        .values({
          id,
          tenantId,
          processDefinitionId: `${graph.key}:${version}:${id}`,
          key: graph.key,
          name: graph.name,
          version,
          modelId: input.modelId ?? null,
          category: input.category ?? '',
          xml: input.xml,
          graph,
        })
        .returning()
      return row!
    })
  }

  async setDefinitionStatus(tenantId: string, definitionId: string, status: number) {
    await this.db
      .update(workflowDefinition)
      .set({ status })
      .where(and(eq(workflowDefinition.tenantId, tenantId), eq(workflowDefinition.id, definitionId)))
  }

  /** Start the newest active version of a key (or a given definition). */
  async start(
    actor: Actor,
    input: { key?: string; definitionId?: string; businessKey?: string; variables?: Record<string, unknown> },
  ) {
    return this.db.transaction(async (tx) => {
      const [definition] = await tx
        .select()
        .from(workflowDefinition)
        .where(
          and(
            eq(workflowDefinition.tenantId, actor.tenantId),
            eq(workflowDefinition.isDeleted, 0),
            input.definitionId
              ? eq(workflowDefinition.id, input.definitionId)
              : eq(workflowDefinition.key, input.key ?? ''),
          ),
        )
        .orderBy(desc(workflowDefinition.version))
        .limit(1)
      if (!definition) throw notFound('流程不存在')
      if (definition.status === DEFINITION.suspended) throw conflict(MESSAGES.suspended)
      const graph = definition.graph as Graph
      const now = new Date()
      const [instance] = await tx
        .insert(workflowInstance)
        .values({
          id: nextId(),
          tenantId: actor.tenantId,
          definitionId: definition.id,
          processDefinitionId: definition.processDefinitionId,
          processDefinitionKey: definition.key,
          name: definition.name,
          category: definition.category,
          businessKey: input.businessKey ?? '',
          initiator: actor.userId,
          variables: { ...(input.variables ?? {}), initiator: actor.userId },
          startTime: now,
        })
        .returning()
      const step = this.step(tx, graph, instance!, now, null)
      const start = graph.nodes[graph.start]!
      await writeHistory(step, {
        nodeId: start.id,
        nodeName: start.name,
        action: 'start',
        userId: actor.userId,
      })
      await leave(step, start)
      await settle(step)
      return instance!
    })
  }

  /** Complete (approve, or reject with `pass: false`); a delegated task goes back to its owner instead. */
  async complete(
    actor: Actor,
    input: { taskId: string; pass?: boolean; comment?: string; variables?: Record<string, unknown> },
  ) {
    return this.onTask(actor, input.taskId, async (step, task, node) => {
      const actingFor = await this.mayHandle(step, actor, task)
      mayUse(node, input.pass === false ? NODE_BUTTON.reject : NODE_BUTTON.pass)
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
      await this.setVariables(step, { ...(input.variables ?? {}), pass })
      step.by = task.id
      if (task.executionId) await this.afterIteration(step, node, task.executionId)
      else await leave(step, node)
      await settle(step)
    })
  }

  /** Claim a 待签 task: candidates only, unclaimed only. */
  async claim(actor: Actor, taskId: string) {
    return this.onTask(actor, taskId, async (step, task, node) => {
      if (task.assignee) throw conflict(MESSAGES.claimed)
      const candidates = await step.tx
        .select()
        .from(workflowCandidate)
        .where(eq(workflowCandidate.taskId, task.id))
      const groups = await this.directory.groupsOf(step.tx, actor.tenantId, actor.userId)
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
          and(
            eq(workflowTask.id, task.id),
            isNull(workflowTask.assignee),
            eq(workflowTask.status, TASK.open),
          ),
        )
        .returning({ id: workflowTask.id })
      if (claimed.length !== 1) throw conflict(MESSAGES.claimed)
      await writeHistory(step, { ...at(node, task), action: 'claim', userId: actor.userId })
    })
  }

  /** Transfer: the task is someone else's from now on. */
  async transfer(actor: Actor, input: { taskId: string; userId: string; comment?: string }) {
    return this.reassign(actor, input, 'transfer')
  }

  /** Delegate: someone else handles it, then it comes back to the owner (resolve). */
  async delegate(actor: Actor, input: { taskId: string; userId: string; comment?: string }) {
    return this.reassign(actor, input, 'delegate')
  }

  /** The nodes a task may roll back to: user tasks passed on its own path, not across a parallel gateway. */
  async backNodes(actor: Actor, taskId: string) {
    const task = await this.taskOf(this.db, actor, taskId)
    const instance = await this.instanceOf(this.db, task.instanceId)
    // who may roll it back may see where to: its handler (or their proxy), or ops
    if (!actor.ops) await this.mayHandle({ tx: this.db, instance, now: new Date() }, actor, task)
    const graph = await this.graphOf(this.db, instance.definitionId)
    return this.backNodesOf(this.db, graph, task)
  }

  /** Roll back to a passed node: the current node's open tasks close, the target's task opens again. */
  async rollback(actor: Actor, input: { taskId: string; nodeId: string; comment?: string }) {
    return this.onTask(actor, input.taskId, async (step, task, node) => {
      await this.mayHandle(step, actor, task)
      mayUse(node, NODE_BUTTON.rollback)
      const back = await this.backNodesOf(step.tx, step.graph, task)
      const target = back.find((n) => n.nodeId === input.nodeId)
      if (!target) throw badRequest('只能退回到本路径上已经过的节点')
      await this.closeNode(step, task, node)
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
  async withdraw(actor: Actor, taskId: string) {
    return this.db.transaction(async (tx) => {
      const done = await this.taskOf(tx, actor, taskId)
      const step = await this.lockedStep(tx, done.instanceId)
      if (done.status !== TASK.completed || done.assignee !== actor.userId)
        throw forbidden(MESSAGES.notHandler)
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
      await tx
        .update(workflowArrival)
        .set({ consumedBy: null })
        .where(eq(workflowArrival.consumedBy, done.id))
      const node = step.graph.nodes[done.taskDefinitionKey]!
      step.by = done.createdBy
      await createTask(step, node, { assignee: actor.userId, executionId: done.executionId })
      await writeHistory(step, { ...at(node, done), action: 'withdraw', userId: actor.userId })
    })
  }

  /** Terminate: the initiator before any approval, or `workflow_ops`. */
  async terminate(actor: Actor, input: { instanceId: string; reason?: string }) {
    return this.db.transaction(async (tx) => {
      const step = await this.lockedStep(tx, input.instanceId, { suspendedToo: true })
      if (!actor.ops) {
        if (step.instance.initiator !== actor.userId) throw forbidden('只有发起人或流程运维可以终止流程')
        const [approved] = await tx
          .select({ id: workflowHistory.id })
          .from(workflowHistory)
          .where(
            and(
              eq(workflowHistory.instanceId, step.instance.id),
              inArray(workflowHistory.action, ['complete', 'reject']),
            ),
          )
          .limit(1)
        if (approved) throw conflict('流程已有审批, 不能终止')
      }
      await closeEverything(step, TASK.cancelled)
      await tx
        .update(workflowInstance)
        .set({ status: INSTANCE.terminated, endTime: step.now, reason: input.reason ?? '' })
        .where(eq(workflowInstance.id, step.instance.id))
      await instanceEnded(tx, step.instance.id, INSTANCE.terminated)
      await writeHistory(step, {
        nodeId: '',
        action: 'terminate',
        userId: actor.userId,
        comment: input.reason ?? '',
      })
    })
  }

  /** Suspend (every task operation is then refused) or activate an instance: `workflow_ops`. */
  async setSuspended(actor: Actor, instanceId: string, suspended: boolean) {
    if (!actor.ops) throw forbidden('当前节点不允许此操作')
    return this.db.transaction(async (tx) => {
      const step = await this.lockedStep(tx, instanceId, { suspendedToo: true })
      const from = suspended ? INSTANCE.running : INSTANCE.suspended
      if (step.instance.status !== from) throw conflict(suspended ? MESSAGES.suspended : '流程未挂起')
      await tx
        .update(workflowInstance)
        .set({ status: suspended ? INSTANCE.suspended : INSTANCE.running })
        .where(eq(workflowInstance.id, instanceId))
      await writeHistory(step, {
        nodeId: '',
        action: suspended ? 'suspend' : 'activate',
        userId: actor.userId,
      })
    })
  }

  /** Add users to a running multi-instance node. */
  async addMultiInstance(actor: Actor, input: { taskId: string; userIds: string[] }) {
    return this.onTask(actor, input.taskId, async (step, task, node) => {
      await this.mayHandle(step, actor, task)
      mayUse(node, NODE_BUTTON.addInstance)
      const execution = await this.runningExecution(step.tx, task)
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
  async deleteMultiInstance(actor: Actor, input: { taskId: string; userIds: string[] }) {
    return this.onTask(actor, input.taskId, async (step, task, node) => {
      await this.mayHandle(step, actor, task)
      mayUse(node, NODE_BUTTON.deleteInstance)
      const execution = await this.runningExecution(step.tx, task)
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

  // ---- inside the operations ----

  private step(tx: Tx, graph: Graph, instance: Instance, now: Date, by: string | null): Step {
    return { tx, graph, instance, directory: this.directory, now, by }
  }

  /** Lock the instance (every operation on it waits for the one before) and refuse what has stopped. */
  private async lockedStep(tx: Tx, instanceId: string, options: { suspendedToo?: boolean } = {}) {
    const [instance] = await tx
      .select()
      .from(workflowInstance)
      .where(eq(workflowInstance.id, instanceId))
      .for('update')
    if (!instance || instance.isDeleted) throw notFound('流程实例不存在')
    if (instance.status === INSTANCE.suspended && !options.suspendedToo) throw conflict(MESSAGES.suspended)
    if (instance.status !== INSTANCE.running && instance.status !== INSTANCE.suspended)
      throw conflict(MESSAGES.ended)
    return this.step(tx, await this.graphOf(tx, instance.definitionId), instance, new Date(), null)
  }

  /** An operation on an open task, in one transaction, the instance locked. */
  private onTask<T>(
    actor: Actor,
    taskId: string,
    work: (step: Step, task: Task, node: GraphNode) => Promise<T>,
  ) {
    return this.db.transaction(async (tx) => {
      const found = await this.taskOf(tx, actor, taskId)
      const step = await this.lockedStep(tx, found.instanceId)
      // read again under the lock: what another operation did before us is seen now
      const [task] = await tx.select().from(workflowTask).where(eq(workflowTask.id, taskId))
      if (!task || task.status !== TASK.open) throw conflict(MESSAGES.handled)
      return work(step, task, step.graph.nodes[task.taskDefinitionKey]!)
    })
  }

  private async taskOf(tx: Db | Tx, actor: Actor, taskId: string) {
    const [task] = await tx
      .select()
      .from(workflowTask)
      .where(and(eq(workflowTask.id, taskId), eq(workflowTask.tenantId, actor.tenantId)))
    if (!task) throw notFound('任务不存在')
    return task
  }

  private async instanceOf(tx: Db | Tx, instanceId: string) {
    const [instance] = await tx.select().from(workflowInstance).where(eq(workflowInstance.id, instanceId))
    if (!instance) throw notFound('流程实例不存在')
    return instance
  }

  private async graphOf(tx: Db | Tx, definitionId: string): Promise<Graph> {
    const [definition] = await tx
      .select({ graph: workflowDefinition.graph })
      .from(workflowDefinition)
      .where(eq(workflowDefinition.id, definitionId))
    return definition!.graph as Graph
  }

  /** The assignee, or the user an active proxy names for the assignee (returned: whom they act for). */
  private async mayHandle(
    step: { tx: DbOrTx } & Pick<Step, 'instance' | 'now'>,
    actor: Actor,
    task: Task,
  ): Promise<string | null> {
    if (task.assignee === actor.userId) return null
    if (task.assignee && (await activeProxyOf(step, task.assignee)) === actor.userId) return task.assignee
    throw forbidden(MESSAGES.notHandler)
  }

  private async reassign(
    actor: Actor,
    input: { taskId: string; userId: string; comment?: string },
    how: 'transfer' | 'delegate',
  ) {
    return this.onTask(actor, input.taskId, async (step, task, node) => {
      await this.mayHandle(step, actor, task)
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

  private async setVariables(step: Step, variables: Record<string, unknown>) {
    step.instance = { ...step.instance, variables: { ...step.instance.variables, ...variables } }
    await step.tx
      .update(workflowInstance)
      .set({ variables: step.instance.variables })
      .where(eq(workflowInstance.id, step.instance.id))
  }

  /** An iteration of a multi-instance node completed: the next one (sequential), or the node ends. */
  private async afterIteration(step: Step, node: GraphNode, executionId: string) {
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
    await this.setVariables(step, { pass })
    await leave(step, node)
  }

  private async runningExecution(tx: Tx, task: Task) {
    if (!task.executionId) throw badRequest('当前节点不是会签节点')
    const [execution] = await tx
      .select()
      .from(workflowExecution)
      .where(eq(workflowExecution.id, task.executionId))
    if (!execution?.active) throw badRequest('当前节点不是会签节点')
    return execution
  }

  /** Close the open tasks of the node a task is at (all iterations of a multi-instance node). */
  private async closeNode(step: Step, task: Task, node: GraphNode) {
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

  private async backNodesOf(tx: Db | Tx, graph: Graph, task: Task) {
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

const at = (node: GraphNode, task: Task) => ({ nodeId: node.id, nodeName: node.name, taskId: task.id })

/** Enter a user task node again (rollback to a multi-instance node): as a token arriving by its first incoming flow. */
async function leaveInto(step: Step, node: GraphNode) {
  await leave(step, { ...node, outgoing: [node.incoming[0]!] })
}

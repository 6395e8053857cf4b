import { and, desc, eq, inArray, max, sql } from 'drizzle-orm'
import { forbidden, notFound } from '../../../core/errors.js'
import { nextId } from '../../../core/ids.js'
import {
  DEFINITION,
  INSTANCE,
  TASK,
  workflowDefinition,
  workflowHistory,
  workflowInstance,
} from '../schema.js'
import { type Actor, type EngineCore, lockedStep, MESSAGES, newStep } from './core.js'
import { instanceEnded } from './ended.js'
import { type Graph, parseProcess } from './graph.js'
import { closeEverything, conflict, leave, settle, writeHistory } from './walker.js'

/** A definition's and an instance's operations: deploy, start, terminate, suspend and activate. */

/** Deploy a process: version n+1 of its key; running instances stay on theirs. */
export async function deploy(
  core: EngineCore,
  tenantId: string,
  input: { xml: string; category?: string; modelId?: string | null },
) {
  const graph = await parseProcess(input.xml)
  return core.db.transaction(async (tx) => {
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

export async function setDefinitionStatus(
  core: EngineCore,
  tenantId: string,
  definitionId: string,
  status: number,
) {
  await core.db
    .update(workflowDefinition)
    .set({ status })
    .where(and(eq(workflowDefinition.tenantId, tenantId), eq(workflowDefinition.id, definitionId)))
}

/** Start the newest active version of a key (or a given definition). */
export function start(
  core: EngineCore,
  actor: Actor,
  input: { key?: string; definitionId?: string; businessKey?: string; variables?: Record<string, unknown> },
) {
  return core.db.transaction(async (tx) => {
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
    const now = core.now()
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
    const step = newStep(core, tx, graph, instance!, now, null)
    const startNode = graph.nodes[graph.start]!
    await writeHistory(step, {
      nodeId: startNode.id,
      nodeName: startNode.name,
      action: 'start',
      userId: actor.userId,
    })
    await leave(step, startNode)
    await settle(step)
    return instance!
  })
}

/**
 * Terminate: the initiator before any approval (then it is their withdrawal: 已撤回), or
 * `workflow_ops` at any time (已终止).
 */
export function terminate(core: EngineCore, actor: Actor, input: { instanceId: string; reason?: string }) {
  return core.db.transaction(async (tx) => {
    const step = await lockedStep(core, tx, input.instanceId, { suspendedToo: true })
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
    const initiator = step.instance.initiator === actor.userId
    if (!actor.ops) {
      if (!initiator) throw forbidden('只有发起人或流程运维可以终止流程')
      if (approved) throw conflict('流程已有审批, 不能终止')
    }
    const withdrawn = initiator && !approved
    const status = withdrawn ? INSTANCE.withdrawn : INSTANCE.terminated
    await closeEverything(step, TASK.cancelled)
    await tx
      .update(workflowInstance)
      .set({ status, endTime: step.now, reason: input.reason ?? '' })
      .where(eq(workflowInstance.id, step.instance.id))
    await instanceEnded(tx, step.instance.id, status)
    await writeHistory(step, {
      nodeId: '',
      action: withdrawn ? 'withdraw' : 'terminate',
      userId: actor.userId,
      comment: input.reason ?? '',
    })
  })
}

/** Suspend (every task operation is then refused) or activate an instance: `workflow_ops`. */
export async function setSuspended(core: EngineCore, actor: Actor, instanceId: string, suspended: boolean) {
  if (!actor.ops) throw forbidden('当前节点不允许此操作')
  return core.db.transaction(async (tx) => {
    const step = await lockedStep(core, tx, instanceId, { suspendedToo: true })
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

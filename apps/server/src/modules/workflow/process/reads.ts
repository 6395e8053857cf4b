import {
  backNodesCall,
  formByProcessDefKeyCall,
  formByProcessIdCall,
  processDetailCall,
  processListCall,
  taskListCalls,
  WORKFLOW_TEXTS,
} from '@xpark/contract/modules/workflow-process'
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { page } from '../../../core/envelope.js'
import { badRequest, forbidden, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { escapeLike } from '../../../core/query/index.js'
import type { DbOrTx } from '../../../db/types.js'
import { user } from '../../identity/index.js'
import { withoutHidden } from '../engine/field-rights.js'
import type { Graph } from '../engine/graph.js'
import { WorkflowEngine } from '../engine/operations.js'
import {
  DEFINITION,
  INSTANCE,
  TASK,
  workflowCandidate,
  workflowCopy,
  workflowDefinition,
  workflowHistory,
  workflowInstance,
  workflowTask,
} from '../schema.js'
import { actorOf, meOf } from './context.js'
import { type FlowListKind, listFlows } from './lists.js'
import { type Definition, startRules } from './seams.js'

/** The lists, the start forms, an instance's detail and a task's back nodes. */
export function registerReadRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const engine = new WorkflowEngine(db)
  const guard = { preHandler: [api.scopes.api.guard] }

  for (const [kind, call] of Object.entries(taskListCalls) as [
    FlowListKind,
    (typeof taskListCalls)[FlowListKind],
  ][])
    handle(
      api,
      call,
      async (filters, request) => listFlows(db, kind, await meOf(db, request), filters),
      guard,
    )

  handle(
    api,
    processListCall,
    async (filters, request) => {
      const actor = await actorOf(request)
      const newest = await newestDefinitions(db, actor.tenantId, filters)
      const mayStart: Definition[] = []
      for (const d of newest) if (await startRules().mayStart(db, actor.userId, d)) mayStart.push(d)
      const current = filters.current ?? 1
      const size = filters.size ?? 10
      return page(
        mayStart.slice((current - 1) * size, current * size).map(definitionRow),
        mayStart.length,
        current,
        size,
      )
    },
    guard,
  )

  const formOf = async (definition: Definition | undefined) => {
    if (!definition) throw notFound(WORKFLOW_TEXTS.noProcess)
    return { process: definitionRow(definition), form: await startRules().formOf(db, definition) }
  }
  handle(
    api,
    formByProcessIdCall,
    async ({ processId }, request) => {
      const actor = await actorOf(request)
      const [definition] = await db
        .select()
        .from(workflowDefinition)
        .where(
          and(
            eq(workflowDefinition.tenantId, actor.tenantId),
            eq(workflowDefinition.isDeleted, 0),
            eq(workflowDefinition.id, processId),
          ),
        )
      return formOf(definition)
    },
    guard,
  )
  handle(
    api,
    formByProcessDefKeyCall,
    async ({ processDefKey }, request) => {
      const actor = await actorOf(request)
      const [definition] = await newestDefinitions(db, actor.tenantId, { key: processDefKey }, false)
      return formOf(definition)
    },
    guard,
  )

  handle(
    api,
    processDetailCall,
    async ({ processInstanceId, taskId }, request) => {
      const actor = await actorOf(request)
      let instanceId = processInstanceId
      if (!instanceId && taskId) {
        const [task] = await db
          .select({ instanceId: workflowTask.instanceId })
          .from(workflowTask)
          .where(and(eq(workflowTask.id, taskId), eq(workflowTask.tenantId, actor.tenantId)))
        if (!task) throw notFound(WORKFLOW_TEXTS.noTask)
        instanceId = task.instanceId
      }
      if (!instanceId) throw badRequest('参数校验失败: processInstanceId: 请选择流程实例')
      const [instance] = await db
        .select()
        .from(workflowInstance)
        .where(
          and(
            eq(workflowInstance.id, instanceId),
            eq(workflowInstance.tenantId, actor.tenantId),
            eq(workflowInstance.isDeleted, 0),
          ),
        )
      if (!instance) throw notFound(WORKFLOW_TEXTS.noInstance)
      if (!actor.ops && !(await tookPart(db, instance, actor.userId))) throw forbidden('无权查看此流程')
      return detailOf(db, instance, taskId)
    },
    guard,
  )

  handle(
    api,
    backNodesCall,
    async ({ taskId }, request) => {
      const nodes = await engine.backNodes(await actorOf(request), taskId)
      return nodes.map((n) => ({ nodeId: n.nodeId, nodeName: n.nodeName }))
    },
    guard,
  )
}

const definitionRow = (d: Definition) => ({
  id: d.id,
  processDefinitionId: d.processDefinitionId,
  key: d.key,
  name: d.name,
  version: d.version,
  category: d.category,
  status: d.status,
  deployTime: d.deployTime,
})

/** The newest version of each key of the tenant (active ones only unless told); a tenant has few. */
async function newestDefinitions(
  db: DbOrTx,
  tenantId: string,
  filters: { key?: string; processDefinitionName?: string | undefined; category?: string | undefined },
  activeOnly = true,
): Promise<Definition[]> {
  const D = workflowDefinition
  const rows = await db
    .select()
    .from(D)
    .where(
      and(
        eq(D.tenantId, tenantId),
        eq(D.isDeleted, 0),
        filters.key ? eq(D.key, filters.key) : undefined,
        filters.category ? eq(D.category, filters.category) : undefined,
        filters.processDefinitionName
          ? ilike(D.name, `%${escapeLike(filters.processDefinitionName)}%`)
          : undefined,
      ),
    )
    .orderBy(asc(D.name), asc(D.key), desc(D.version))
  const seen = new Set<string>()
  // the newest version decides: a suspended newest version is not started through an older one
  const newest = rows.filter((d) => !seen.has(d.key) && Boolean(seen.add(d.key)))
  return activeOnly ? newest.filter((d) => d.status === DEFINITION.active) : newest
}

type Instance = typeof workflowInstance.$inferSelect

/** The initiator, anyone a task of it was or is with (or offered to them as proxy), or a copy's recipient. */
async function tookPart(db: DbOrTx, instance: Instance, userId: string): Promise<boolean> {
  if (instance.initiator === userId) return true
  const [task] = await db
    .select({ id: workflowTask.id })
    .from(workflowTask)
    .where(
      and(
        eq(workflowTask.instanceId, instance.id),
        or(
          eq(workflowTask.assignee, userId),
          eq(workflowTask.owner, userId),
          eq(workflowTask.proxyFor, userId),
          sql`exists (select 1 from ${workflowCandidate} where ${workflowCandidate.taskId} = ${workflowTask.id} and ${workflowCandidate.kind} = 'user' and ${workflowCandidate.ref} = ${userId})`,
        ),
      ),
    )
    .limit(1)
  if (task) return true
  const [copy] = await db
    .select({ id: workflowCopy.id })
    .from(workflowCopy)
    .where(and(eq(workflowCopy.instanceId, instance.id), eq(workflowCopy.userId, userId)))
    .limit(1)
  return Boolean(copy)
}

const ENDED: number[] = [INSTANCE.completed, INSTANCE.terminated, INSTANCE.withdrawn]

/** An instance's detail; asked for a task, with the field rights of its node (hidden fields left out). */
async function detailOf(db: DbOrTx, instance: Instance, taskId?: string) {
  const names = async (ids: (string | null)[]) => {
    const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))]
    if (wanted.length === 0) return new Map<string, string>()
    const rows = await db
      .select({ id: user.id, name: user.realName })
      .from(user)
      .where(inArray(user.id, wanted))
    return new Map(rows.map((r) => [r.id, r.name]))
  }
  const [definition] = await db
    .select({ xml: workflowDefinition.xml, graph: workflowDefinition.graph })
    .from(workflowDefinition)
    .where(eq(workflowDefinition.id, instance.definitionId))
  const tasks = await db
    .select()
    .from(workflowTask)
    .where(and(eq(workflowTask.instanceId, instance.id), eq(workflowTask.status, TASK.open)))
    .orderBy(asc(workflowTask.createTime))
  const history = await db
    .select()
    .from(workflowHistory)
    .where(eq(workflowHistory.instanceId, instance.id))
    .orderBy(asc(workflowHistory.time), asc(workflowHistory.id))
  const who = await names([
    instance.initiator,
    ...tasks.map((t) => t.assignee),
    ...history.flatMap((h) => [h.userId, h.otherUserId]),
  ])
  const [asked] = taskId
    ? await db
        .select({ node: workflowTask.taskDefinitionKey })
        .from(workflowTask)
        .where(and(eq(workflowTask.id, taskId), eq(workflowTask.instanceId, instance.id)))
    : []
  const node = asked ? (definition?.graph as Graph | undefined)?.nodes[asked.node] : undefined
  const base = {
    processInstanceId: instance.id,
    processDefinitionId: instance.processDefinitionId,
    processDefinitionKey: instance.processDefinitionKey,
    processDefinitionName: instance.name,
    category: instance.category,
    businessKey: instance.businessKey,
    startUser: instance.initiator,
    startUserName: who.get(instance.initiator) ?? '',
    processStatus: instance.status,
    processIsFinished: ENDED.includes(instance.status),
  }
  return {
    process: {
      ...base,
      id: instance.id,
      taskId: null,
      taskName: tasks.map((t) => t.name).join(','),
      taskDefinitionKey: '',
      assignee: null,
      assigneeName: '',
      createTime: instance.startTime,
      endTime: instance.endTime,
      comment: instance.reason,
    },
    variables: withoutHidden(node, instance.variables),
    tasks: tasks.map((t) => ({
      ...base,
      id: t.id,
      taskId: t.id,
      taskName: t.name,
      taskDefinitionKey: t.taskDefinitionKey,
      assignee: t.assignee,
      assigneeName: t.assignee ? (who.get(t.assignee) ?? '') : '',
      createTime: t.createTime,
      endTime: t.endTime,
      comment: t.comment,
    })),
    history: history.map((h) => ({
      id: h.id,
      taskId: h.taskId,
      taskDefinitionKey: h.nodeId,
      taskName: h.nodeName,
      action: h.action,
      userId: h.userId,
      userName: h.userId ? (who.get(h.userId) ?? '') : '',
      otherUserId: h.otherUserId,
      otherUserName: h.otherUserId ? (who.get(h.otherUserId) ?? '') : '',
      comment: h.comment,
      time: h.time,
    })),
    xml: definition?.xml ?? '',
    passedNodes: [...new Set(history.map((h) => h.nodeId).filter(Boolean))],
    fieldRights: node?.fields ?? null,
  }
}

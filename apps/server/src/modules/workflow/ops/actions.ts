import {
  copyTaskCall,
  opsChangeAssigneeCall,
  opsChangeStatusCall,
  opsDeleteProcessCall,
  opsDispatchCall,
  opsDispatchNodesCall,
  opsUrgeCall,
} from '@xpark/contract/modules/workflow-process'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../../../core/auth/plugin.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { sendMessage } from '../../message/index.js'
import { type Graph, userTasksInOrder } from '../engine/graph.js'
import { WorkflowEngine } from '../engine/operations.js'
import { actorOf, assertUsers, notifyNewTasks, ownInstance } from '../process/context.js'
import { workflowDefinition, workflowInstance, workflowTask } from '../schema.js'

/**
 * The monitor's actions (流程监控, `workflow_ops`: change assignee, dispatch, delete, urge, suspend and
 * activate) and copy (抄送, a task handler's). Each is the engine's one transaction; the messages it
 * causes go out after the commit, so a refusal messages no one.
 */
export function registerOpsActionRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const engine = new WorkflowEngine(db)
  const guard = { preHandler: [api.scopes.api.guard] }

  /** The process's and the task's names, for a message. */
  const namesOf = async (taskId: string) => {
    const [row] = await db
      .select({
        task: workflowTask.name,
        process: workflowInstance.name,
        instanceId: workflowTask.instanceId,
      })
      .from(workflowTask)
      .innerJoin(workflowInstance, eq(workflowInstance.id, workflowTask.instanceId))
      .where(eq(workflowTask.id, taskId))
    return row!
  }

  handle(
    api,
    opsChangeAssigneeCall,
    async (input, request) => {
      const actor = await actorOf(request)
      await assertUsers(db, actor.tenantId, [input.assignee])
      await engine.changeAssignee(actor, {
        taskId: input.taskId,
        userId: input.assignee,
        comment: input.comment ?? '',
      })
      const { instanceId } = await namesOf(input.taskId)
      await notifyNewTasks(ctx, actor.tenantId, instanceId, new Date(), input.taskId)
      return {}
    },
    guard,
  )

  handle(
    api,
    opsDispatchCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const instanceId = await ownInstance(db, actor, input.processInstanceId)
      const since = new Date()
      await engine.dispatch(actor, { instanceId, nodeId: input.nodeId, comment: input.comment ?? '' })
      await notifyNewTasks(ctx, actor.tenantId, instanceId, since)
      return {}
    },
    guard,
  )

  handle(
    api,
    opsDispatchNodesCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const instanceId = await ownInstance(db, actor, input.processInstanceId)
      const [row] = await db
        .select({ graph: workflowDefinition.graph })
        .from(workflowInstance)
        .innerJoin(workflowDefinition, eq(workflowDefinition.id, workflowInstance.definitionId))
        .where(eq(workflowInstance.id, instanceId))
      return userTasksInOrder(row!.graph as Graph).map((n) => ({ nodeId: n.id, nodeName: n.name }))
    },
    guard,
  )

  handle(
    api,
    opsDeleteProcessCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const instanceId = await ownInstance(db, actor, input.processInstanceId)
      await engine.deleteInstance(actor, { instanceId, reason: input.reason })
      return {}
    },
    guard,
  )

  handle(
    api,
    opsChangeStatusCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const instanceId = await ownInstance(db, actor, input.processInstanceId)
      await engine.setSuspended(actor, instanceId, input.status === 2)
      return {}
    },
    guard,
  )

  /** After the commit: the people a task's urge or copy reached are messaged, from its sender. */
  const tell = async (
    request: FastifyRequest,
    input: { taskId: string; comment?: string | undefined },
    userIds: string[],
    what: string,
    link: string,
  ) => {
    const auth = authOf(request)
    const names = await namesOf(input.taskId)
    await sendMessage(ctx, db, {
      tenantId: auth.tenantId,
      userIds,
      title: `${what}: ${names.process} - ${names.task}`,
      content: input.comment ?? '',
      module: 'workflow',
      link,
      sender: { userId: auth.userId, name: auth.userName },
    })
  }

  handle(
    api,
    opsUrgeCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const userIds = await engine.urge(actor, { taskId: input.taskId, comment: input.comment ?? '' })
      await tell(request, input, userIds, '催办', '/workflow/process/todo')
      return {}
    },
    guard,
  )

  handle(
    api,
    copyTaskCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const wanted = input.assignee.split(',')
      await assertUsers(db, actor.tenantId, wanted)
      const userIds = await engine.copy(actor, {
        taskId: input.taskId,
        userIds: wanted,
        comment: input.comment ?? '',
      })
      await tell(request, input, userIds, '抄送', '/workflow/process/copy')
      return {}
    },
    guard,
  )
}

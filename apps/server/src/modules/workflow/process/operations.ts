import { validateFormData } from '@xpark/contract/modules/workflow-forms'
import {
  addMultiInstanceCall,
  claimTaskCall,
  completeTaskCall,
  delegateTaskCall,
  rollbackTaskCall,
  startProcessCall,
  terminateProcessCall,
  transferTaskCall,
  WORKFLOW_TEXTS,
  withdrawTaskCall,
} from '@xpark/contract/modules/workflow-process'
import { and, desc, eq } from 'drizzle-orm'
import { badRequest, forbidden, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import type { DbOrTx } from '../../../db/types.js'
import { type Actor, WorkflowEngine } from '../engine/operations.js'
import { DEFINITION, workflowDefinition, workflowTask } from '../schema.js'
import { actorOf, assertUsers, notifyNewTasks, ownInstance } from './context.js'
import { workflowDraft } from './schema.js'
import { startRules } from './seams.js'

/**
 * The task operations (startProcess … withdrawTask): each is the engine's one transaction, refusals
 * with the engine's texts (MESSAGES); the new tasks' assignees are messaged after it committed.
 */
export function registerOperationRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const engine = new WorkflowEngine(db)
  const guard = { preHandler: [api.scopes.api.guard] }

  /** Run an operation on a task, then message whoever got new work. */
  const onTask = async (
    actor: Actor,
    taskId: string,
    work: () => Promise<unknown>,
    handedOver?: string,
  ): Promise<object> => {
    const since = new Date()
    await work()
    const [task] = await db
      .select({ instanceId: workflowTask.instanceId })
      .from(workflowTask)
      .where(and(eq(workflowTask.id, taskId), eq(workflowTask.tenantId, actor.tenantId)))
    if (task) await notifyNewTasks(ctx, actor.tenantId, task.instanceId, since, handedOver)
    return {}
  }

  handle(
    api,
    startProcessCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const since = new Date()
      const instance = await startProcess(db, actor, input)
      await notifyNewTasks(ctx, actor.tenantId, instance.id, since)
      return { processInstanceId: instance.id }
    },
    guard,
  )

  handle(
    api,
    completeTaskCall,
    async (input, request) => {
      const actor = await actorOf(request)
      return onTask(actor, input.taskId, () =>
        engine.complete(actor, {
          taskId: input.taskId,
          pass: input.pass ?? true,
          comment: input.comment ?? '',
          variables: input.variables ?? {},
        }),
      )
    },
    guard,
  )

  for (const [call, how] of [
    [transferTaskCall, 'transfer'],
    [delegateTaskCall, 'delegate'],
  ] as const)
    handle(
      api,
      call,
      async (input, request) => {
        const actor = await actorOf(request)
        await assertUsers(db, actor.tenantId, [input.assignee])
        const what = { taskId: input.taskId, userId: input.assignee, comment: input.comment ?? '' }
        return onTask(
          actor,
          input.taskId,
          () => (how === 'transfer' ? engine.transfer(actor, what) : engine.delegate(actor, what)),
          input.taskId,
        )
      },
      guard,
    )

  handle(
    api,
    claimTaskCall,
    async (input, request) => {
      const actor = await actorOf(request)
      await engine.claim(actor, input.taskId)
      return {}
    },
    guard,
  )

  handle(
    api,
    rollbackTaskCall,
    async (input, request) => {
      const actor = await actorOf(request)
      return onTask(actor, input.taskId, () =>
        engine.rollback(actor, { taskId: input.taskId, nodeId: input.nodeId, comment: input.comment ?? '' }),
      )
    },
    guard,
  )

  handle(
    api,
    withdrawTaskCall,
    async (input, request) => {
      const actor = await actorOf(request)
      return onTask(actor, input.taskId, () => engine.withdraw(actor, input.taskId))
    },
    guard,
  )

  handle(
    api,
    addMultiInstanceCall,
    async (input, request) => {
      const actor = await actorOf(request)
      const userIds = input.assignee.split(',')
      await assertUsers(db, actor.tenantId, userIds)
      return onTask(actor, input.taskId, () =>
        engine.addMultiInstance(actor, { taskId: input.taskId, userIds }),
      )
    },
    guard,
  )

  handle(
    api,
    terminateProcessCall,
    async (input, request) => {
      const actor = await actorOf(request)
      await engine.terminate(actor, {
        instanceId: await ownInstance(db, actor, input.processInstanceId),
        reason: input.comment ?? '',
      })
      return {}
    },
    guard,
  )
}

export interface StartInput {
  processDefId?: string | undefined
  processDefKey?: string | undefined
  businessKey?: string | undefined
  variables?: Record<string, unknown> | undefined
  draftId?: string | undefined
}

/**
 * Start a process in one transaction (the caller's own transaction when it has one: a leave request's
 * row and its process are written together): the definition must be of the tenant, active, and its
 * model scope must hold the caller, the variables must keep the start form's rules (the contract's
 * `validateFormData`, as the console's form checks them: 400 naming the first field that breaks one);
 * a draft it came from is removed with the start.
 */
export async function startProcess(db: DbOrTx, actor: Actor, input: StartInput) {
  return db.transaction(async (tx) => {
    const [definition] = await tx
      .select()
      .from(workflowDefinition)
      .where(
        and(
          eq(workflowDefinition.tenantId, actor.tenantId),
          eq(workflowDefinition.isDeleted, 0),
          input.processDefId
            ? eq(workflowDefinition.id, input.processDefId)
            : eq(workflowDefinition.key, input.processDefKey ?? ''),
        ),
      )
      .orderBy(desc(workflowDefinition.version))
      .limit(1)
    if (!definition) throw notFound(WORKFLOW_TEXTS.noProcess)
    // a suspended definition is the engine's to refuse (流程已挂起)
    if (definition.status === DEFINITION.active) {
      if (!(await startRules().mayStart(tx, actor.userId, definition)))
        throw forbidden(WORKFLOW_TEXTS.mayNotStart)
      const [broken] = validateFormData(await startRules().formOf(tx, definition), input.variables ?? {})
      if (broken) throw badRequest(broken.message)
    }
    if (input.draftId) {
      const removed = await tx
        .delete(workflowDraft)
        .where(
          and(
            eq(workflowDraft.id, input.draftId),
            eq(workflowDraft.tenantId, actor.tenantId),
            eq(workflowDraft.userId, actor.userId),
          ),
        )
        .returning({ id: workflowDraft.id })
      if (removed.length === 0) throw notFound('草稿不存在')
    }
    // the engine's start nests in this transaction (a savepoint): one commit for all of it
    const engine = new WorkflowEngine(tx)
    return engine.start(actor, {
      definitionId: definition.id,
      businessKey: input.businessKey ?? '',
      variables: input.variables ?? {},
    })
  })
}

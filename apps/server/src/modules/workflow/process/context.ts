import { WORKFLOW_OPS, WORKFLOW_TEXTS } from '@xpark/contract/modules/workflow-process'
import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { can } from '../../../core/auth/guards.js'
import { authOf } from '../../../core/auth/plugin.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { ModuleContext } from '../../../core/module.js'
import type { DbOrTx } from '../../../db/types.js'
import { user } from '../../identity/index.js'
import { sendMessage } from '../../message/index.js'
import { userDirectory } from '../engine/directory.js'
import type { Actor } from '../engine/operations.js'
import { TASK, workflowInstance, workflowTask } from '../schema.js'
import type { Me } from './lists.js'

/** The caller as the engine sees it: `ops` when they hold `workflow_ops`. */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const auth = authOf(request)
  return {
    tenantId: auth.tenantId,
    userId: auth.userId,
    ops: await can(request.server, auth, WORKFLOW_OPS),
  }
}

/** The caller with the groups 待签 tasks are offered to. */
export async function meOf(db: DbOrTx, request: FastifyRequest): Promise<Me> {
  const auth = authOf(request)
  return {
    tenantId: auth.tenantId,
    userId: auth.userId,
    groups: await userDirectory.groupsOf(db, auth.tenantId, auth.userId),
  }
}

/** The instance's id when it is of the caller's tenant (the engine locks by id alone). */
export async function ownInstance(db: DbOrTx, actor: Actor, instanceId: string): Promise<string> {
  const [row] = await db
    .select({ id: workflowInstance.id })
    .from(workflowInstance)
    .where(and(eq(workflowInstance.id, instanceId), eq(workflowInstance.tenantId, actor.tenantId)))
  if (!row) throw notFound(WORKFLOW_TEXTS.noInstance)
  return row.id
}

/** Every id names a live user of the tenant, else 400 `用户不存在` (a task never goes to a stranger). */
export async function assertUsers(db: DbOrTx, tenantId: string, ids: readonly string[]): Promise<void> {
  const wanted = [...new Set(ids)]
  const found = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), inArray(user.id, wanted)))
  if (found.length !== wanted.length) throw badRequest('用户不存在')
}

/**
 * Tell the assignees of an instance's tasks opened since `since` (and the task handed over, for a
 * transfer or delegation) that they have something to do. Called once the operation's transaction
 * has committed, so a refused or rolled-back operation messages no one.
 */
export async function notifyNewTasks(
  ctx: ModuleContext,
  tenantId: string,
  instanceId: string,
  since: Date,
  handedOver?: string,
): Promise<void> {
  const db = ctx.database.db
  const tasks = await db
    .select({
      id: workflowTask.id,
      name: workflowTask.name,
      assignee: workflowTask.assignee,
      process: workflowInstance.name,
    })
    .from(workflowTask)
    .innerJoin(workflowInstance, eq(workflowInstance.id, workflowTask.instanceId))
    .where(
      and(
        eq(workflowTask.instanceId, instanceId),
        eq(workflowTask.status, TASK.open),
        isNotNull(workflowTask.assignee),
        handedOver ? eq(workflowTask.id, handedOver) : gte(workflowTask.createTime, since),
      ),
    )
  for (const task of tasks)
    await sendMessage(ctx, db, {
      tenantId,
      userIds: [task.assignee!],
      title: `待办事务: ${task.process} - ${task.name}`,
      module: 'workflow',
      link: '/workflow/process/todo',
    })
}

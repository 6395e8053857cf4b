import {
  draftListCall,
  draftRemoveCall,
  draftSaveCall,
  LEAVE_PROCESS_KEY,
  LEAVE_STATUS,
  leaveListCall,
  leaveSubmitCall,
} from '@xpark/contract/modules/workflow-process'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { page } from '../../../core/envelope.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { nextId } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/values.js'
import { INSTANCE, workflowInstance } from '../schema.js'
import { actorOf, notifyNewTasks } from './context.js'
import { startProcess } from './operations.js'
import { workflowDraft, workflowLeave } from './schema.js'

/** A leave request's status from its instance: 审批中, 已通过, 已驳回 (ended on a rejection), 已撤销. */
export function leaveStatus(status: number, variables: Record<string, unknown>): number {
  if (status === INSTANCE.running || status === INSTANCE.suspended) return LEAVE_STATUS.running
  if (status === INSTANCE.completed)
    return variables.pass === false ? LEAVE_STATUS.rejected : LEAVE_STATUS.approved
  return LEAVE_STATUS.cancelled
}

/** 请假 (the worked example: a business row started as a process, its status mirrored) and 草稿箱. */
export function registerLeaveRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  const L = workflowLeave
  const D = workflowDraft

  handle(
    api,
    leaveListCall,
    async (filters, request) => {
      const auth = authOf(request)
      const current = filters.current ?? 1
      const size = filters.size ?? 10
      const where = and(eq(L.tenantId, auth.tenantId), eq(L.userId, auth.userId))
      const [rows, [counted]] = await Promise.all([
        db
          .select({ leave: L, status: workflowInstance.status, variables: workflowInstance.variables })
          .from(L)
          .innerJoin(workflowInstance, eq(workflowInstance.id, L.instanceId))
          .where(where)
          .orderBy(desc(L.createTime), desc(L.id))
          .limit(size)
          .offset((current - 1) * size),
        db.select({ n: sql<number>`count(*)::int` }).from(L).where(where),
      ])
      return page(
        rows.map(({ leave, status, variables }) => ({
          id: leave.id,
          userId: leave.userId,
          leaveType: leave.leaveType,
          startTime: leave.startTime,
          endTime: leave.endTime,
          days: leave.days,
          reason: leave.reason,
          processInstanceId: leave.instanceId,
          status: leaveStatus(status, variables),
          createTime: leave.createTime,
        })),
        counted?.n ?? 0,
        current,
        size,
      )
    },
    guard,
  )

  handle(
    api,
    leaveSubmitCall,
    async (form, request) => {
      const actor = await actorOf(request)
      const startTime = parseDateTime(form.startTime)!
      const endTime = parseDateTime(form.endTime)!
      if (endTime <= startTime) throw badRequest('结束时间必须晚于开始时间')
      const since = new Date()
      const id = nextId()
      // the row and its process in one transaction: a refused start leaves no request behind
      const instance = await db.transaction(async (tx) => {
        const started = await startProcess(tx, actor, {
          processDefKey: LEAVE_PROCESS_KEY,
          businessKey: id,
          variables: {
            leaveType: form.leaveType ?? '',
            startTime: form.startTime,
            endTime: form.endTime,
            days: form.days,
            reason: form.reason,
          },
        })
        await tx.insert(L).values({
          id,
          tenantId: actor.tenantId,
          userId: actor.userId,
          leaveType: form.leaveType ?? '',
          startTime,
          endTime,
          days: form.days,
          reason: form.reason,
          instanceId: started.id,
        })
        return started
      })
      await notifyNewTasks(ctx, actor.tenantId, instance.id, since)
      return { id, processInstanceId: instance.id }
    },
    guard,
  )

  const mine = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request)
    return and(eq(D.tenantId, auth.tenantId), eq(D.userId, auth.userId))
  }

  handle(
    api,
    draftListCall,
    async (filters, request) => {
      const current = filters.current ?? 1
      const size = filters.size ?? 10
      const where = and(
        mine(request),
        filters.processDefKey ? eq(D.processDefKey, filters.processDefKey) : undefined,
      )
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: D.id,
            processDefKey: D.processDefKey,
            title: D.title,
            variables: D.variables,
            updateTime: D.updateTime,
          })
          .from(D)
          .where(where)
          .orderBy(desc(D.updateTime), desc(D.id))
          .limit(size)
          .offset((current - 1) * size),
        db.select({ n: sql<number>`count(*)::int` }).from(D).where(where),
      ])
      return page(rows, counted?.n ?? 0, current, size)
    },
    guard,
  )

  handle(
    api,
    draftSaveCall,
    async (form, request) => {
      const auth = authOf(request)
      const values = {
        processDefKey: form.processDefKey,
        title: form.title ?? '',
        variables: form.variables ?? {},
        updateTime: new Date(),
      }
      if (form.id) {
        const changed = await db
          .update(D)
          .set(values)
          .where(and(mine(request), eq(D.id, form.id)))
          .returning({ id: D.id })
        if (changed.length === 0) throw notFound('草稿不存在')
        return { id: form.id }
      }
      const id = nextId()
      await db.insert(D).values({ id, tenantId: auth.tenantId, userId: auth.userId, ...values })
      return { id }
    },
    guard,
  )

  handle(
    api,
    draftRemoveCall,
    async ({ ids }, request) => {
      await db.delete(D).where(and(mine(request), inArray(D.id, ids.split(','))))
      return {}
    },
    guard,
  )
}

import {
  opsDoneListCall,
  opsListCall,
  opsProcessListCall,
  PROXY_TEXTS,
  proxyDetailCall,
  proxyListCall,
  proxyRemoveCall,
  proxySubmitCall,
} from '@xpark/contract/modules/workflow-process'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { authOf } from '../../../core/auth/plugin.js'
import { page } from '../../../core/envelope.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { nextId } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/values.js'
import { user } from '../../identity/index.js'
import { assertUsers } from '../process/context.js'
import { INSTANCE, TASK, workflowInstance, workflowProxy, workflowTask } from '../schema.js'
import { proxyCycle } from './proxies.js'

/** 流程监控 (ops/list, processList, doneList) and 流程代理 (ops/proxy/…). */
export function registerOpsRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  const I = workflowInstance

  const RUNNING = [INSTANCE.running, INSTANCE.suspended]
  const ENDED = [INSTANCE.completed, INSTANCE.terminated, INSTANCE.withdrawn]
  for (const [call, statuses] of [
    [opsListCall, null],
    [opsProcessListCall, RUNNING],
    [opsDoneListCall, ENDED],
  ] as const)
    handle(
      api,
      call,
      async (filters, request) => {
        const auth = authOf(request)
        const current = filters.current ?? 1
        const size = filters.size ?? 10
        const where = and(
          eq(I.tenantId, auth.tenantId),
          eq(I.isDeleted, 0),
          statuses ? inArray(I.status, [...statuses]) : undefined,
          filters.processDefinitionKey ? eq(I.processDefinitionKey, filters.processDefinitionKey) : undefined,
          filters.startUser ? eq(I.initiator, filters.startUser) : undefined,
        )
        const [rows, [counted]] = await Promise.all([
          db
            .select({
              id: I.id,
              processInstanceId: I.id,
              processDefinitionId: I.processDefinitionId,
              processDefinitionKey: I.processDefinitionKey,
              processDefinitionName: I.name,
              category: I.category,
              businessKey: I.businessKey,
              startUser: I.initiator,
              startUserName: nameOf(sql`${I.initiator}`),
              currentTasks: sql<string>`coalesce((select string_agg(${workflowTask.name}, ',' order by ${workflowTask.createTime}) from ${workflowTask} where ${workflowTask.instanceId} = ${I.id} and ${workflowTask.status} = ${TASK.open}), '')`,
              processStatus: I.status,
              startTime: I.startTime,
              endTime: I.endTime,
              reason: I.reason,
            })
            .from(I)
            .where(where)
            .orderBy(desc(I.startTime), desc(I.id))
            .limit(size)
            .offset((current - 1) * size),
          db.select({ n: sql<number>`count(*)::int` }).from(I).where(where),
        ])
        return page(rows, counted?.n ?? 0, current, size)
      },
      guard,
    )

  const P = workflowProxy
  const principal = alias(user, 'principal')
  const deputy = alias(user, 'deputy')
  const proxyRows = (where: SQL | undefined) =>
    db
      .select({
        id: P.id,
        userId: P.userId,
        userName: sql<string>`coalesce(${principal.realName}, '')`,
        proxyUserId: P.proxyUserId,
        proxyUserName: sql<string>`coalesce(${deputy.realName}, '')`,
        startTime: P.startTime,
        endTime: P.endTime,
        categories: P.categories,
        status: P.status,
      })
      .from(P)
      .leftJoin(principal, eq(principal.id, P.userId))
      .leftJoin(deputy, eq(deputy.id, P.proxyUserId))
      .where(where)
  const live = (tenantId: string) => and(eq(P.tenantId, tenantId), eq(P.isDeleted, 0))

  handle(
    api,
    proxyListCall,
    async (filters, request) => {
      const auth = authOf(request)
      const current = filters.current ?? 1
      const size = filters.size ?? 10
      const where = and(live(auth.tenantId), filters.userId ? eq(P.userId, filters.userId) : undefined)
      const [rows, [counted]] = await Promise.all([
        proxyRows(where)
          .orderBy(desc(P.startTime), desc(P.id))
          .limit(size)
          .offset((current - 1) * size),
        db.select({ n: sql<number>`count(*)::int` }).from(P).where(where),
      ])
      return page(rows, counted?.n ?? 0, current, size)
    },
    guard,
  )

  handle(
    api,
    proxyDetailCall,
    async ({ id }, request) => {
      const [row] = await proxyRows(and(live(authOf(request).tenantId), eq(P.id, id)))
      if (!row) throw notFound(PROXY_TEXTS.notFound)
      return row
    },
    guard,
  )

  handle(
    api,
    proxySubmitCall,
    async (form, request) => {
      const auth = authOf(request)
      if (form.userId === form.proxyUserId) throw badRequest(PROXY_TEXTS.self)
      const startTime = parseDateTime(form.startTime)!
      const endTime = parseDateTime(form.endTime)!
      if (endTime <= startTime) throw badRequest(PROXY_TEXTS.period)
      return db.transaction(async (tx) => {
        await assertUsers(tx, auth.tenantId, [form.userId, form.proxyUserId]).catch(() => {
          throw badRequest(PROXY_TEXTS.noUser)
        })
        // one writer of the tenant's proxies at a time: two halves of a cycle cannot both pass
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wf-proxy:${auth.tenantId}`}))`)
        if (form.id) {
          const [own] = await tx
            .select({ id: P.id })
            .from(P)
            .where(and(live(auth.tenantId), eq(P.id, form.id)))
          if (!own) throw notFound(PROXY_TEXTS.notFound)
        }
        const values = {
          userId: form.userId,
          proxyUserId: form.proxyUserId,
          startTime,
          endTime,
          categories: form.categories ?? '',
          status: form.status ?? 1,
        }
        if (values.status === 1 && (await proxyCycle(tx, auth.tenantId, { ...values, id: form.id })))
          throw badRequest(PROXY_TEXTS.cycle)
        if (form.id) {
          await tx.update(P).set(values).where(eq(P.id, form.id))
          return { id: form.id }
        }
        const id = nextId()
        await tx.insert(P).values({ id, tenantId: auth.tenantId, ...values })
        return { id }
      })
    },
    guard,
  )

  handle(
    api,
    proxyRemoveCall,
    async ({ ids }, request) => {
      await db
        .update(P)
        .set({ isDeleted: 1 })
        .where(and(live(authOf(request).tenantId), inArray(P.id, ids.split(','))))
      return {}
    },
    guard,
  )
}

const nameOf = (column: SQL) =>
  sql<string>`coalesce((select ${user.realName} from ${user} where ${user.id} = ${column}), '')`

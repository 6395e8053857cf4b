import { draftListCall, draftRemoveCall, draftSaveCall } from '@xpark/contract/modules/workflow-process'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { page } from '../../../core/envelope.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { nextId } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { workflowDraft } from './schema.js'

/** 草稿箱: start forms saved unstarted, each seen, changed and removed by its owner only. */
export function registerDraftRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  const D = workflowDraft

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

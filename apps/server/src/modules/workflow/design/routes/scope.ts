import {
  modelScopeListCall,
  modelScopeSubmitCall,
  SCOPE_TYPES,
  WORKFLOW_DESIGN_TEXTS as T,
} from '@xpark/contract/modules/workflow-design'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { authOf } from '../../../../core/auth/plugin.js'
import { badRequest } from '../../../../core/errors.js'
import type { Api } from '../../../../core/http/api.js'
import { handle } from '../../../../core/http/calls.js'
import { nextId } from '../../../../core/ids.js'
import { scoped } from '../../../../core/tenancy.js'
import type { Db } from '../../../../db/types.js'
import { role } from '../../../authority/index.js'
import { user } from '../../../identity/index.js'
import { dept, post } from '../../../org/index.js'
import { workflowModels } from '../resources.js'
import { workflowModel, workflowModelScope } from '../schema.js'
import { ownerRow } from '../versions.js'

/** Who may start a model's processes (model/scope/list|submit); the start call reads the same rows. */

type ScopeType = (typeof SCOPE_TYPES)[number]
const MODEL = { resource: workflowModels, table: workflowModel, kind: 'model' as const }

const TARGETS: Record<ScopeType, { table: PgTable; id: PgColumn; name: PgColumn }> = {
  user: { table: user, id: user.id, name: user.realName },
  role: { table: role, id: role.id, name: role.roleName },
  dept: { table: dept, id: dept.id, name: dept.deptName },
  post: { table: post, id: post.id, name: post.postName },
}

export function registerScopeRoutes(api: Api, db: Db): void {
  const options = { preHandler: [api.scopes.api.guard] }

  handle(
    api,
    modelScopeListCall,
    async ({ modelId }, request) => {
      const auth = authOf(request)
      await ownerRow(db, MODEL, auth, modelId, T.modelMissing)
      const s = workflowModelScope
      const rows = await db
        .select()
        .from(s)
        .where(and(eq(s.tenantId, auth.tenantId), eq(s.modelId, modelId)))
        .orderBy(s.id)
      const names = new Map<string, string>()
      for (const type of SCOPE_TYPES) {
        const ids = rows.filter((r) => r.type === type).map((r) => r.val)
        if (ids.length === 0) continue
        const t = TARGETS[type]
        const found = await db
          .select({ id: sql<string>`${t.id}::text`, name: t.name })
          .from(t.table)
          .where(scoped(t.table, auth, inArray(t.id, ids)))
        for (const f of found) names.set(`${type}:${f.id}`, String(f.name))
      }
      return rows.map((r) => ({
        id: r.id,
        modelId: r.modelId,
        type: r.type,
        val: r.val,
        text: names.get(`${r.type}:${r.val}`) ?? null,
      }))
    },
    options,
  )

  handle(
    api,
    modelScopeSubmitCall,
    async ({ modelId, scopes }, request) => {
      const auth = authOf(request)
      await ownerRow(db, MODEL, auth, modelId, T.modelMissing)
      const unique = [...new Map(scopes.map((s) => [`${s.type}:${s.val}`, s])).values()]
      await db.transaction(async (tx) => {
        for (const type of SCOPE_TYPES) {
          const ids = [...new Set(unique.filter((s) => s.type === type).map((s) => s.val))]
          if (ids.length === 0) continue
          const t = TARGETS[type]
          const found = await tx
            .select({ id: t.id })
            .from(t.table)
            .where(scoped(t.table, auth, inArray(t.id, ids)))
          if (found.length !== ids.length) throw badRequest(`${T.scopeMissing}: ${type}`)
        }
        await tx
          .delete(workflowModelScope)
          .where(and(eq(workflowModelScope.tenantId, auth.tenantId), eq(workflowModelScope.modelId, modelId)))
        if (unique.length > 0)
          await tx.insert(workflowModelScope).values(
            unique.map((s) => ({
              id: nextId(),
              tenantId: auth.tenantId,
              modelId,
              type: s.type,
              val: s.val,
            })),
          )
      })
      return {}
    },
    options,
  )
}

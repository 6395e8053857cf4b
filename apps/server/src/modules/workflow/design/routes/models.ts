import {
  modelCategoryCall,
  modelDeployCall,
  modelHistoryCall,
  modelIconCall,
  modelMainVersionCall,
  WORKFLOW_DESIGN_TEXTS as T,
} from '@xpark/contract/modules/workflow-design'
import { and, eq } from 'drizzle-orm'
import { authOf } from '../../../../core/auth/plugin.js'
import { assertReferences, type References, referenceScopes, whereOf } from '../../../../core/crud/index.js'
import { badRequest, notFound } from '../../../../core/errors.js'
import type { Api } from '../../../../core/http/api.js'
import { handle } from '../../../../core/http/calls.js'
import { touched } from '../../../../core/tenancy.js'
import type { Db } from '../../../../db/types.js'
import { parseProcess } from '../../engine/graph.js'
import type { WorkflowEngine } from '../../engine/operations.js'
import { changeCategory } from '../category-change.js'
import { workflowCategories, workflowModels } from '../resources.js'
import { workflowDesignVersion, workflowModel } from '../schema.js'
import { ownerRow, versionPage } from '../versions.js'

/** The model calls beyond CRUD: history, main version, deploy, category and icon. */

const MODEL = { resource: workflowModels, table: workflowModel, kind: 'model' as const }
const categoryRefs: References = { categoryId: { to: workflowCategories, message: T.categoryMissing } }

export function registerModelRoutes(api: Api, db: Db, engine: WorkflowEngine): void {
  const options = { preHandler: [api.scopes.api.guard] }

  handle(
    api,
    modelHistoryCall,
    async ({ modelId, ...paging }, request) =>
      versionPage(db, MODEL, authOf(request), { id: modelId, ...paging }, T.modelMissing),
    options,
  )

  handle(
    api,
    modelMainVersionCall,
    async ({ modelId, version }, request) => {
      const auth = authOf(request)
      await ownerRow(db, MODEL, auth, modelId, T.modelMissing)
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .select()
          .from(workflowDesignVersion)
          .where(
            and(
              eq(workflowDesignVersion.tenantId, auth.tenantId),
              eq(workflowDesignVersion.kind, 'model'),
              eq(workflowDesignVersion.ownerId, modelId),
              eq(workflowDesignVersion.version, version),
            ),
          )
        if (!saved) throw notFound(T.versionMissing)
        await tx
          .update(workflowModel)
          .set(touched(workflowModel, auth, { xml: saved.content, version: saved.version }) as never)
          .where(eq(workflowModel.id, modelId))
      })
      return {}
    },
    options,
  )

  handle(
    api,
    modelDeployCall,
    async ({ modelId, categoryId }, request) => {
      const auth = authOf(request)
      await ownerRow(db, MODEL, auth, modelId, T.modelMissing)
      const [model] = await db.select().from(workflowModel).where(eq(workflowModel.id, modelId))
      if (!model) throw notFound(T.modelMissing)
      if (!model.xml.trim()) throw badRequest(T.noXml)
      const category = categoryId ?? model.categoryId ?? undefined
      if (category) {
        const scopes = await referenceScopes(categoryRefs, auth)
        await db.transaction((tx) =>
          assertReferences(tx, auth, categoryRefs, { categoryId: category }, scopes),
        )
      }
      // the engine's checks (unsupported nodes, the three connections, conditions, shape) refuse first
      const graph = await parseProcess(model.xml)
      if (graph.key !== model.modelKey) throw badRequest(`${T.keyMismatch}: ${graph.key} ≠ ${model.modelKey}`)
      const row = await engine.deploy(auth.tenantId, { xml: model.xml, category: category ?? '', modelId })
      return { id: row.id, processDefinitionId: row.processDefinitionId, version: row.version }
    },
    options,
  )

  handle(
    api,
    modelCategoryCall,
    async ({ ids, categoryId }, request) => {
      await changeCategory(
        db,
        authOf(request),
        { ...MODEL, column: 'categoryId' },
        ids,
        categoryId,
        T.modelMissing,
      )
      return {}
    },
    options,
  )

  handle(
    api,
    modelIconCall,
    async ({ id, icon }, request) => {
      const auth = authOf(request)
      const where = await whereOf(workflowModels, auth, eq(workflowModel.id, id))
      const changed = await db
        .update(workflowModel)
        .set(touched(workflowModel, auth, { icon: icon ?? '' }) as never)
        .where(where)
        .returning({ id: workflowModel.id })
      if (changed.length === 0) throw notFound(T.modelMissing)
      return {}
    },
    options,
  )
}

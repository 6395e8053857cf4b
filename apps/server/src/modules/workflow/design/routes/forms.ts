import {
  conditionListTypeCall,
  deploymentCategoryCall,
  formCategoryCall,
  formHistoryCall,
  formListTypeCall,
  WORKFLOW_DESIGN_TEXTS as T,
} from '@xpark/contract/modules/workflow-design'
import { eq } from 'drizzle-orm'
import { authOf } from '../../../../core/auth/plugin.js'
import { whereOf } from '../../../../core/crud/index.js'
import type { Api } from '../../../../core/http/api.js'
import { handle } from '../../../../core/http/calls.js'
import type { Db } from '../../../../db/types.js'
import { workflowDefinition } from '../../schema.js'
import { changeCategory } from '../category-change.js'
import { workflowConditions, workflowDeployments, workflowForms } from '../resources.js'
import { workflowCondition, workflowForm } from '../schema.js'
import { versionPage } from '../versions.js'

/** Forms' history, pick list and category; the conditions' picker; the deployments' category. */

const FORM = { resource: workflowForms, table: workflowForm, kind: 'form' as const }

export function registerFormRoutes(api: Api, db: Db): void {
  const options = { preHandler: [api.scopes.api.guard] }

  handle(
    api,
    formHistoryCall,
    async ({ formId, ...paging }, request) =>
      versionPage(db, FORM, authOf(request), { id: formId, ...paging }, T.formMissing),
    options,
  )

  handle(
    api,
    formListTypeCall,
    async ({ categoryId, formKey }, request) => {
      const where = await whereOf(
        workflowForms,
        authOf(request),
        categoryId ? eq(workflowForm.categoryId, categoryId) : undefined,
        formKey ? eq(workflowForm.formKey, formKey) : undefined,
      )
      return db
        .select({
          id: workflowForm.id,
          formKey: workflowForm.formKey,
          name: workflowForm.name,
          version: workflowForm.version,
          categoryId: workflowForm.categoryId,
        })
        .from(workflowForm)
        .where(where)
        .orderBy(workflowForm.name, workflowForm.id)
        .limit(1000)
    },
    options,
  )

  handle(
    api,
    formCategoryCall,
    async ({ ids, categoryId }, request) => {
      await changeCategory(
        db,
        authOf(request),
        { ...FORM, column: 'categoryId' },
        ids,
        categoryId,
        T.formMissing,
      )
      return {}
    },
    options,
  )

  handle(
    api,
    conditionListTypeCall,
    async (_params, request) => {
      const rows = await db
        .select({
          id: workflowCondition.id,
          name: workflowCondition.name,
          type: workflowCondition.type,
          expression: workflowCondition.expression,
        })
        .from(workflowCondition)
        .where(await whereOf(workflowConditions, authOf(request)))
        .orderBy(workflowCondition.type, workflowCondition.name)
        .limit(5000)
      const groups = new Map<string, { id: string; name: string; expression: string }[]>()
      for (const { type, ...condition } of rows) groups.set(type, [...(groups.get(type) ?? []), condition])
      return [...groups].map(([type, conditions]) => ({ type, conditions }))
    },
    options,
  )

  handle(
    api,
    deploymentCategoryCall,
    async ({ ids, categoryId }, request) => {
      await changeCategory(
        db,
        authOf(request),
        { resource: workflowDeployments, table: workflowDefinition, column: 'category' },
        ids,
        categoryId,
        '流程不存在',
      )
      return {}
    },
    options,
  )
}

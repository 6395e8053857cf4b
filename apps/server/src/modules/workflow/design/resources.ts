import {
  WORKFLOW_DESIGN_TEXTS as T,
  workflowButtonContract,
  workflowCategoryContract,
  workflowConditionContract,
  workflowDeploymentContract,
  workflowFormContract,
  workflowFormDefaultContract,
  workflowModelContract,
} from '@xpark/contract/modules/workflow-design'
import { and, eq, getTableName, inArray, max, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { codedTreeResource, defineResource, lookup, type WriteContext } from '../../../core/crud/index.js'
import { nextId } from '../../../core/ids.js'
import type { Tx } from '../../../db/client.js'
import { compileCondition } from '../engine/conditions.js'
import { INSTANCE, workflowDefinition, workflowInstance } from '../schema.js'
import { checkDiagram, checkFormSchema, checkValues } from './diagram.js'
import {
  workflowButton,
  workflowCategory,
  workflowCondition,
  workflowDesignVersion,
  workflowForm,
  workflowFormDefault,
  workflowModel,
} from './schema.js'

/** The design resources (docs/modules/workflow.md "Design calls"); the calls beside them are in routes/. */

type Values = Record<string, unknown>

export const workflowCategories = codedTreeResource({
  contract: workflowCategoryContract,
  table: workflowCategory,
  duplicate: '分类编码已存在',
  // the tenant's one filing tree, like a dictionary: every designer files under the same categories
  scope: false,
  inUse: [
    { table: workflowModel, column: 'categoryId', message: T.categoryInUse },
    { table: workflowForm, column: 'categoryId', message: T.categoryInUse },
  ],
})

/**
 * A model's or form's save is a new version: one past the highest saved (a main version set back to
 * an older one does not reuse the numbers after it); the row as written is kept in the versions table.
 */
async function nextVersion(
  tx: Tx,
  kind: 'model' | 'form',
  table: typeof workflowModel | typeof workflowForm,
  id?: string,
) {
  if (!id) return 1
  const [current] = await tx.select({ version: table.version }).from(table).where(eq(table.id, id))
  const [last] = await tx
    .select({ version: max(workflowDesignVersion.version) })
    .from(workflowDesignVersion)
    .where(and(eq(workflowDesignVersion.ownerId, id), eq(workflowDesignVersion.kind, kind)))
  return Math.max(last?.version ?? 0, current?.version ?? 0) + 1
}

export async function keepVersion(
  tx: Tx,
  kind: 'model' | 'form',
  row: { id: string; tenantId: string; version: number; name: string; content: string },
  userId: string,
) {
  await tx.insert(workflowDesignVersion).values({
    id: nextId(),
    tenantId: row.tenantId,
    kind,
    ownerId: row.id,
    version: row.version,
    name: row.name,
    content: row.content,
    createUser: userId,
  })
}

const categoryName = { categoryName: lookup(workflowCategory, 'name', 'categoryId') }
const categoryRef = { categoryId: { to: () => workflowCategories, message: T.categoryMissing } }

const modelTable = sql.identifier(getTableName(workflowModel))
const definitionTable = sql.identifier(getTableName(workflowDefinition))

export const workflowModels = defineResource({
  contract: workflowModelContract,
  table: workflowModel,
  unique: [{ fields: ['modelKey'], message: '模型标识已存在: {modelKey}' }],
  references: categoryRef,
  expand: {
    ...categoryName,
    deployedVersion: () =>
      sql`(select max(d.version) from ${definitionTable} d where d.model_id = ${modelTable}.id and d.tenant_id = ${modelTable}.tenant_id and d.is_deleted = 0)`,
  },
  beforeWrite: async ({ tx, values, id }: WriteContext<Values>) => {
    const version = await nextVersion(tx, 'model', workflowModel, id)
    const [current] = id ? await tx.select().from(workflowModel).where(eq(workflowModel.id, id)) : []
    const key = String(values.modelKey ?? current?.modelKey ?? '')
    const xml = String(values.xml ?? current?.xml ?? '')
    if (xml.trim()) await checkDiagram(xml, key)
    values.version = version
  },
  afterWrite: async ({ tx, auth, id }) => {
    const [row] = await tx.select().from(workflowModel).where(eq(workflowModel.id, id))
    if (row) await keepVersion(tx, 'model', { ...row, content: row.xml }, auth.userId)
  },
})

export const workflowForms = defineResource({
  contract: workflowFormContract,
  table: workflowForm,
  unique: [{ fields: ['formKey'], message: '表单标识已存在: {formKey}' }],
  references: categoryRef,
  expand: categoryName,
  beforeWrite: async ({ tx, values, id }: WriteContext<Values>) => {
    const version = await nextVersion(tx, 'form', workflowForm, id)
    if (typeof values.content === 'string' && values.content.trim()) checkFormSchema(values.content)
    values.version = version
  },
  afterWrite: async ({ tx, auth, id }) => {
    const [row] = await tx.select().from(workflowForm).where(eq(workflowForm.id, id))
    if (row) await keepVersion(tx, 'form', row, auth.userId)
  },
})

export const workflowFormDefaults = defineResource({
  contract: workflowFormDefaultContract,
  table: workflowFormDefault,
  references: { formId: { to: () => workflowForms, message: T.formMissing } },
  expand: {
    formName: lookup(workflowForm, 'name', 'formId'),
    formKey: lookup(workflowForm, 'formKey', 'formId'),
  },
  beforeWrite: async ({ values }: WriteContext<Values>) => {
    if (typeof values.content === 'string') checkValues(values.content)
  },
})

export const workflowConditions = defineResource({
  contract: workflowConditionContract,
  table: workflowCondition,
  unique: [{ fields: ['name'], message: '表达式名称已存在: {name}' }],
  // a bad expression is refused when saved, not when an instance reaches it (engine/conditions.ts)
  beforeWrite: async ({ values }: WriteContext<Values>) => {
    if (typeof values.expression === 'string') compileCondition(values.expression)
  },
})

export const workflowButtons = defineResource({
  contract: workflowButtonContract,
  table: workflowButton,
  unique: [{ fields: ['buttonKey'], message: '按钮标识已存在: {buttonKey}' }],
})

const deploymentTable = sql.identifier(getTableName(workflowDefinition))
const instanceTable = sql.identifier(getTableName(workflowInstance))
const categoryTable = sql.identifier(getTableName(workflowCategory))
const LIVE_INSTANCE = [INSTANCE.running, INSTANCE.suspended]

export const workflowDeployments = defineResource({
  contract: workflowDeploymentContract,
  table: workflowDefinition as PgTable,
  // the model is the designer's (narrowed by data scope): a deployment does not name it to everyone
  omit: ['xml', 'graph', 'modelId'],
  // the tenant's process catalogue, written by deploying a model: no creator to narrow it by
  scope: false,
  expand: {
    // the category column is text (a definition outlives its category): compared as text
    categoryName: () =>
      sql`(select c.name from ${categoryTable} c where c.id::text = ${deploymentTable}.category and c.tenant_id = ${deploymentTable}.tenant_id and c.is_deleted = 0)`,
    runningCount: () =>
      sql`(select count(*)::int from ${instanceTable} i where i.definition_id = ${deploymentTable}.id and i.status in (${sql.join(LIVE_INSTANCE, sql`, `)}) and i.is_deleted = 0)`,
  },
  inUse: [
    {
      table: workflowInstance,
      column: 'definitionId',
      where: inArray(workflowInstance.status, LIVE_INSTANCE),
      message: T.running,
    },
  ],
})

import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import {
  codedTreeColumns,
  codedTreeIndexes,
  id,
  live,
  tenantColumns,
  tenantIndexes,
} from '../../../db/columns.js'

/**
 * The design side of workflow (issue 31; docs/modules/workflow.md "Design calls"): categories, models
 * and forms with their saved versions, form default values, conditions, node buttons and who may
 * start a model's processes. Deployments are the engine's `xpark_wf_definition` rows.
 */

/** 流程分类: a coded tree. */
export const workflowCategory = pgTable('xpark_wf_category', codedTreeColumns(), (t) => [
  ...codedTreeIndexes('xpark_wf_category', t),
])

/** 模型: the BPMN being designed; `version` counts its saves (each in `xpark_wf_design_version`). */
export const workflowModel = pgTable(
  'xpark_wf_model',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    /** the BPMN process id, the deployed definition's key */
    modelKey: varchar('model_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    categoryId: id('category_id'),
    icon: varchar('icon', { length: 255 }).notNull().default(''),
    description: varchar('description', { length: 500 }).notNull().default(''),
    xml: text('xml').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    ...tenantIndexes('xpark_wf_model', t),
    uniqueIndex('xpark_wf_model_key_uq').on(t.tenantId, t.modelKey).where(live),
  ],
)

/** 表单: a form-js schema (JSON text); `version` counts its saves. */
export const workflowForm = pgTable(
  'xpark_wf_form',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    formKey: varchar('form_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    categoryId: id('category_id'),
    content: text('content').notNull().default(''),
    version: integer('version').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_wf_form', t),
    uniqueIndex('xpark_wf_form_key_uq').on(t.tenantId, t.formKey).where(live),
  ],
)

/** One saved version of a model (`kind` model) or a form (`kind` form): the history screens. */
export const workflowDesignVersion = pgTable(
  'xpark_wf_design_version',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ownerId: id('owner_id').notNull(),
    version: integer('version').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    content: text('content').notNull(),
    createUser: id('create_user'),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('xpark_wf_design_version_uq').on(t.ownerId, t.kind, t.version)],
)

/** 表单默认值: preset values (a JSON object) of a form. */
export const workflowFormDefault = pgTable(
  'xpark_wf_form_default',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    formId: id('form_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    content: varchar('content', { length: 20_000 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [...tenantIndexes('xpark_wf_form_default', t), index('xpark_wf_form_default_form_idx').on(t.formId)],
)

/** 流程表达式: a named filtrex condition the designer puts on a flow. */
export const workflowCondition = pgTable(
  'xpark_wf_condition',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    expression: varchar('expression', { length: 1000 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [...tenantIndexes('xpark_wf_condition', t)],
)

/** 流程按钮: an operation a node may enable (`wf_pass` 同意, `wf_reject` 驳回…). */
export const workflowButton = pgTable(
  'xpark_wf_button',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    buttonKey: varchar('button_key', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** 1: enabled on a new node by default */
    display: integer('display').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_wf_button', t),
    uniqueIndex('xpark_wf_button_key_uq').on(t.tenantId, t.buttonKey).where(live),
  ],
)

/** Who may start a model's processes (none: everyone): a user, role, department or post. */
export const workflowModelScope = pgTable(
  'xpark_wf_model_scope',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    modelId: id('model_id').notNull(),
    /** user | role | dept | post */
    type: varchar('type', { length: 8 }).notNull(),
    val: id('val').notNull(),
  },
  (t) => [index('xpark_wf_model_scope_model_idx').on(t.modelId)],
)

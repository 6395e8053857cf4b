import { z } from 'zod'
import { type CallInput, defineCall } from '../../calls.js'
import { code, idList, optionalReference, optionalText, reference, wire } from '../../fields.js'
import { doneReply, pageOf } from '../../replies.js'
import {
  WORKFLOW_DESIGN_TEXTS as T,
  workflowConditionContract,
  workflowFormContract,
  workflowModelContract,
} from './resources.js'

/** The design calls that are no plain CRUD: versions, deploy, category and icon changes, model scope, pickers. */

function designCall<P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  input: Omit<CallInput<P, R>, 'tag'>,
) {
  return defineCall<P, R>({ ...input, tag: 'workflow-design' })
}

const BASE = 'blade-workflow/design'

/** Button codes of the design screens beyond the four of each resource. */
export const WORKFLOW_DESIGN_BUTTONS = {
  modelDeploy: 'workflow_model_deploy',
  modelCategory: 'workflow_model_category',
  modelIcon: 'workflow_model_icon',
  modelScope: 'workflow_model_scope',
  formCategory: 'workflow_form_category',
  deploymentCategory: 'workflow_deployment_category',
} as const
const B = WORKFLOW_DESIGN_BUTTONS

/** One saved version of a model or a form. */
export const DesignVersionRow = z.object({
  id: wire.id,
  version: wire.number,
  name: wire.text,
  /** the BPMN (model) or the form-js schema (form) of that version */
  content: wire.text,
  createUser: wire.optionalId,
  createTime: wire.date,
  /** the version the model or form holds now */
  main: z.boolean(),
})

const paging = {
  current: z.coerce.number().int().min(1).max(100_000).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
}

export const modelHistoryCall = designCall({
  path: `${BASE}/model/history`,
  method: 'GET',
  permission: workflowModelContract.permissions.view,
  params: z.object({ modelId: reference(T.modelMissing), ...paging }),
  reply: pageOf(DesignVersionRow),
  summary: "a model's saved versions, newest first",
})

export const modelMainVersionCall = designCall({
  path: `${BASE}/model/setMainVersion`,
  method: 'POST',
  permission: workflowModelContract.permissions.edit,
  params: z.object({
    modelId: reference(T.modelMissing),
    version: z.coerce.number().int().min(1, T.versionMissing),
  }),
  reply: doneReply,
  summary: 'make a saved version the main one again (the model holds its BPMN; a new version is written)',
})

export const modelDeployCall = designCall({
  path: `${BASE}/model/deploy`,
  method: 'POST',
  permission: B.modelDeploy,
  params: z.object({ modelId: reference(T.modelMissing), categoryId: optionalReference(T.categoryMissing) }),
  reply: z.object({ id: wire.id, processDefinitionId: wire.text, version: wire.number }),
  summary: 'deploy a model: its BPMN checked by the engine, definition version n+1 of its key',
})

const categoryChange = z.object({
  ids: idList('ids: comma-separated ids', 200),
  categoryId: reference(T.categoryMissing),
})

export const modelCategoryCall = designCall({
  path: `${BASE}/model/changeCategory`,
  method: 'POST',
  permission: B.modelCategory,
  params: categoryChange,
  reply: doneReply,
  summary: 'move models to a category',
})

export const modelIconCall = designCall({
  path: `${BASE}/model/changeIcon`,
  method: 'POST',
  permission: B.modelIcon,
  params: z.object({ id: reference(T.modelMissing), icon: optionalText('icon', 255) }),
  reply: doneReply,
  summary: "a model's icon",
})

export const SCOPE_TYPES = ['user', 'role', 'dept', 'post'] as const

export const ModelScopeRow = z.object({
  id: wire.id,
  modelId: wire.id,
  /** user, role, dept or post */
  type: wire.text,
  val: wire.id,
  /** the user's, role's, department's or post's name */
  text: wire.optionalText,
})

export const modelScopeListCall = designCall({
  path: `${BASE}/model/scope/list`,
  method: 'GET',
  permission: workflowModelContract.permissions.view,
  params: z.object({ modelId: reference(T.modelMissing) }),
  reply: z.array(ModelScopeRow),
  summary: 'who may start the processes of a model (none: everyone)',
})

export const modelScopeSubmitCall = designCall({
  path: `${BASE}/model/scope/submit`,
  method: 'POST',
  permission: B.modelScope,
  in: 'body',
  params: z.object({
    modelId: reference(T.modelMissing),
    scopes: z
      .array(
        z.object({
          type: z.enum(SCOPE_TYPES, { error: 'type: user, role, dept or post' }),
          val: reference(T.scopeMissing),
        }),
      )
      .max(500, 'scopes: at most 500'),
  }),
  reply: doneReply,
  summary:
    "replace who may start a model's processes (an unknown user, role, department or post refuses all)",
})

export const formHistoryCall = designCall({
  path: `${BASE}/form/history`,
  method: 'GET',
  permission: workflowFormContract.permissions.view,
  params: z.object({ formId: reference(T.formMissing), ...paging }),
  reply: pageOf(DesignVersionRow),
  summary: "a form's saved versions, newest first",
})

export const FormPickRow = z.object({
  id: wire.id,
  formKey: wire.text,
  name: wire.text,
  version: wire.number,
  categoryId: wire.optionalId,
})

export const formListTypeCall = designCall({
  path: `${BASE}/form/listType`,
  method: 'GET',
  permission: workflowFormContract.permissions.view,
  params: z.object({ categoryId: optionalReference(T.categoryMissing), formKey: code('formKey').optional() }),
  reply: z.array(FormPickRow),
  summary: "the forms a designer picks from (all of a category's, or one key's), without their schemas",
})

export const formCategoryCall = designCall({
  path: `${BASE}/form/changeCategory`,
  method: 'POST',
  permission: B.formCategory,
  params: categoryChange,
  reply: doneReply,
  summary: 'move forms to a category',
})

export const ConditionTypeRow = z.object({
  type: wire.text,
  conditions: z.array(z.object({ id: wire.id, name: wire.text, expression: wire.text })),
})

export const conditionListTypeCall = designCall({
  path: `${BASE}/condition/listType`,
  method: 'GET',
  permission: workflowConditionContract.permissions.view,
  reply: z.array(ConditionTypeRow),
  summary: "the tenant's conditions grouped by type (the designer's expression picker)",
})

export const deploymentCategoryCall = designCall({
  path: `${BASE}/deployment/changeCategory`,
  method: 'POST',
  permission: B.deploymentCategory,
  params: categoryChange,
  reply: doneReply,
  summary: 'move deployments to a category (their new instances carry it)',
})

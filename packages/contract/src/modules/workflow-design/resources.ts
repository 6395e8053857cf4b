import { z } from 'zod'
import {
  choice,
  code,
  optionalReference,
  optionalText,
  reference,
  requiredText,
  sort,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { codedTreeContract } from '../../presets.js'

/**
 * Workflow design (issue 31; docs/modules/workflow.md "Design calls"): process categories, models
 * (BPMN with versions, deployed into definitions), forms (form-js schemas with versions) and their
 * default values, conditions (filtrex), node buttons, and the deployments. Base `/blade-workflow/design/`.
 */

const BASE = 'blade-workflow/design'

/** The largest BPMN or form schema a design holds (a 200-node diagram is ~120 KB). */
export const DESIGN_TEXT_MAX = 200_000

export const WORKFLOW_DESIGN_TEXTS = {
  keyMismatch: '流程图的流程标识与模型标识不一致',
  badXml: '流程图无法解析',
  noXml: '模型还没有流程图, 不能部署',
  badForm: '表单内容必须是含 components 的 JSON 对象',
  badValues: '默认值必须是 JSON 对象',
  running: '该流程还有运行中的实例',
  modelMissing: '模型不存在',
  formMissing: '表单不存在',
  versionMissing: '该版本不存在',
  categoryMissing: '流程分类不存在',
  scopeMissing: '所选范围不存在或无权访问',
  categoryInUse: '该分类下还有模型或表单, 不能删除: {label}',
} as const

/** 流程分类: a coded tree (tree and allTree answer the TreeNodes). */
export const workflowCategoryContract = codedTreeContract({
  path: `${BASE}/category`,
  code: 'workflow_category',
  noun: 'category',
  routes: { tree: { path: 'tree', also: [`/${BASE}/category/allTree`] } },
})

/** 模型设计: a BPMN model; every save is a version (history), deploy makes definition version n+1. */
export const workflowModelContract = defineContract({
  path: `${BASE}/model`,
  code: 'workflow_model',
  form: z.object({
    /** the BPMN process id: the definition's key (`key:version:id`) */
    modelKey: code('请输入模型标识', 64),
    name: requiredText('请输入模型名称', 128),
    categoryId: optionalReference(WORKFLOW_DESIGN_TEXTS.categoryMissing),
    icon: optionalText('icon', 255),
    description: optionalText('description', 500),
    xml: optionalText('xml', DESIGN_TEXT_MAX),
  }),
  row: z.object({
    id: wire.id,
    modelKey: wire.text,
    name: wire.text,
    categoryId: wire.optionalId,
    categoryName: wire.optionalText,
    icon: wire.text,
    description: wire.text,
    xml: wire.text,
    version: wire.number,
    /** the newest deployed definition's version of this model (null: never deployed) */
    deployedVersion: wire.optionalNumber,
    status: wire.number,
    createTime: wire.date,
    updateTime: wire.date,
  }),
  filters: { name: 'like', modelKey: 'like', categoryId: 'eq' },
  sorts: ['name', 'modelKey', 'createTime', 'updateTime'],
  routes: { page: false, save: false, update: false },
})

/** 表单设计: a form-js schema; every save is a version (history). */
export const workflowFormContract = defineContract({
  path: `${BASE}/form`,
  code: 'workflow_form',
  form: z.object({
    formKey: code('请输入表单标识', 64),
    name: requiredText('请输入表单名称', 128),
    categoryId: optionalReference(WORKFLOW_DESIGN_TEXTS.categoryMissing),
    /** the form-js schema, JSON text: `{"components": [...]}` */
    content: optionalText('content', DESIGN_TEXT_MAX),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    formKey: wire.text,
    name: wire.text,
    categoryId: wire.optionalId,
    categoryName: wire.optionalText,
    content: wire.text,
    version: wire.number,
    remark: wire.text,
    status: wire.number,
    createTime: wire.date,
    updateTime: wire.date,
  }),
  filters: { name: 'like', formKey: 'like', categoryId: 'eq' },
  sorts: ['name', 'formKey', 'createTime', 'updateTime'],
  routes: { page: false, save: false, update: false },
})

/** 表单默认值: a form's preset values (JSON object) for its start. */
export const workflowFormDefaultContract = defineContract({
  path: `${BASE}/form/default-values`,
  code: 'workflow_form_default',
  form: z.object({
    formId: reference(WORKFLOW_DESIGN_TEXTS.formMissing),
    name: requiredText('请输入名称', 64),
    /** JSON object text: field → value */
    content: requiredText(WORKFLOW_DESIGN_TEXTS.badValues, 20_000),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    formId: wire.id,
    formName: wire.optionalText,
    formKey: wire.optionalText,
    name: wire.text,
    content: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', formId: 'eq' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false },
})

/** 流程表达式: a named condition (filtrex over the form's variables), checked when saved. */
export const workflowConditionContract = defineContract({
  path: `${BASE}/condition`,
  code: 'workflow_condition',
  form: z.object({
    name: requiredText('请输入表达式名称', 64),
    /** what it is about (the designer groups the picker by it: `listType`) */
    type: requiredText('请输入表达式类型', 32),
    expression: requiredText('请输入表达式', 1000),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    type: wire.text,
    expression: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', type: 'eq' },
  sorts: ['name', 'type', 'createTime'],
  routes: { page: false, save: false, update: false },
})

/** 流程按钮: the operations a node may enable (`wf_pass`, `wf_reject`…), enforced by the process calls. */
export const workflowButtonContract = defineContract({
  path: `${BASE}/button`,
  code: 'workflow_button',
  form: z.object({
    buttonKey: code('请输入按钮标识', 32),
    name: requiredText('请输入按钮名称', 32),
    sort,
    /** 1 shown by default on a new node, 0 not */
    display: choice('display: 0 or 1', 0, 1).optional(),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    buttonKey: wire.text,
    name: wire.text,
    sort: wire.number,
    display: wire.number,
    remark: wire.text,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { name: 'like', buttonKey: 'like' },
  sorts: ['sort', 'buttonKey', 'createTime'],
  routes: { page: false, save: false, update: false },
})

/** Deployment `status`: 1 active, 2 suspended (new starts refused: 流程已挂起). */
export const DEPLOYMENT = { active: 1, suspended: 2 } as const

/** 部署管理: the deployed definitions (`key:version:id`); suspend/activate; removed only without running instances. */
export const workflowDeploymentContract = defineContract({
  path: `${BASE}/deployment`,
  code: 'workflow_deployment',
  // deployments are made by deploying a model: nothing to submit
  form: z.object({}),
  row: z.object({
    id: wire.id,
    processDefinitionId: wire.text,
    key: wire.text,
    name: wire.text,
    version: wire.number,
    category: wire.text,
    categoryName: wire.optionalText,
    status: wire.number,
    deployTime: wire.date,
    /** its running (or suspended) instances */
    runningCount: wire.number,
  }),
  filters: { name: 'like', key: 'eq', category: 'eq', status: 'eq' },
  sorts: ['key', 'version', 'deployTime'],
  routes: { page: false, detail: false, submit: false, save: false, update: false },
  actions: {
    changeStatus: {
      name: '挂起激活',
      permission: 'workflow_deployment_status',
      state: 'status',
      input: z.object({ status: choice('status: 1 or 2', 1, 2) }),
      transitions: [
        {
          label: 'workflow.suspend',
          from: [DEPLOYMENT.active],
          to: DEPLOYMENT.suspended,
          when: { status: 2 },
          danger: true,
        },
        {
          label: 'workflow.activate',
          from: [DEPLOYMENT.suspended],
          to: DEPLOYMENT.active,
          when: { status: 1 },
        },
      ],
    },
  },
})

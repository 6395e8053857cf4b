import type { DemoContext } from '../../../core/module.js'
import { stamped } from '../../../core/tenancy.js'
import { WorkflowEngine } from '../engine/operations.js'
import { keepVersion } from './resources.js'
import {
  workflowButton,
  workflowCategory,
  workflowCondition,
  workflowForm,
  workflowFormDefault,
  workflowModel,
} from './schema.js'

/**
 * The demo park's design: a category, the node buttons, a condition, the leave form with its default
 * values, and the leave model (经理审批, 人事审批 when days > 3) deployed as `park_leave` versions 1 (a request running) and 2 (not `leave`: the
 * engine's tests deploy that key in the demo park).
 */

/** The operations a node may enable; the process calls enforce them (当前节点不允许此操作). */
export const DEFAULT_BUTTONS: readonly (readonly [string, string])[] = [
  ['wf_pass', '同意'],
  ['wf_reject', '驳回'],
  ['wf_transfer', '转办'],
  ['wf_delegate', '委托'],
  ['wf_rollback', '退回'],
  ['wf_withdraw', '撤回'],
  ['wf_terminate', '终止'],
  ['wf_add_instance', '加签'],
  ['wf_delete_instance', '减签'],
  ['wf_copy', '抄送'],
]

/** The demo's process key. */
export const DEMO_KEY = 'park_leave'

export function leaveXml(approver: string, key = DEMO_KEY): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
             xmlns:xpark="http://xpark.dev/schema/bpmn" id="leave-definitions" targetNamespace="http://xpark.dev/workflow">
  <process id="${key}" name="请假审批" isExecutable="true">
    <startEvent id="start" name="开始" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="manager" />
    <userTask id="manager" name="经理审批" xpark:assignee="user:${approver}" />
    <sequenceFlow id="f2" sourceRef="manager" targetRef="decide" />
    <exclusiveGateway id="decide" default="f4" />
    <sequenceFlow id="f3" sourceRef="decide" targetRef="hr">
      <conditionExpression xsi:type="tFormalExpression">\${days > 3 and pass}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="f4" sourceRef="decide" targetRef="end" />
    <userTask id="hr" name="人事审批" xpark:assignee="user:${approver}" />
    <sequenceFlow id="f5" sourceRef="hr" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
</definitions>
`
}

export const LEAVE_FORM = JSON.stringify({
  type: 'default',
  components: [
    { key: 'days', label: '请假天数', type: 'number', validate: { required: true, min: 0.5 } },
    { key: 'reason', label: '请假事由', type: 'textarea', validate: { required: true } },
  ],
})

export async function seedWorkflowDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin') ?? '0'
  const auth = { tenantId, userId: admin, deptIds: [...depts] }
  const category = stamped(workflowCategory, auth, { code: 'admin', name: '行政审批', parentId: '0' })
  await tx.insert(workflowCategory).values(category as never)
  await tx
    .insert(workflowButton)
    .values(
      DEFAULT_BUTTONS.map(([buttonKey, name], i) =>
        stamped(workflowButton, auth, { buttonKey, name, sort: i + 1 }),
      ) as never,
    )
  await tx.insert(workflowCondition).values(
    stamped(workflowCondition, auth, {
      name: '请假超过3天',
      type: '请假',
      expression: 'days > 3',
    }) as never,
  )
  const form = stamped(workflowForm, auth, {
    formKey: DEMO_KEY,
    name: '请假表单',
    categoryId: category.id,
    content: LEAVE_FORM,
  })
  await tx.insert(workflowForm).values(form as never)
  const form1 = { id: String(form.id), tenantId, version: 1, name: '请假表单', content: LEAVE_FORM }
  await keepVersion(tx, 'form', form1, admin)
  await tx.insert(workflowFormDefault).values(
    stamped(workflowFormDefault, auth, {
      formId: form.id,
      name: '一天事假',
      content: JSON.stringify({ days: 1, reason: '事假' }),
    }) as never,
  )
  const xml = leaveXml(admin)
  const model = stamped(workflowModel, auth, {
    modelKey: DEMO_KEY,
    name: '请假审批',
    categoryId: category.id,
    icon: '',
    xml,
  })
  await tx.insert(workflowModel).values(model as never)
  await keepVersion(
    tx,
    'model',
    { id: String(model.id), tenantId, version: 1, name: '请假审批', content: xml },
    admin,
  )
  // deployed twice, a request of five days started on the first: version 1 runs, version 2 is free
  const engine = new WorkflowEngine(tx) // a transaction's transaction is a savepoint
  const first = await engine.deploy(tenantId, {
    xml,
    category: String(category.id),
    modelId: String(model.id),
  })
  await engine.start(
    { tenantId, userId: admin },
    { definitionId: first.id, variables: { days: 5, reason: '家中有事' } },
  )
  await engine.deploy(tenantId, { xml, category: String(category.id), modelId: String(model.id) })
}

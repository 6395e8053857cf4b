import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../../calls.js'
import {
  idList,
  optionalReference,
  optionalText,
  optionalWholeNumber,
  reference,
  requiredDateTime,
  requiredText,
  wholeNumber,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { doneReply, pageOf } from '../../replies.js'

/**
 * Workflow operations (流程监控), proxies (流程代理), and the worked example of a business row run as
 * a process: leave requests (请假) and drafts (草稿箱). See docs/modules/workflow.md, "Process calls".
 */

/** Monitoring every instance of the tenant, and terminating any of them (terminateProcess). */
export const WORKFLOW_OPS = 'workflow_ops'
/** The proxy screen's buttons. */
export const WORKFLOW_PROXY = {
  view: 'workflow_proxy_view',
  add: 'workflow_proxy_add',
  edit: 'workflow_proxy_edit',
  delete: 'workflow_proxy_delete',
} as const
/** The process key a leave request starts (the demo park deploys it with its 请假表单). */
export const LEAVE_PROCESS_KEY = 'park_leave'

export const PROXY_TEXTS = {
  self: '不能代理给自己',
  cycle: '代理不能形成循环',
  period: '结束时间必须晚于开始时间',
  noUser: '用户不存在',
  notFound: '代理不存在',
} as const

/** Paging as BladeX clients send it (`current`, `size`). */
export const paging = {
  current: optionalWholeNumber('current: 1 or more', 1, 1_000_000),
  size: optionalWholeNumber('size: 1 to 500', 1, 500),
}
const opsPaging = paging

/** An instance as monitoring lists it. */
export const OpsInstanceRow = z.object({
  id: wire.id,
  processInstanceId: wire.id,
  processDefinitionId: wire.text,
  processDefinitionKey: wire.text,
  processDefinitionName: wire.text,
  category: wire.text,
  businessKey: wire.text,
  startUser: wire.id,
  startUserName: wire.text,
  /** the open tasks' names, comma-joined */
  currentTasks: wire.text,
  processStatus: wire.number,
  startTime: wire.date,
  endTime: wire.optionalDate,
  reason: wire.text,
})

const opsFilters = z.object({
  ...opsPaging,
  processDefinitionKey: optionalText('processDefinitionKey', 64),
  startUser: optionalReference('startUser: an id'),
})

const opsList = (path: string, summary: string) =>
  defineCall({
    path: `blade-workflow/ops/${path}`,
    method: 'GET',
    permission: WORKFLOW_OPS,
    params: opsFilters,
    reply: pageOf(OpsInstanceRow),
    summary,
    tag: 'workflow-ops',
  })

export const opsListCall = opsList('list', 'every instance of the tenant (running, suspended, ended)')
export const opsProcessListCall = opsList('processList', 'the running and suspended instances')
export const opsDoneListCall = opsList('doneList', 'the ended instances (completed, terminated, withdrawn)')

/** The monitor's actions' texts (ours: the spec names the actions, not their refusals). */
export const OPS_TEXTS = {
  sameAssignee: '不能转给当前处理人',
  notUserTask: '只能调度到本流程的用户任务节点',
  reasonRequired: '请填写删除原因',
  urgedWithinHour: '该任务一小时内已催办过, 请稍后再试',
  copiedAlready: '所选人员都已抄送过',
} as const

const opsComment = optionalText('comment', 500)
const opsAction = <S extends z.ZodRawShape>(path: string, summary: string, shape: S) =>
  defineCall({
    path: `blade-workflow/ops/${path}`,
    method: 'POST',
    permission: WORKFLOW_OPS,
    params: z.object(shape),
    reply: doneReply,
    summary,
    tag: 'workflow-ops',
  })

/** 变更审核人: an open task (待签 too) goes to a live user of the tenant; messaged after the commit. */
export const opsChangeAssigneeCall = opsAction('changeAssignee', 'change the assignee of an open task', {
  taskId: reference('taskId: an id'),
  assignee: reference('请选择办理人'),
  comment: opsComment,
})
/** 调度: every open task of the instance closes, the node (a user task of its definition) opens. */
export const opsDispatchCall = opsAction('dispatch', 'dispatch a running instance to a user task node', {
  processInstanceId: reference('processInstanceId: an id'),
  nodeId: z.string({ error: '请选择调度节点' }).trim().min(1, '请选择调度节点').max(64),
  comment: opsComment,
})
/** 删除流程: a reason; the instance leaves every list, its tasks are cancelled, its history kept. */
export const opsDeleteProcessCall = opsAction(
  'deleteProcess',
  'delete an instance (a reason; history kept)',
  {
    processInstanceId: reference('processInstanceId: an id'),
    reason: requiredText(OPS_TEXTS.reasonRequired, 255),
  },
)
/** 催办: the task's assignee (or its candidates) is messaged; once an hour per task. */
export const opsUrgeCall = opsAction('urge', 'urge an open task (once an hour)', {
  taskId: reference('taskId: an id'),
  comment: opsComment,
})
/** 挂起 (status 2) or 激活 (status 1) an instance. */
export const opsChangeStatusCall = opsAction('changeStatus', 'suspend (2) or activate (1) an instance', {
  processInstanceId: reference('processInstanceId: an id'),
  status: wholeNumber('status: 1 or 2', 1, 2),
})
/** The user task nodes an instance may be dispatched to (its definition's). */
export const opsDispatchNodesCall = defineCall({
  path: 'blade-workflow/ops/dispatchNodes',
  method: 'GET',
  permission: WORKFLOW_OPS,
  params: z.object({ processInstanceId: reference('processInstanceId: an id') }),
  reply: z.array(z.object({ nodeId: wire.text, nodeName: wire.text })),
  summary: "the user task nodes of an instance's definition (dispatch targets)",
  tag: 'workflow-ops',
})
/**
 * 抄送: a task's handler copies its instance to live users of the tenant (the node must offer
 * `wf_copy`); they find it in 抄送事务, may open its detail, and are messaged after the commit.
 */
export const copyTaskCall = defineCall({
  path: 'blade-workflow/ops/copy',
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({
    taskId: reference('taskId: an id'),
    assignee: idList('请选择抄送人员', 50),
    comment: opsComment,
  }),
  reply: doneReply,
  summary: "copy a task's instance to users (its handler; the node offers wf_copy)",
  tag: 'workflow-ops',
})

export const ProxyRow = z.object({
  id: wire.id,
  userId: wire.id,
  userName: wire.text,
  proxyUserId: wire.id,
  proxyUserName: wire.text,
  startTime: wire.date,
  endTime: wire.date,
  categories: wire.text,
  status: wire.number,
})

export const ProxyForm = z.object({
  id: optionalReference('id: an id'),
  userId: reference('请选择被代理人'),
  proxyUserId: reference('请选择代理人'),
  startTime: requiredDateTime('startTime'),
  endTime: requiredDateTime('endTime'),
  /** process categories it covers, comma-joined; empty: all */
  categories: optionalText('categories', 1000),
  status: optionalWholeNumber('status: 0 or 1', 0, 1),
})

export const proxyListCall = defineCall({
  path: 'blade-workflow/ops/proxy/list',
  method: 'GET',
  permission: WORKFLOW_PROXY.view,
  params: z.object({ ...opsPaging, userId: optionalReference('userId: an id') }),
  reply: pageOf(ProxyRow),
  summary: 'the proxies of the tenant',
  tag: 'workflow-proxy',
})
export const proxyDetailCall = defineCall({
  path: 'blade-workflow/ops/proxy/detail',
  method: 'GET',
  permission: WORKFLOW_PROXY.view,
  params: z.object({ id: reference('id: an id') }),
  reply: ProxyRow,
  summary: 'one proxy',
  tag: 'workflow-proxy',
})
export const proxySubmitCall = defineCall({
  path: 'blade-workflow/ops/proxy/submit',
  method: 'POST',
  permission: [WORKFLOW_PROXY.add, WORKFLOW_PROXY.edit],
  params: ProxyForm,
  reply: z.object({ id: wire.id }),
  summary: 'A to B for a period and categories (not to oneself, no cycle)',
  tag: 'workflow-proxy',
})
export const proxyRemoveCall = defineCall({
  path: 'blade-workflow/ops/proxy/remove',
  method: 'POST',
  permission: WORKFLOW_PROXY.delete,
  params: z.object({ ids: idList('ids: comma-separated ids', 100) }),
  reply: doneReply,
  summary: 'remove proxies',
  tag: 'workflow-proxy',
})

/**
 * 请假, the worked example of the kit's `workflow` declaration: a kit resource whose new row starts the
 * `park_leave` process in its write's transaction; `approvalStatus` mirrors the instance (审批中, 已通过,
 * 已驳回, 已撤销); running or approved requests are read-only. Anyone signed in asks for their own leave
 * (the list holds the caller's only). `GET`/`POST blade-workflow/leave` answer as BladeX named them.
 */
export const LeaveForm = z
  .object({
    leaveType: optionalText('leaveType', 32),
    startTime: requiredDateTime('startTime'),
    endTime: requiredDateTime('endTime'),
    days: wholeNumber('days', 1, 365),
    reason: requiredText('请填写请假原因', 255),
  })
  .refine((v) => v.endTime.replace('T', ' ') >= v.startTime.replace('T', ' '), {
    message: '结束时间不能早于开始时间',
    path: ['endTime'],
  })

/** 审批中, 已通过, 已驳回 (ended on a rejection), 已撤销 (terminated or withdrawn): the kit's APPROVAL */
export const LEAVE_STATUS = { running: 1, approved: 2, rejected: 3, cancelled: 4 } as const

export const workflowLeaveContract = defineContract({
  path: 'blade-workflow/leave',
  code: 'workflow_leave',
  label: 'reason',
  form: LeaveForm,
  row: z.object({
    id: wire.id,
    userId: wire.id,
    leaveType: wire.text,
    startTime: wire.date,
    endTime: wire.date,
    days: wire.number,
    reason: wire.text,
    processInstanceId: wire.optionalId,
    approvalStatus: wire.number,
    createTime: wire.date,
  }),
  filters: { approvalStatus: 'eq' },
  sorts: ['createTime', 'startTime'],
  permissions: { add: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN, view: SIGNED_IN },
  routes: {
    page: { path: 'page', also: ['/blade-workflow/leave'] },
    submit: { path: 'submit', also: ['/blade-workflow/leave'] },
    list: false,
    save: false,
    update: false,
  },
})
export type LeaveRow = z.output<typeof workflowLeaveContract.row>

/** A draft (草稿箱): a start form saved unstarted, its owner's only. */
export const DraftForm = z.object({
  id: optionalReference('id: an id'),
  processDefKey: z.string({ error: '请选择流程' }).trim().min(1, '请选择流程').max(64),
  title: optionalText('title', 128),
  variables: z.record(z.string(), z.unknown()).optional(),
})
export const DraftRow = z.object({
  id: wire.id,
  processDefKey: wire.text,
  title: wire.text,
  variables: z.record(z.string(), z.unknown()),
  updateTime: wire.date,
})

export const draftListCall = defineCall({
  path: 'blade-workflow/draft',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({ ...opsPaging, processDefKey: optionalText('processDefKey', 64) }),
  reply: pageOf(DraftRow),
  summary: "the caller's drafts (no one else's)",
  tag: 'workflow-draft',
})
export const draftSaveCall = defineCall({
  path: 'blade-workflow/draft',
  method: 'POST',
  permission: SIGNED_IN,
  params: DraftForm,
  reply: z.object({ id: wire.id }),
  summary: 'save a draft (a new one, or one of the caller’s by id)',
  tag: 'workflow-draft',
})
export const draftRemoveCall = defineCall({
  path: 'blade-workflow/draft/remove',
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({ ids: idList('ids: comma-separated ids', 100) }),
  reply: doneReply,
  summary: "remove drafts of the caller's",
  tag: 'workflow-draft',
})

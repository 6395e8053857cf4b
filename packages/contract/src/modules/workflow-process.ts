import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../calls.js'
import { idList, optionalReference, optionalText, reference, wire } from '../fields.js'
import { doneReply, pageOf } from '../replies.js'
import { FIELD_RIGHTS } from './workflow-moddle.js'
import { paging } from './workflow-process/ops.js'

/**
 * Workflow process calls (spec 02 §7 "Process (/blade-workflow/process/)", issue 31): the task lists,
 * the forms and detail of a process, and the task operations of the engine. Field names are
 * Flowable's as BladeX clients read them (`taskId`, `processInstanceId`, `taskDefinitionKey`…). Every
 * signed-in user may call them: who may act on a task is the engine's rule (the assignee, their
 * proxy, a candidate), not a button. See docs/modules/workflow.md, "Process calls".
 */
export * from './workflow-process/ops.js'

export const WORKFLOW_TEXTS = {
  mayNotStart: '无权发起此流程',
  noProcess: '流程不存在',
  noInstance: '流程实例不存在',
  noTask: '任务不存在',
} as const

/** The seven task lists: one declaration, one list kind each (what it holds is the server's `lists.ts`). */
export const TASK_LISTS = {
  processList: '可发起的流程',
  claimList: '待签事务',
  todoList: '待办事务',
  sendList: '已发事务',
  doneList: '办结事务',
  myDoneList: '我的已办',
  copyList: '抄送事务',
} as const
export type TaskListKind = keyof typeof TASK_LISTS

/** A row of a task list: a task (todo, claim, my done) or an instance (send, done, copy), Flowable-named. */
export const FlowRow = z.object({
  /** the task's id, or the instance's where the list holds instances */
  id: wire.id,
  taskId: wire.optionalId,
  taskName: wire.text,
  taskDefinitionKey: wire.text,
  assignee: wire.optionalId,
  assigneeName: wire.text,
  processInstanceId: wire.id,
  processDefinitionId: wire.text,
  processDefinitionKey: wire.text,
  processDefinitionName: wire.text,
  category: wire.text,
  businessKey: wire.text,
  startUser: wire.id,
  startUserName: wire.text,
  createTime: wire.date,
  endTime: wire.optionalDate,
  /** the instance's status: 1 running 2 suspended 3 completed 4 terminated 5 withdrawn */
  processStatus: wire.number,
  processIsFinished: z.boolean(),
  comment: wire.text,
})
export type FlowRow = z.infer<typeof FlowRow>

/** A deployed process the caller may start (processList). */
export const ProcessDefinitionRow = z.object({
  id: wire.id,
  processDefinitionId: wire.text,
  key: wire.text,
  name: wire.text,
  version: wire.number,
  category: wire.text,
  /** 1 active 2 suspended */
  status: wire.number,
  deployTime: wire.date,
})
export type ProcessDefinitionRow = z.infer<typeof ProcessDefinitionRow>

const listFilters = {
  ...paging,
  processDefinitionName: optionalText('processDefinitionName', 64),
  category: optionalText('category', 64),
}

function taskListCall<K extends Exclude<TaskListKind, 'processList'>>(kind: K) {
  return defineCall({
    path: `blade-workflow/process/${kind}`,
    method: 'GET',
    permission: SIGNED_IN,
    params: z.object(listFilters),
    reply: pageOf(FlowRow),
    summary: `${TASK_LISTS[kind]}: the caller's, newest first`,
    tag: 'workflow-process',
  })
}

/** Every task list but processList, by kind. */
export const taskListCalls = {
  claimList: taskListCall('claimList'),
  todoList: taskListCall('todoList'),
  sendList: taskListCall('sendList'),
  doneList: taskListCall('doneList'),
  myDoneList: taskListCall('myDoneList'),
  copyList: taskListCall('copyList'),
} as const

export const processListCall = defineCall({
  path: 'blade-workflow/process/processList',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object(listFilters),
  reply: pageOf(ProcessDefinitionRow),
  summary: `${TASK_LISTS.processList}: the newest active version of each key whose scope holds the caller`,
  tag: 'workflow-process',
})

/** What a start form reads: the definition and its form (the design module's; empty when it has none). */
export const StartFormReply = z.object({
  process: ProcessDefinitionRow,
  /** the form's schema (form-js JSON) as text; '' when the process has no form */
  form: wire.text,
})

export const formByProcessIdCall = defineCall({
  path: 'blade-workflow/process/getFormByProcessId',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({ processId: reference('processId: a definition id') }),
  reply: StartFormReply,
  summary: 'the start form of a deployed definition (by its id)',
  tag: 'workflow-process',
})

export const formByProcessDefKeyCall = defineCall({
  path: 'blade-workflow/process/getFormByProcessDefKey',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({
    processDefKey: z.string({ error: 'processDefKey: 1-64 characters' }).trim().min(1).max(64),
  }),
  reply: StartFormReply,
  summary: 'the start form of the newest version of a process key',
  tag: 'workflow-process',
})

export const HistoryRow = z.object({
  id: wire.id,
  taskId: wire.optionalId,
  /** the node (Flowable's activityId / taskDefinitionKey) */
  taskDefinitionKey: wire.text,
  taskName: wire.text,
  action: wire.text,
  userId: wire.optionalId,
  userName: wire.text,
  /** whom the user acted for ("B 代 A") or to whom the task went */
  otherUserId: wire.optionalId,
  otherUserName: wire.text,
  comment: wire.text,
  time: wire.date,
})

export const ProcessDetailReply = z.object({
  process: FlowRow,
  variables: z.record(z.string(), z.unknown()),
  /** the open tasks (current nodes) */
  tasks: z.array(FlowRow),
  history: z.array(HistoryRow),
  /** the diagram (BPMN XML) the detail draws, the passed nodes lit */
  xml: wire.text,
  passedNodes: z.array(z.string()),
  /**
   * Asked by `taskId`: the form's field rights at that task's node (`xpark:fields`: read, write,
   * hidden; the hidden ones are left out of `variables`); null when the node names none (every field
   * writable) or the detail was asked by instance.
   */
  fieldRights: z.record(z.string(), z.enum(FIELD_RIGHTS)).nullable(),
})

export const processDetailCall = defineCall({
  path: 'blade-workflow/process/detail',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({
    processInstanceId: optionalReference('processInstanceId: an id'),
    taskId: optionalReference('taskId: an id'),
  }),
  reply: ProcessDetailReply,
  summary: 'an instance: its form values, open tasks, history and diagram (to who took part, or ops)',
  tag: 'workflow-process',
})

export const backNodesCall = defineCall({
  path: 'blade-workflow/process/getBackNodes',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({ taskId: reference('taskId: an id') }),
  reply: z.array(z.object({ nodeId: wire.text, nodeName: wire.text })),
  summary: 'the nodes a task may roll back to (passed on its own path)',
  tag: 'workflow-process',
})

const variables = z.record(z.string(), z.unknown()).optional()
const comment = optionalText('comment', 500)

export const startProcessCall = defineCall({
  path: 'blade-workflow/process/startProcess',
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({
    processDefId: optionalReference('processDefId: a definition id'),
    processDefKey: z.string().trim().max(64, 'processDefKey: at most 64 characters').optional(),
    businessKey: optionalText('businessKey', 64),
    variables,
    /** a draft of the caller's this start comes from (removed with the start) */
    draftId: optionalReference('draftId: an id'),
  }),
  reply: z.object({ processInstanceId: wire.id }),
  summary: 'start a process (an active definition whose scope holds the caller)',
  tag: 'workflow-process',
})

const taskOperation = <E extends z.ZodRawShape = Record<never, never>>(
  name: string,
  summary: string,
  extra: E = {} as E,
) =>
  defineCall({
    path: `blade-workflow/process/${name}`,
    method: 'POST',
    permission: SIGNED_IN,
    params: z.object({ taskId: reference('taskId: an id'), comment, ...extra }),
    reply: doneReply,
    summary,
    tag: 'workflow-process',
  })

export const completeTaskCall = taskOperation(
  'completeTask',
  'approve (pass true, the default) or reject a task: its assignee or their proxy',
  { pass: z.boolean({ error: 'pass: true or false' }).optional(), variables },
)
export const transferTaskCall = taskOperation('transferTask', 'hand a task to another user', {
  assignee: reference('请选择办理人'),
})
export const delegateTaskCall = taskOperation(
  'delegateTask',
  'let another user handle a task; it comes back when resolved',
  { assignee: reference('请选择办理人') },
)
export const claimTaskCall = taskOperation('claimTask', 'claim a 待签 task: its candidates only')
export const rollbackTaskCall = taskOperation('rollbackTask', 'roll back to a passed node (getBackNodes)', {
  nodeId: z.string({ error: '请选择退回节点' }).trim().min(1, '请选择退回节点').max(64),
})
export const withdrawTaskCall = taskOperation(
  'withdrawTask',
  'withdraw my completion while the next task is untouched',
)
export const addMultiInstanceCall = taskOperation(
  'addMultiInstance',
  'add users to a running multi-instance node',
  { assignee: idList('请选择加签人员', 50) },
)

export const terminateProcessCall = defineCall({
  path: 'blade-workflow/process/terminateProcess',
  method: 'POST',
  permission: SIGNED_IN,
  params: z.object({
    processInstanceId: reference('processInstanceId: an id'),
    comment,
  }),
  reply: doneReply,
  summary: 'terminate an instance: its initiator before any approval, or workflow_ops',
  tag: 'workflow-process',
})

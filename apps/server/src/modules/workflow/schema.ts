import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { id } from '../../db/columns.js'

/**
 * The workflow engine's tables (issue 31; docs/modules/workflow.md). The engine's state is these rows:
 * an instance's open tasks, its multi-instance groups and its parallel joins' arrivals. Ids travel the
 * way Flowable's do for BladeX clients: a definition's `processDefinitionId` is `key:version:id`, a
 * task's node is its `taskDefinitionKey`.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const tenantId = () => varchar('tenant_id', { length: 12 }).notNull()

/** Definition `status`: 1 active, 2 suspended (refuses new starts: 流程已挂起). */
export const DEFINITION = { active: 1, suspended: 2 } as const
/** Instance `status`. */
export const INSTANCE = { running: 1, suspended: 2, completed: 3, terminated: 4, withdrawn: 5 } as const
/** Task `status`: open, completed, cancelled (rollback, withdraw, terminate, a finished multi-instance). */
export const TASK = { open: 0, completed: 1, cancelled: 2 } as const

/** A deployment: one version of a process; deploying the same key again makes version n+1. */
export const workflowDefinition = pgTable(
  'xpark_wf_definition',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** Flowable's process definition id, `key:version:id` */
    processDefinitionId: varchar('process_definition_id', { length: 160 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    version: integer('version').notNull(),
    modelId: id('model_id'),
    category: varchar('category', { length: 64 }).notNull().default(''),
    xml: text('xml').notNull(),
    /** the parsed graph the engine walks (engine/graph.ts `Graph`) */
    graph: jsonb('graph').notNull(),
    status: smallint('status').notNull().default(DEFINITION.active),
    deployTime: at('deploy_time').notNull().defaultNow(),
    isDeleted: smallint('is_deleted').notNull().default(0),
  },
  (t) => [
    uniqueIndex('xpark_wf_definition_version_uq').on(t.tenantId, t.key, t.version),
    uniqueIndex('xpark_wf_definition_pdid_uq').on(t.processDefinitionId),
  ],
)

export const workflowInstance = pgTable(
  'xpark_wf_instance',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    definitionId: id('definition_id').notNull(),
    processDefinitionId: varchar('process_definition_id', { length: 160 }).notNull(),
    processDefinitionKey: varchar('process_definition_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    category: varchar('category', { length: 64 }).notNull().default(''),
    businessKey: varchar('business_key', { length: 64 }).notNull().default(''),
    initiator: id('initiator').notNull(),
    /** the form's values: what conditions read */
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull(),
    status: smallint('status').notNull().default(INSTANCE.running),
    startTime: at('start_time').notNull().defaultNow(),
    endTime: at('end_time'),
    /** why it was terminated or deleted */
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    isDeleted: smallint('is_deleted').notNull().default(0),
  },
  (t) => [
    index('xpark_wf_instance_initiator_idx').on(t.tenantId, t.initiator, t.startTime),
    index('xpark_wf_instance_status_idx').on(t.tenantId, t.status, t.startTime),
  ],
)

/**
 * A user task. `assignee` null with candidates is 待签 (claimable); `owner` is who delegated it (it
 * returns to them when resolved); `proxyFor` is whom the assignee acts for (a proxy: "B 代 A").
 * `createdBy` is the completed task whose completion made this one (withdraw looks for it).
 */
export const workflowTask = pgTable(
  'xpark_wf_task',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    instanceId: id('instance_id').notNull(),
    processDefinitionId: varchar('process_definition_id', { length: 160 }).notNull(),
    taskDefinitionKey: varchar('task_definition_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    assignee: id('assignee'),
    owner: id('owner'),
    proxyFor: id('proxy_for'),
    /** 'pending' while delegated, 'resolved' once returned */
    delegation: varchar('delegation', { length: 10 }),
    /** the multi-instance group (workflowExecution) this task is an iteration of */
    executionId: id('execution_id'),
    createdBy: id('created_by'),
    status: smallint('status').notNull().default(TASK.open),
    /** the completer's decision (true approve, false reject) */
    pass: smallint('pass'),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    createTime: at('create_time').notNull().defaultNow(),
    claimTime: at('claim_time'),
    endTime: at('end_time'),
  },
  (t) => [
    index('xpark_wf_task_todo_idx').on(t.tenantId, t.assignee, t.status, t.createTime),
    index('xpark_wf_task_instance_idx').on(t.instanceId, t.status),
    index('xpark_wf_task_created_by_idx').on(t.createdBy),
  ],
)

/** Who may claim an unassigned task: a user, role, department or post (`kind` user|role|dept|post). */
export const workflowCandidate = pgTable(
  'xpark_wf_candidate',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    taskId: id('task_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ref: id('ref').notNull(),
  },
  (t) => [
    index('xpark_wf_candidate_task_idx').on(t.taskId),
    index('xpark_wf_candidate_ref_idx').on(t.tenantId, t.kind, t.ref),
  ],
)

/**
 * A multi-instance node while it runs: its users (one iteration each, in order when sequential), how
 * it completes (`all`, `any` or a ratio such as `0.6` of approvals) and whether it still runs.
 */
export const workflowExecution = pgTable(
  'xpark_wf_execution',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    instanceId: id('instance_id').notNull(),
    nodeId: varchar('node_id', { length: 64 }).notNull(),
    users: jsonb('users').$type<string[]>().notNull(),
    sequential: smallint('sequential').notNull().default(0),
    completion: varchar('completion', { length: 8 }).notNull().default('all'),
    createdBy: id('created_by'),
    active: smallint('active').notNull().default(1),
  },
  (t) => [index('xpark_wf_execution_instance_idx').on(t.instanceId, t.nodeId)],
)

/** A token waiting at a parallel join for its other incoming flows; consumed when all have arrived. */
export const workflowArrival = pgTable(
  'xpark_wf_arrival',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    instanceId: id('instance_id').notNull(),
    gatewayId: varchar('gateway_id', { length: 64 }).notNull(),
    flowId: varchar('flow_id', { length: 64 }).notNull(),
    createdBy: id('created_by'),
    /** the completed task whose step fired the join (withdraw puts the arrival back) */
    consumedBy: id('consumed_by'),
  },
  (t) => [index('xpark_wf_arrival_instance_idx').on(t.instanceId, t.gatewayId)],
)

/** What happened to an instance, in order: every operation writes one row (the detail's history). */
export const workflowHistory = pgTable(
  'xpark_wf_history',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    instanceId: id('instance_id').notNull(),
    taskId: id('task_id'),
    nodeId: varchar('node_id', { length: 64 }).notNull(),
    nodeName: varchar('node_name', { length: 128 }).notNull().default(''),
    /** start complete reject claim transfer delegate resolve rollback withdraw terminate add-instance delete-instance suspend activate end cancel copy assignee dispatch delete urge timer */
    action: varchar('action', { length: 20 }).notNull(),
    userId: id('user_id'),
    /** whom the user acted for ("B 代 A"), or to whom a task went (transfer, delegate) */
    otherUserId: id('other_user_id'),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    time: at('time').notNull().defaultNow(),
  },
  (t) => [index('xpark_wf_history_instance_idx').on(t.instanceId, t.time)],
)

/** Timer `status`: waiting, fired, cancelled (its task closed before it was due). */
export const TIMER = { waiting: 0, fired: 1, cancelled: 2 } as const

/**
 * A timer boundary event's due time for one open task (escalation): written when the task opens,
 * fired by the `workflow-timers` job (engine/timers.ts) once it is due and the task still open.
 */
export const workflowTimer = pgTable(
  'xpark_wf_timer',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    instanceId: id('instance_id').notNull(),
    taskId: id('task_id').notNull(),
    /** the boundary event's node id */
    boundaryId: varchar('boundary_id', { length: 64 }).notNull(),
    dueTime: at('due_time').notNull(),
    status: smallint('status').notNull().default(TIMER.waiting),
    firedTime: at('fired_time'),
  },
  (t) => [index('xpark_wf_timer_due_idx').on(t.status, t.dueTime)],
)

/** A copy (抄送) of an instance to a user. */
export const workflowCopy = pgTable(
  'xpark_wf_copy',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    instanceId: id('instance_id').notNull(),
    taskId: id('task_id'),
    userId: id('user_id').notNull(),
    fromUserId: id('from_user_id').notNull(),
    createTime: at('create_time').notNull().defaultNow(),
  },
  (t) => [index('xpark_wf_copy_user_idx').on(t.tenantId, t.userId, t.createTime)],
)

/** A proxy: `userId`'s new tasks go to `proxyUserId` between the two times (categories empty: all). */
export const workflowProxy = pgTable(
  'xpark_wf_proxy',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    proxyUserId: id('proxy_user_id').notNull(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    categories: varchar('categories', { length: 1000 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    isDeleted: smallint('is_deleted').notNull().default(0),
  },
  (t) => [index('xpark_wf_proxy_user_idx').on(t.tenantId, t.userId)],
)

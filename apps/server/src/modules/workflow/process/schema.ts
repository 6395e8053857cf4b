import { index, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'
import { id } from '../../../db/columns.js'

/**
 * The process calls' own rows (issue 31): leave requests, the worked example of a business row run
 * as a process, and drafts, start forms saved unstarted. The engine's tables are `../schema.ts`.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const tenantId = () => varchar('tenant_id', { length: 12 }).notNull()

/** A leave request (请假): a kit resource whose rows are processes (process/leave.ts). */
export const workflowLeave = pgTable(
  'xpark_wf_leave',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    leaveType: varchar('leave_type', { length: 32 }).notNull().default(''),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    days: smallint('days').notNull(),
    reason: varchar('reason', { length: 255 }).notNull(),
    /** its process (the kit's `workflow` declaration sets it in the write's transaction) */
    processInstanceId: id('instance_id'),
    /** 1 审批中 2 已通过 3 已驳回 4 已撤销 (core/processes.ts APPROVAL), mirrored from the instance */
    approvalStatus: smallint('approval_status').notNull().default(1),
    createUser: id('create_user'),
    createTime: at('create_time').notNull().defaultNow(),
    updateUser: id('update_user'),
    updateTime: at('update_time').notNull().defaultNow(),
  },
  (t) => [index('xpark_wf_leave_user_idx').on(t.tenantId, t.userId, t.createTime)],
)

/** A draft (草稿箱): seen, changed and started by its owner only. */
export const workflowDraft = pgTable(
  'xpark_wf_draft',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    processDefKey: varchar('process_def_key', { length: 64 }).notNull(),
    title: varchar('title', { length: 128 }).notNull().default(''),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull(),
    updateTime: at('update_time').notNull().defaultNow(),
  },
  (t) => [index('xpark_wf_draft_user_idx').on(t.tenantId, t.userId, t.updateTime)],
)

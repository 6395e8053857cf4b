import type { Page } from '@xpark/contract'
import type { FlowRow, TaskListKind } from '@xpark/contract/modules/workflow-process'
import { and, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { page } from '../../../core/envelope.js'
import { escapeLike } from '../../../core/query/index.js'
import type { DbOrTx } from '../../../db/types.js'
import { user } from '../../identity/index.js'
import type { Group } from '../engine/directory.js'
import { INSTANCE, TASK, workflowCandidate, workflowCopy, workflowInstance, workflowTask } from '../schema.js'

/**
 * The task lists (待签, 待办, 已发, 办结, 我的已办, 抄送) as one declaration: each kind says whether
 * it lists tasks or instances, which of them are the caller's, and its order. The query, the paging,
 * the names and the row shape are the same for all (`listFlows`).
 */
export type FlowListKind = Exclude<TaskListKind, 'processList'>

export interface Me {
  tenantId: string
  userId: string
  /** the caller's roles, departments and posts (whom 待签 tasks are offered to) */
  groups: Group[]
}

interface ListSpec {
  of: 'task' | 'instance'
  where: (me: Me) => SQL | undefined
  order: 'create' | 'end'
}

const I = workflowInstance
const T = workflowTask
const ENDED = [INSTANCE.completed, INSTANCE.terminated, INSTANCE.withdrawn]

/** A candidate row of the task naming the caller or one of the caller's groups. */
function offeredTo(me: Me): SQL {
  const mine = [
    sql`(${workflowCandidate.kind} = 'user' and ${workflowCandidate.ref} = ${me.userId})`,
    ...me.groups.map(
      (g) => sql`(${workflowCandidate.kind} = ${g.kind} and ${workflowCandidate.ref} = ${g.ref})`,
    ),
  ]
  return sql`exists (select 1 from ${workflowCandidate} where ${workflowCandidate.taskId} = ${T.id} and (${sql.join(mine, sql` or `)}))`
}

export const FLOW_LISTS: Record<FlowListKind, ListSpec> = {
  todoList: {
    of: 'task',
    where: (me) => and(eq(T.assignee, me.userId), eq(T.status, TASK.open)),
    order: 'create',
  },
  claimList: {
    of: 'task',
    where: (me) => and(isNull(T.assignee), eq(T.status, TASK.open), offeredTo(me)),
    order: 'create',
  },
  myDoneList: {
    of: 'task',
    where: (me) => and(eq(T.assignee, me.userId), eq(T.status, TASK.completed)),
    order: 'end',
  },
  sendList: { of: 'instance', where: (me) => eq(I.initiator, me.userId), order: 'create' },
  doneList: {
    of: 'instance',
    // ended instances the caller started or handled a task of
    where: (me) =>
      and(
        inArray(I.status, ENDED),
        sql`(${I.initiator} = ${me.userId} or exists (select 1 from ${T} where ${T.instanceId} = ${I.id} and ${T.assignee} = ${me.userId} and ${T.status} = ${TASK.completed}))`,
      ),
    order: 'end',
  },
  copyList: {
    of: 'instance',
    where: (me) =>
      sql`exists (select 1 from ${workflowCopy} where ${workflowCopy.instanceId} = ${I.id} and ${workflowCopy.userId} = ${me.userId})`,
    order: 'create',
  },
}

export interface ListFilters {
  current?: number | undefined
  size?: number | undefined
  processDefinitionName?: string | undefined
  category?: string | undefined
}

const nameOf = (column: SQL | typeof I.initiator) =>
  sql<string>`coalesce((select ${user.realName} from ${user} where ${user.id} = ${column}), '')`

/** The open tasks' names of an instance, comma-joined (an instance row's `taskName`). */
const openTaskNames = sql<string>`coalesce((select string_agg(${T.name}, ',' order by ${T.createTime}) from ${T} where ${T.instanceId} = ${I.id} and ${T.status} = ${TASK.open}), '')`

/** One page of a list of the caller's. */
export async function listFlows(
  db: DbOrTx,
  kind: FlowListKind,
  me: Me,
  filters: ListFilters,
): Promise<Page<FlowRow>> {
  const spec = FLOW_LISTS[kind]
  const current = filters.current ?? 1
  const size = filters.size ?? 10
  const where = and(
    eq(I.tenantId, me.tenantId),
    eq(I.isDeleted, 0),
    spec.where(me),
    filters.processDefinitionName
      ? ilike(I.name, `%${escapeLike(filters.processDefinitionName)}%`)
      : undefined,
    filters.category ? eq(I.category, filters.category) : undefined,
  )
  const instanceColumns = {
    processInstanceId: I.id,
    processDefinitionId: I.processDefinitionId,
    processDefinitionKey: I.processDefinitionKey,
    processDefinitionName: I.name,
    category: I.category,
    businessKey: I.businessKey,
    startUser: I.initiator,
    startUserName: nameOf(I.initiator),
    processStatus: I.status,
  }
  if (spec.of === 'task') {
    const order = spec.order === 'end' ? desc(T.endTime) : desc(T.createTime)
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          id: T.id,
          taskName: T.name,
          taskDefinitionKey: T.taskDefinitionKey,
          assignee: T.assignee,
          assigneeName: nameOf(sql`${T.assignee}`),
          createTime: T.createTime,
          endTime: T.endTime,
          comment: T.comment,
          ...instanceColumns,
        })
        .from(T)
        .innerJoin(I, eq(I.id, T.instanceId))
        .where(where)
        .orderBy(order, desc(T.id))
        .limit(size)
        .offset((current - 1) * size),
      db.select({ n: sql<number>`count(*)::int` }).from(T).innerJoin(I, eq(I.id, T.instanceId)).where(where),
    ])
    return page(
      rows.map((r) => ({ ...r, taskId: r.id, processIsFinished: ENDED.includes(r.processStatus as 3) })),
      counted?.n ?? 0,
      current,
      size,
    ) as never
  }
  const order = spec.order === 'end' ? desc(I.endTime) : desc(I.startTime)
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: I.id,
        taskName: openTaskNames,
        createTime: I.startTime,
        endTime: I.endTime,
        comment: I.reason,
        ...instanceColumns,
      })
      .from(I)
      .where(where)
      .orderBy(order, desc(I.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(I).where(where),
  ])
  return page(
    rows.map((r) => ({
      ...r,
      taskId: null,
      taskDefinitionKey: '',
      assignee: null,
      assigneeName: '',
      processIsFinished: ENDED.includes(r.processStatus as 3),
    })),
    counted?.n ?? 0,
    current,
    size,
  ) as never
}

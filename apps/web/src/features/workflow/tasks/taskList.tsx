import { type FlowRow, type TaskListKind, taskListCalls } from '@xpark/contract/modules/workflow-process'
import type { ReactNode } from 'react'
import type { CrudColumn, CrudResource, CrudRowContext } from '@/components/crud'
import { OpenPageButton } from '../designer/OpenPageButton'
import '../detail/i18n'
import '../i18n'

/** Every task list's rows share one cache code: handling a task refreshes them all (and 请假申请). */
export const TASK_CODE = 'workflow_task'

export const PROCESS_STATUS = [
  { label: 'workflow.running', value: 1 },
  { label: 'workflow.suspended', value: 2 },
  { label: 'workflow.completed', value: 3 },
  { label: 'workflow.terminated', value: 4 },
  { label: 'workflow.withdrawn', value: 5 },
]

const COLUMNS: CrudColumn<FlowRow>[] = [
  { prop: 'processDefinitionName', label: 'workflow.processName', search: 'input', width: 160 },
  { prop: 'taskName', label: 'workflow.taskName', width: 140 },
  { prop: 'startUserName', label: 'workflow.startUser', width: 110 },
  { prop: 'assigneeName', label: 'workflow.assignee', width: 110 },
  { prop: 'businessKey', label: 'workflow.businessKey', width: 120, hidden: true },
  { prop: 'createTime', label: 'workflow.arrived', width: 170 },
  { prop: 'endTime', label: 'workflow.endedAt', width: 170, hidden: true },
  { prop: 'processStatus', label: 'workflow.processStatus', width: 90, options: PROCESS_STATUS },
  { prop: 'comment', label: 'workflow.comment', ellipsis: true, hidden: true },
]

/**
 * One of the caller's task lists (processes' `<kind>` call) as a read-only list: no dialog and
 * no add or edit; every row opens its 流程详情, and a list whose rows are tasks may act on them
 * (`rowExtra`: 办理, 签收).
 */
export function taskList(
  kind: Exclude<TaskListKind, 'processList'>,
  title: string,
  rowExtra?: (row: FlowRow, ctx: CrudRowContext) => ReactNode,
): CrudResource<FlowRow> {
  // the lists' common base and the list's name under it
  const path = taskListCalls[kind].path
  return {
    path: path.slice(0, path.lastIndexOf('/')),
    pagePath: path.slice(path.lastIndexOf('/') + 1),
    permissionPrefix: 'workflow_process',
    queryCode: TASK_CODE,
    title,
    rowKey: 'id',
    actions: { view: false, edit: false, copy: false, delete: false, add: false, bulkDelete: false },
    columns: COLUMNS.map((c) => ({ ...c, form: false as const })),
    // 详情 on every row (todo's with its task: the detail offers 办理, 退回, 转办, 委托)
    rowExtra: (row, ctx) => (
      <>
        <OpenPageButton
          label="wfx.detail"
          title="wfx.title"
          path={`/workflow/process/detail/${row.processInstanceId}${kind === 'todoList' && row.taskId ? `?taskId=${row.taskId}` : ''}`}
          testId={`workflow-detail-${row.id}`}
        />
        {rowExtra?.(row, ctx)}
      </>
    ),
    rowExtraCount: rowExtra ? 2 : 1,
  }
}

import { useQueryClient } from '@tanstack/react-query'
import {
  type OpsInstanceRow,
  opsListCall,
  terminateProcessCall,
  WORKFLOW_OPS,
} from '@xpark/contract/modules/workflow-process'
import { App, Input } from 'antd'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { type CrudResource, invalidateResource, RowButton } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { PROCESS_STATUS, TASK_CODE } from './tasks/taskList'
import './i18n'

type Row = z.output<typeof OpsInstanceRow>

/** 终止 with a reason: a running or suspended instance ends (workflow_ops may end anyone's). */
function TerminateButton({ row, refresh }: { row: Row; refresh: () => void }) {
  const tr = useTr()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const may = useSession((s) => s.permission[WORKFLOW_OPS] === true)
  if (!may || row.endTime) return null
  return (
    <RowButton
      label={tr('workflow.terminate')}
      danger
      testId={`workflow-terminate-${row.id}`}
      onClick={() => {
        let comment = ''
        modal.confirm({
          title: tr('workflow.terminateConfirm', { name: row.processDefinitionName }),
          content: (
            <Input.TextArea
              rows={3}
              maxLength={500}
              placeholder={tr('workflow.comment')}
              onChange={(e) => {
                comment = e.target.value
              }}
              data-testid="workflow-terminate-comment"
            />
          ),
          okButtonProps: { danger: true },
          onOk: async () => {
            await callApi(terminateProcessCall, {
              processInstanceId: row.processInstanceId,
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            })
            void message.success(tr('workflow.terminated'))
            await invalidateResource(queryClient, TASK_CODE)
            refresh()
          },
        })
      }}
    />
  )
}

const path = opsListCall.path

/** 流程监控: every instance of the tenant (running, suspended, ended), its open steps, 终止. */
const ops: CrudResource<Row> = {
  path: path.slice(0, path.lastIndexOf('/')),
  pagePath: path.slice(path.lastIndexOf('/') + 1),
  permissionPrefix: WORKFLOW_OPS,
  queryCode: TASK_CODE,
  title: 'workflow.ops',
  actions: { view: false, edit: false, copy: false, delete: false, add: false, bulkDelete: false },
  columns: [
    { prop: 'processDefinitionName', label: 'workflow.processName', width: 160, form: false },
    { prop: 'processDefinitionKey', label: 'workflow.processKey', search: 'input', width: 140, form: false },
    { prop: 'startUserName', label: 'workflow.startUser', width: 110, form: false },
    { prop: 'currentTasks', label: 'workflow.taskName', ellipsis: true, form: false },
    {
      prop: 'processStatus',
      label: 'workflow.processStatus',
      width: 90,
      options: PROCESS_STATUS,
      form: false,
    },
    { prop: 'startTime', label: 'workflow.startTime', width: 170, form: false },
    { prop: 'endTime', label: 'workflow.endedAt', width: 170, form: false },
    { prop: 'reason', label: 'workflow.comment', ellipsis: true, hidden: true, form: false },
  ],
  rowExtra: (row, ctx) => <TerminateButton row={row} refresh={ctx.refresh} />,
  rowExtraCount: 1,
}
export default ops

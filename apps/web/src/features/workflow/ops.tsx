import { useQueryClient } from '@tanstack/react-query'
import {
  type OpsInstanceRow,
  opsChangeStatusCall,
  opsDeleteProcessCall,
  opsDispatchCall,
  opsDispatchNodesCall,
  opsListCall,
  terminateProcessCall,
  WORKFLOW_OPS,
} from '@xpark/contract/modules/workflow-process'
import { App, Input } from 'antd'
import { useState } from 'react'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { type CrudResource, invalidateResource, RowButton } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { OpenPageButton } from './designer/OpenPageButton'
import { type Operation, OperationDialog } from './detail/OperationDialog'
import { PROCESS_STATUS, TASK_CODE } from './tasks/taskList'
import './detail/i18n'
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

const RUNNING = 1
const SUSPENDED = 2

/** 调度, 挂起/激活, 删除 of an instance (workflow_ops); each a dialog or a confirmation. */
function InstanceOpsButtons({ row, refresh }: { row: Row; refresh: () => void }) {
  const tr = useTr()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const may = useSession((s) => s.permission[WORKFLOW_OPS] === true)
  const [open, setOpen] = useState<Operation | null>(null)
  if (!may) return null
  const processInstanceId = row.processInstanceId
  const name = row.processDefinitionName
  const done = () => {
    void invalidateResource(queryClient, TASK_CODE)
    refresh()
  }
  const live = row.processStatus === RUNNING || row.processStatus === SUSPENDED
  const suspended = row.processStatus === SUSPENDED
  return (
    <>
      {row.processStatus === RUNNING && (
        <RowButton
          label={tr('wfx.op.dispatch')}
          testId={`workflow-dispatch-${row.id}`}
          onClick={() =>
            setOpen({
              title: `${tr('wfx.op.dispatch')}: ${name}`,
              pick: {
                kind: 'node',
                label: 'wfx.dispatchTo',
                nodes: () => callApi(opsDispatchNodesCall, { processInstanceId }),
              },
              text: { label: 'workflow.comment' },
              done: 'workflow.handled',
              submit: (nodeId, text) =>
                callApi(opsDispatchCall, { processInstanceId, nodeId, ...(text ? { comment: text } : {}) }),
            })
          }
        />
      )}
      {live && (
        <RowButton
          label={tr(suspended ? 'wfx.op.activate' : 'wfx.op.suspend')}
          testId={`workflow-status-${row.id}`}
          onClick={() =>
            modal.confirm({
              title: tr(suspended ? 'wfx.activateConfirm' : 'wfx.suspendConfirm', { name }),
              onOk: async () => {
                await callApi(opsChangeStatusCall, {
                  processInstanceId,
                  status: suspended ? RUNNING : SUSPENDED,
                })
                void message.success(tr('wfx.statusChanged'))
                done()
              },
            })
          }
        />
      )}
      <RowButton
        label={tr('wfx.op.delete')}
        danger
        testId={`workflow-delete-${row.id}`}
        onClick={() =>
          setOpen({
            title: `${tr('wfx.op.delete')}: ${name}`,
            text: { label: 'wfx.reason', required: true },
            done: 'wfx.deleted',
            danger: true,
            submit: (_, reason) => callApi(opsDeleteProcessCall, { processInstanceId, reason }),
          })
        }
      />
      {open && (
        <OperationDialog
          operation={open}
          testId="workflow-ops-dialog"
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
    </>
  )
}

const path = opsListCall.path

/** 流程监控: every instance of the tenant (running, suspended, ended), its open steps; 详情, 终止, 调度, 挂起/激活, 删除. */
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
  rowExtra: (row, ctx) => (
    <>
      <OpenPageButton
        label="wfx.detail"
        title="wfx.title"
        path={`/workflow/process/detail/${row.processInstanceId}`}
        testId={`workflow-ops-detail-${row.id}`}
      />
      <TerminateButton row={row} refresh={ctx.refresh} />
      <InstanceOpsButtons row={row} refresh={ctx.refresh} />
    </>
  ),
  rowExtraCount: 3,
}
export default ops

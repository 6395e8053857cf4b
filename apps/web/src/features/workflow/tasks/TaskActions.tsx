import { useQueryClient } from '@tanstack/react-query'
import {
  claimTaskCall,
  completeTaskCall,
  type FlowRow,
  terminateProcessCall,
} from '@xpark/contract/modules/workflow-process'
import { App, type ButtonProps, Form, Input, Modal, Radio } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { invalidateResource, RowButton } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { TASK_CODE } from './taskList'

const taskIdOf = (row: FlowRow) => row.taskId ?? row.id

/** 办理: approve or reject a task with a comment (completeTask); the server decides who may. */
export function HandleButton({
  row,
  refresh,
  variables,
}: {
  row: FlowRow
  refresh: () => void
  /**
   * the task's form as the handler filled it (the detail's, under the node's field rights); null: not
   * valid yet (its errors show), so nothing is sent
   */
  variables?: () => Record<string, unknown> | null
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [pass, setPass] = useState(true)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  return (
    <>
      <RowButton
        label={tr('workflow.handle')}
        testId={`workflow-handle-${row.id}`}
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        title={`${tr('workflow.handle')}: ${row.processDefinitionName} · ${row.taskName}`}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'workflow-handle-ok' } as ButtonProps}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          setBusy(true)
          try {
            const filled = variables?.()
            if (filled === null) {
              void message.warning(tr('workflow.formInvalid'))
              return
            }
            await callApi(completeTaskCall, {
              taskId: taskIdOf(row),
              pass,
              ...(filled && Object.keys(filled).length ? { variables: filled } : {}),
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            })
            void message.success(tr('workflow.handled'))
            setOpen(false)
            await invalidateResource(queryClient, TASK_CODE)
            refresh()
          } finally {
            setBusy(false)
          }
        }}
      >
        <Form layout="vertical">
          <Form.Item label={tr('workflow.result')}>
            <Radio.Group
              value={pass}
              onChange={(e) => setPass(e.target.value as boolean)}
              data-testid="workflow-handle-pass"
              options={[
                { label: tr('workflow.pass'), value: true },
                { label: tr('workflow.reject'), value: false },
              ]}
            />
          </Form.Item>
          <Form.Item label={tr('workflow.comment')}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              data-testid="workflow-handle-comment"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

/** 签收: a candidate takes a 待签 task (claimTask); it moves to their 待办. */
export function ClaimButton({ row, refresh }: { row: FlowRow; refresh: () => void }) {
  const tr = useTr()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  return (
    <RowButton
      label={tr('workflow.sign')}
      testId={`workflow-claim-${row.id}`}
      onClick={() =>
        modal.confirm({
          title: tr('workflow.signConfirm', { name: `${row.processDefinitionName} · ${row.taskName}` }),
          onOk: async () => {
            await callApi(claimTaskCall, { taskId: taskIdOf(row) })
            void message.success(tr('workflow.signed'))
            await invalidateResource(queryClient, TASK_CODE)
            refresh()
          },
        })
      }
    />
  )
}

/** the comment 撤回 leaves in the history (the server's terminate: the initiator before any approval) */
export const WITHDRAW_COMMENT = '发起人撤回'

/**
 * 撤回 on 已发事务: the initiator takes a running request back before anyone has approved it
 * (terminateProcess; the server refuses once an approval is in, `流程已有审批, 不能终止`).
 */
export function WithdrawButton({ row, refresh }: { row: FlowRow; refresh: () => void }) {
  const tr = useTr()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  if (row.processStatus !== 1 || row.endTime) return null
  return (
    <RowButton
      label={tr('workflow.withdraw')}
      testId={`workflow-withdraw-${row.id}`}
      onClick={() =>
        modal.confirm({
          title: tr('workflow.withdrawConfirm', { name: row.processDefinitionName }),
          onOk: async () => {
            await callApi(terminateProcessCall, {
              processInstanceId: row.processInstanceId,
              comment: WITHDRAW_COMMENT,
            })
            void message.success(tr('workflow.withdrawn'))
            await invalidateResource(queryClient, TASK_CODE)
            refresh()
          },
        })
      }
    />
  )
}

import { useQueryClient } from '@tanstack/react-query'
import {
  backNodesCall,
  copyTaskCall,
  delegateTaskCall,
  type FlowRow,
  opsChangeAssigneeCall,
  opsUrgeCall,
  rollbackTaskCall,
  transferTaskCall,
  WORKFLOW_OPS,
} from '@xpark/contract/modules/workflow-process'
import { Button, Space } from 'antd'
import { type ReactNode, useState } from 'react'
import { callApi } from '@/api/calls'
import { invalidateResource } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { HandleButton } from '../tasks/TaskActions'
import { TASK_CODE } from '../tasks/taskList'
import { type Operation, OperationDialog } from './OperationDialog'
import './i18n'

type Kind = 'rollback' | 'transfer' | 'delegate' | 'copy' | 'changeAssignee' | 'urge'

/** The operations a task's detail offers, as dialogs; the server decides who may (and the node's buttons). */
function operationOf(kind: Kind, task: FlowRow, title: string): Operation {
  const taskId = task.taskId ?? task.id
  const comment = (text: string) => (text ? { comment: text } : {})
  const plain = { label: 'workflow.comment' }
  switch (kind) {
    case 'rollback':
      return {
        title,
        pick: { kind: 'node', label: 'wfx.backTo', nodes: () => callApi(backNodesCall, { taskId }) },
        text: plain,
        done: 'workflow.handled',
        submit: (nodeId, text) => callApi(rollbackTaskCall, { taskId, nodeId, ...comment(text) }),
      }
    case 'transfer':
    case 'delegate':
      return {
        title,
        pick: { kind: 'person', label: 'workflow.assignee' },
        text: plain,
        done: 'workflow.handled',
        submit: (assignee, text) =>
          callApi(kind === 'transfer' ? transferTaskCall : delegateTaskCall, {
            taskId,
            assignee,
            ...comment(text),
          }),
      }
    case 'copy':
      return {
        title,
        pick: { kind: 'people', label: 'wfx.copyTo' },
        text: plain,
        done: 'wfx.copied',
        submit: (assignee, text) => callApi(copyTaskCall, { taskId, assignee, ...comment(text) }),
      }
    case 'changeAssignee':
      return {
        title,
        pick: { kind: 'person', label: 'workflow.assignee' },
        text: plain,
        done: 'workflow.handled',
        submit: (assignee, text) => callApi(opsChangeAssigneeCall, { taskId, assignee, ...comment(text) }),
      }
    case 'urge':
      return {
        title,
        text: plain,
        done: 'wfx.urged',
        submit: (_, text) => callApi(opsUrgeCall, { taskId, ...comment(text) }),
      }
  }
}

function OperationButtons({
  task,
  kinds,
  onDone,
  children,
}: {
  task: FlowRow
  kinds: readonly Kind[]
  onDone: () => void
  children?: ReactNode
}) {
  const tr = useTr()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState<Kind | null>(null)
  const done = () => {
    void invalidateResource(queryClient, TASK_CODE)
    onDone()
  }
  return (
    <Space wrap>
      {children}
      {kinds.map((k) => (
        <Button key={k} size="small" data-testid={`wfx-${k}`} onClick={() => setOpen(k)}>
          {tr(`wfx.op.${k}`)}
        </Button>
      ))}
      {open && (
        <OperationDialog
          operation={operationOf(
            open,
            task,
            `${tr(`wfx.op.${open}`)}: ${task.processDefinitionName} · ${task.taskName}`,
          )}
          testId={`wfx-${open}-dialog`}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      )}
    </Space>
  )
}

/** What the handler of a task may do from its detail: 办理, 退回, 转办, 委托, 抄送. */
export function TaskActionBar({
  task,
  onDone,
  variables,
}: {
  task: FlowRow
  onDone: () => void
  /** the task's form as filled (see HandleButton) */
  variables?: (() => Record<string, unknown> | null) | undefined
}) {
  return (
    <OperationButtons task={task} kinds={['rollback', 'transfer', 'delegate', 'copy']} onDone={onDone}>
      <HandleButton row={task} refresh={onDone} {...(variables ? { variables } : {})} />
    </OperationButtons>
  )
}

/** What the monitor (workflow_ops) may do with an open task: 变更办理人, 催办. */
export function TaskOpsButtons({ task, onDone }: { task: FlowRow; onDone: () => void }) {
  const may = useSession((s) => s.permission[WORKFLOW_OPS] === true)
  if (!may) return null
  return <OperationButtons task={task} kinds={['changeAssignee', 'urge']} onDone={onDone} />
}

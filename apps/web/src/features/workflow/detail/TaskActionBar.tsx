import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  backNodesCall,
  delegateTaskCall,
  type FlowRow,
  rollbackTaskCall,
  transferTaskCall,
} from '@xpark/contract/modules/workflow-process'
import { App, Button, type ButtonProps, Form, Input, Modal, Select, Space } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { invalidateResource } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { PersonInput } from '@/components/PersonInput'
import { HandleButton } from '../tasks/TaskActions'
import { TASK_CODE } from '../tasks/taskList'
import './i18n'

type Operation = 'rollback' | 'transfer' | 'delegate'

const CALLS = { rollback: rollbackTaskCall, transfer: transferTaskCall, delegate: delegateTaskCall }

/** 退回 (to a node getBackNodes offers), 转办 and 委托 (to a person), each with a comment. */
function OperationDialog({
  task,
  operation,
  onClose,
  onDone,
}: {
  task: FlowRow
  operation: Operation
  onClose: () => void
  onDone: () => void
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const [target, setTarget] = useState('')
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const taskId = task.taskId ?? task.id
  const nodes = useQuery({
    queryKey: ['workflow-back-nodes', taskId],
    queryFn: () => callApi(backNodesCall, { taskId }),
    enabled: operation === 'rollback',
  })
  const submit = async () => {
    setBusy(true)
    try {
      const base = { taskId, ...(comment.trim() ? { comment: comment.trim() } : {}) }
      if (operation === 'rollback') await callApi(CALLS.rollback, { ...base, nodeId: target })
      else await callApi(CALLS[operation], { ...base, assignee: target })
      void message.success(tr('workflow.handled'))
      onDone()
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={`${tr(`wfx.op.${operation}`)}: ${task.processDefinitionName} · ${task.taskName}`}
      confirmLoading={busy}
      okButtonProps={{ disabled: !target, 'data-testid': 'wfx-op-ok' } as ButtonProps}
      onOk={submit}
      onCancel={onClose}
    >
      <Form layout="vertical">
        {operation === 'rollback' ? (
          <Form.Item label={tr('wfx.backTo')} required>
            <Select
              data-testid="wfx-back-node"
              loading={nodes.isLoading}
              value={target || undefined}
              onChange={setTarget}
              notFoundContent={tr('wfx.noBackNode')}
              options={(nodes.data ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName || n.nodeId }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label={tr('workflow.assignee')} required>
            <PersonInput
              value={target}
              onChange={setTarget}
              testId="wfx-person"
              placeholder={tr('wfd.pick')}
              pickLabel={tr('wfd.pick')}
            />
          </Form.Item>
        )}
        <Form.Item label={tr('workflow.comment')}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** What the handler of a task may do from its detail; the server decides (and the node's buttons). */
export function TaskActionBar({ task, onDone }: { task: FlowRow; onDone: () => void }) {
  const tr = useTr()
  const queryClient = useQueryClient()
  const [operation, setOperation] = useState<Operation | null>(null)
  const done = () => {
    void invalidateResource(queryClient, TASK_CODE)
    onDone()
  }
  return (
    <Space>
      <HandleButton row={task} refresh={done} />
      {(['rollback', 'transfer', 'delegate'] as const).map((op) => (
        <Button key={op} size="small" data-testid={`wfx-${op}`} onClick={() => setOperation(op)}>
          {tr(`wfx.op.${op}`)}
        </Button>
      ))}
      {operation && (
        <OperationDialog task={task} operation={operation} onClose={() => setOperation(null)} onDone={done} />
      )}
    </Space>
  )
}

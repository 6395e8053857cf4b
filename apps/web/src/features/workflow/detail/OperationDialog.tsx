import { useQuery } from '@tanstack/react-query'
import { App, type ButtonProps, Form, Input, Modal, Select } from 'antd'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { PeopleIdsInput, PersonInput } from '@/components/PersonInput'
import './i18n'

/**
 * One dialog for the workflow's operations: what is picked (a person, people, or a node the server
 * offers), a comment or a required reason, and the call. The server decides who may; a refusal's
 * message shows and the dialog stays open.
 */
export interface Operation {
  title: string
  pick?: {
    kind: 'person' | 'people' | 'node'
    label: string
    nodes?: () => Promise<{ nodeId: string; nodeName: string }[]>
  }
  text: { label: string; required?: boolean }
  submit: (picked: string, text: string) => Promise<unknown>
  /** what the success message says (i18n key) */
  done: string
  danger?: boolean
}

export function OperationDialog({
  operation,
  testId,
  onClose,
  onDone,
}: {
  operation: Operation
  testId: string
  onClose: () => void
  onDone: () => void
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const [picked, setPicked] = useState('')
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const pick = operation.pick
  const nodes = useQuery({
    queryKey: ['workflow-operation-nodes', operation.title],
    queryFn: () => pick?.nodes?.() ?? Promise.resolve([]),
    enabled: pick?.kind === 'node',
  })
  const ready = (!pick || picked !== '') && (!operation.text.required || text.trim() !== '')
  const submit = async () => {
    setBusy(true)
    try {
      await operation.submit(picked, text.trim())
      void message.success(tr(operation.done))
      onDone()
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={operation.title}
      confirmLoading={busy}
      okButtonProps={
        { disabled: !ready, danger: operation.danger, 'data-testid': `${testId}-ok` } as ButtonProps
      }
      onOk={submit}
      onCancel={onClose}
    >
      <Form layout="vertical">
        {pick && (
          <Form.Item label={tr(pick.label)} required>
            {pick.kind === 'node' ? (
              <Select
                data-testid={`${testId}-node`}
                loading={nodes.isLoading}
                value={picked || undefined}
                onChange={setPicked}
                notFoundContent={tr('wfx.noNode')}
                options={(nodes.data ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName || n.nodeId }))}
              />
            ) : pick.kind === 'person' ? (
              <PersonInput
                value={picked}
                onChange={setPicked}
                testId={`${testId}-person`}
                placeholder={tr('wfd.pick')}
                pickLabel={tr('wfd.pick')}
              />
            ) : (
              <PeopleIdsInput
                value={picked}
                onChange={setPicked}
                testId={`${testId}-people`}
                placeholder={tr('wfd.pick')}
                pickLabel={tr('wfd.pick')}
              />
            )}
          </Form.Item>
        )}
        <Form.Item label={tr(operation.text.label)} required={operation.text.required}>
          <Input.TextArea
            rows={3}
            maxLength={operation.text.required ? 255 : 500}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid={`${testId}-text`}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

import { useQuery } from '@tanstack/react-query'
import { conditionListTypeCall, workflowButtonContract } from '@xpark/contract/modules/workflow-design'
import { Alert, Card, Checkbox, Empty, Form, Input, InputNumber, Radio, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { callApi, pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { AssigneeField } from './AssigneeField'
import { FieldRightsField } from './FieldRightsField'
import {
  type BusinessObject,
  type DesignerServices,
  type DiagramElement,
  isFlowNode,
  isHidden,
} from './modeler'
import './i18n'

/** A text field that writes to the diagram when it loses focus (one undo step per edit, not per key). */
function CommitInput({
  value,
  onCommit,
  testId,
  area,
}: {
  value: string
  onCommit: (v: string) => void
  testId: string
  area?: boolean
}) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  const commit = () => {
    if (text !== value) onCommit(text)
  }
  return area ? (
    <Input.TextArea
      data-testid={testId}
      rows={3}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
    />
  ) : (
    <Input
      data-testid={testId}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  )
}

type Multi = 'none' | 'parallel' | 'sequential'

/** The id of the process an element is in (the model's key, the start form's `formKey`). */
function processKeyOf(bo: BusinessObject): string | undefined {
  for (let at: BusinessObject | undefined = bo; at; at = at.$parent)
    if (at.$type === 'bpmn:Process') return at.id
  return undefined
}

function UserTaskFields({ element, services }: { element: DiagramElement; services: DesignerServices }) {
  const tr = useTr()
  const bo = element.businessObject
  const update = (props: Record<string, unknown>) => services.modeling.updateProperties(element, props)
  const buttons = useQuery({
    queryKey: ['workflow-designer-buttons'],
    queryFn: () => pageOfRows(workflowButtonContract, { current: 1, size: 200 }),
    staleTime: 60_000,
  })
  const loop = bo.loopCharacteristics
  const multi: Multi = !loop ? 'none' : loop.isSequential ? 'sequential' : 'parallel'
  const completion = String(bo.get('xpark:completion') ?? 'all') || 'all'
  const ratio = completion === 'all' || completion === 'any' ? null : Number(completion)
  const picked = String(bo.get('xpark:buttons') ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean)
  return (
    <>
      <AssigneeField
        key={element.id}
        value={bo.get('xpark:assignee') as string | undefined}
        onChange={(v) => update({ 'xpark:assignee': v || undefined })}
      />
      <Form.Item label={tr('wfd.multi')}>
        <Radio.Group
          data-testid="wfd-multi"
          value={multi}
          onChange={(e) => {
            const next = e.target.value as Multi
            update({
              loopCharacteristics:
                next === 'none'
                  ? undefined
                  : services.moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
                      isSequential: next === 'sequential',
                    }),
              ...(next === 'none' ? { 'xpark:completion': undefined } : {}),
            })
          }}
          options={(['none', 'parallel', 'sequential'] as const).map((m) => ({
            value: m,
            label: tr(`wfd.multi.${m}`),
          }))}
        />
      </Form.Item>
      {multi !== 'none' && (
        <Form.Item label={tr('wfd.completion')}>
          <Select
            data-testid="wfd-completion"
            value={ratio === null ? completion : 'ratio'}
            onChange={(v: string) => update({ 'xpark:completion': v === 'ratio' ? '0.5' : v })}
            options={(['all', 'any', 'ratio'] as const).map((c) => ({
              value: c,
              label: tr(`wfd.completion.${c}`),
            }))}
          />
          {ratio !== null && (
            <InputNumber
              data-testid="wfd-ratio"
              style={{ marginTop: 8, width: '100%' }}
              min={0.01}
              max={1}
              step={0.1}
              value={ratio}
              addonBefore={tr('wfd.ratio')}
              onChange={(v) => v && update({ 'xpark:completion': String(v) })}
            />
          )}
        </Form.Item>
      )}
      <FieldRightsField
        processKey={processKeyOf(bo)}
        value={String(bo.get('xpark:fields') ?? '')}
        onChange={(v) => update({ 'xpark:fields': v.trim() || undefined })}
        typed={
          <CommitInput
            testId="wfd-fields"
            value={String(bo.get('xpark:fields') ?? '')}
            onCommit={(v) => update({ 'xpark:fields': v.trim() || undefined })}
          />
        }
      />
      <Form.Item label={tr('wfd.buttons')} extra={tr('wfd.buttonsAll')}>
        <Select
          data-testid="wfd-buttons"
          mode="multiple"
          value={picked}
          loading={buttons.isLoading}
          options={(buttons.data?.records ?? []).map((b) => ({
            value: b.buttonKey,
            label: `${b.name} (${b.buttonKey})`,
          }))}
          onChange={(keys: string[]) => update({ 'xpark:buttons': keys.length ? keys.join(',') : undefined })}
        />
      </Form.Item>
    </>
  )
}

function FlowFields({ element, services }: { element: DiagramElement; services: DesignerServices }) {
  const tr = useTr()
  const bo = element.businessObject
  const conditions = useQuery({
    queryKey: ['workflow-designer-conditions'],
    queryFn: () => callApi(conditionListTypeCall),
    staleTime: 60_000,
  })
  const source = element.source
  const fromExclusive = source?.type === 'bpmn:ExclusiveGateway'
  const setCondition = (body: string) =>
    services.modeling.updateProperties(element, {
      conditionExpression: body.trim()
        ? services.moddle.create('bpmn:FormalExpression', { body: body.trim() })
        : undefined,
    })
  return (
    <>
      <Form.Item label={tr('wfd.condition')} extra={tr('wfd.conditionHint')}>
        <CommitInput
          area
          testId="wfd-condition"
          value={bo.conditionExpression?.body ?? ''}
          onCommit={setCondition}
        />
        <Select
          data-testid="wfd-condition-pick"
          style={{ marginTop: 8, width: '100%' }}
          placeholder={tr('wfd.pickCondition')}
          value={null}
          loading={conditions.isLoading}
          options={(conditions.data ?? []).map((g) => ({
            label: g.type,
            options: g.conditions.map((c) => ({ value: c.expression, label: `${c.name}: ${c.expression}` })),
          }))}
          onChange={(expression: string) => setCondition(expression)}
        />
      </Form.Item>
      {fromExclusive && source && (
        <Form.Item>
          <Checkbox
            data-testid="wfd-default-flow"
            checked={source.businessObject.default?.id === bo.id}
            onChange={(e) =>
              services.modeling.updateProperties(source, { default: e.target.checked ? bo : undefined })
            }
          >
            {tr('wfd.defaultFlow')}
          </Checkbox>
        </Form.Item>
      )}
    </>
  )
}

/** The selected element's properties, written through bpmn-js's modeling (undo/redo keep them). */
export function PropertiesPanel({
  element,
  services,
}: {
  /** the selected element, or the process itself when nothing is selected */
  element: DiagramElement | null
  services: DesignerServices
}) {
  const tr = useTr()
  if (!element) return <Empty description={tr('wfd.nothing')} />
  const bo = element.businessObject
  const isProcess = bo.$type === 'bpmn:Process'
  return (
    <Card
      size="small"
      title={isProcess ? tr('wfd.process') : `${tr('wfd.element')} · ${bo.$type.replace('bpmn:', '')}`}
    >
      <Form layout="vertical" size="small">
        {isFlowNode(element) && isHidden(element) && (
          <Alert type="warning" showIcon message={tr('wfd.hiddenNote')} style={{ marginBottom: 12 }} />
        )}
        <Form.Item label={tr('wfd.id')}>
          <Typography.Text code copyable data-testid="wfd-id">
            {bo.id}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={tr('wfd.name')}>
          <CommitInput
            testId="wfd-name"
            value={bo.name ?? ''}
            onCommit={(name) => services.modeling.updateProperties(element, { name })}
          />
        </Form.Item>
        {element.type === 'bpmn:UserTask' && <UserTaskFields element={element} services={services} />}
        {element.type === 'bpmn:SequenceFlow' && <FlowFields element={element} services={services} />}
      </Form>
    </Card>
  )
}

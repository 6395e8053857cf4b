import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import {
  App,
  Button,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Modal,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd'
import { type ReactNode, useMemo, useState } from 'react'
import { dialogFields, dialogTitle, FormFields, type useCrudDialog } from './CrudFormDialog'
import { toCents, toYuan } from './fields'
import { type Tr, useTr } from './i18n'
import { LineOptionsSelect } from './LineOptionsSelect'
import { crudApi } from './query'
import { TreeSourceSelect } from './TreeSourceSelect'
import type { BillLineColumn, CrudBill } from './types'
import { formatMoney } from './useCrudColumns'

/**
 * The bill dialog of a header + lines resource (orders, storage bills, count sheets): the header's
 * fields, an editable table of lines (a pick fills the line's other fields, derived cells follow as
 * you type), totals under it, and in the view mode the row's transitions (submit, check, return…),
 * each confirmed. Saving sends the header and every line in one call: the server writes them in one
 * transaction.
 */

type Line = Record<string, unknown>

function lineValue(column: BillLineColumn, line: Line): unknown {
  return column.compute ? column.compute(line) : line[column.prop]
}

/** What a person reads in a cell that is not edited: a pick shows the name it filled in, not the id. */
function lineText(column: BillLineColumn, line: Line): unknown {
  const labelField = column.dependent?.label ?? 'title'
  const name = Object.entries(column.fill ?? {}).find(([, from]) => from === labelField)?.[0]
  if (name && line[name]) return line[name]
  const value = lineValue(column, line)
  // a dependent cell left empty is its first option (a line in the base unit)
  if (column.dependent && (value === undefined || value === null || value === ''))
    return column.dependent.first?.(line)?.label
  return value
}

const textOf = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v))

/** The cells to clear when a line's `changed` cell changes: those depending on it, and what they filled. */
function dependentFields(bill: CrudBill, changed: string): string[] {
  return bill.columns
    .filter((c) => c.dependent?.on === changed)
    .flatMap((c) => [c.prop, ...Object.keys(c.fill ?? {})])
}

function lineRules(bill: CrudBill, column: BillLineColumn, index: number, tr: Tr): FormRule[] {
  if (!bill.lineSchema) return []
  const schema = bill.lineSchema
  return [
    (form) => ({
      validator: async () => {
        const record = form.getFieldValue([bill.field, index]) ?? {}
        const result = schema.safeParse(record)
        const issue = result.success ? undefined : result.error?.issues.find((i) => i.path[0] === column.prop)
        if (issue) throw new Error(tr(issue.message))
      },
    }),
  ]
}

function cellInput(
  column: BillLineColumn,
  tr: Tr,
  testId: string,
  line: Line,
  onPick?: (node: Line | undefined) => void,
) {
  if (column.dependent)
    return (
      <LineOptionsSelect
        source={column.dependent}
        line={line}
        currentLabel={textOf(lineText(column, line))}
        testId={testId}
        placeholder={tr(column.label)}
        onPick={(option) => onPick?.(option?.row)}
      />
    )
  if (column.treeOf)
    return (
      <TreeSourceSelect
        source={column.treeOf}
        testId={testId}
        placeholder={tr(column.label)}
        onPick={(node) => onPick?.(node)}
      />
    )
  if (column.input === 'money')
    return <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid={testId} />
  // an exact decimal (a quantity of 2.5 kg): typed and sent as text, never a float
  if (column.input === 'decimal')
    return (
      <InputNumber
        stringMode
        min={String(column.min ?? 0)}
        {...(column.max !== undefined ? { max: String(column.max) } : {})}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    )
  if (column.input === 'number')
    return <InputNumber min={column.min} max={column.max} style={{ width: '100%' }} data-testid={testId} />
  return <Input data-testid={testId} placeholder={tr(column.label)} />
}

export function BillDialog<T extends object>({
  dialog,
  footerExtra,
}: {
  dialog: ReturnType<typeof useCrudDialog<T>>
  /** the row's transition buttons (view mode) */
  footerExtra?: (row: T, close: () => void) => ReactNode
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const { form, state, loading, close, onSaved, resource } = dialog
  const bill = resource.bill as CrudBill
  const [saving, setSaving] = useState(false)
  const { mode, row } = state
  const view = mode === 'view'
  const fields = dialogFields(resource, mode)
  const current = Form.useWatch((all: Record<string, unknown>) => all, { form, preserve: true })
  const lines = ((current?.[bill.field] as Line[] | undefined) ?? []).filter(Boolean)
  const rowKey = resource.rowKey ?? ('id' as keyof T)

  const totals = useMemo(
    () =>
      (bill.totals ?? []).map((t) => {
        const column = bill.columns.find((c) => c.prop === t.prop)
        const sum = lines.reduce((s, line) => {
          const v = Number(column ? lineValue(column, line) : line[t.prop])
          return Number.isFinite(v) ? s + v : s
        }, 0)
        return { ...t, sum }
      }),
    [bill, lines],
  )

  // a line's goods changed by hand: its units (and what they filled) no longer apply
  function clearDependents(changedLines: unknown) {
    if (!Array.isArray(changedLines)) return
    changedLines.forEach((changed, index) => {
      if (!changed || typeof changed !== 'object') return
      for (const key of Object.keys(changed))
        for (const field of dependentFields(bill, key))
          form.setFieldValue([bill.field, index, field], undefined)
    })
  }

  async function submit() {
    const validated = await form.validateFields().catch(() => null)
    if (!validated) return
    const sent = (validated[bill.field] as Line[] | undefined) ?? []
    if (sent.length === 0) return void message.warning(tr('crud.billNoLines'))
    setSaving(true)
    try {
      const own = resource.beforeSubmit ? resource.beforeSubmit(validated, mode) : validated
      const body = mode === 'edit' && row ? { ...own, [rowKey]: row[rowKey] } : own
      await crudApi.submit(resource, body)
      void message.success(tr(mode === 'edit' ? 'common.updateSuccess' : 'common.addSuccess'))
      close()
      onSaved()
    } catch {
      // a failed save keeps the dialog open with its values (spec 01 §8)
    } finally {
      setSaving(false)
    }
  }

  const columns = (remove: (index: number) => void) => [
    {
      key: '__index',
      title: '#',
      width: 48,
      render: (_: unknown, __: unknown, index: number) => index + 1,
    },
    ...bill.columns.map((c) => ({
      key: c.prop,
      title: tr(c.label),
      width: c.width,
      render: (_: unknown, field: { name: number; key: number }) => {
        const line = lines[field.name] ?? {}
        const testId = `bill-line-${c.prop}-${field.name}`
        if (view || c.input === 'read' || c.compute) {
          const value = lineText(c, line)
          return (
            <span data-testid={testId}>
              {c.money ? formatMoney(value) : value === undefined || value === null ? '' : String(value)}
            </span>
          )
        }
        const pick = c.fill
          ? (node: Line | undefined) => {
              for (const [to, from] of Object.entries(c.fill ?? {}))
                form.setFieldValue([bill.field, field.name, to], node?.[from])
            }
          : undefined
        return (
          <Form.Item
            name={[field.name, c.prop]}
            rules={lineRules(bill, c, field.name, tr)}
            style={{ margin: 0 }}
            {...(c.input === 'money'
              ? { getValueProps: (v: unknown) => ({ value: toYuan(v) }), normalize: toCents }
              : {})}
          >
            {cellInput(c, tr, testId, line, pick)}
          </Form.Item>
        )
      },
    })),
    ...(view
      ? []
      : [
          {
            key: '__remove',
            title: '',
            width: 56,
            render: (_: unknown, field: { name: number }) => (
              <Button
                type="link"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={tr('crud.removeLine')}
                onClick={() => remove(field.name)}
                data-testid={`bill-line-remove-${field.name}`}
              />
            ),
          },
        ]),
  ]

  return (
    <Modal
      open={state.open}
      title={dialogTitle(resource, mode, tr)}
      onCancel={close}
      width={resource.dialogWidth ?? 1000}
      forceRender
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', overflowX: 'hidden' } }}
      footer={
        <Space wrap>
          {view && row && footerExtra?.(row, close)}
          <Button onClick={close} data-testid="bill-cancel">
            {tr(view ? 'common.close' : 'common.cancel')}
          </Button>
          {!view && (
            <Button
              type="primary"
              loading={saving}
              onClick={() => void submit()}
              data-testid={resource.testIds?.formSubmit ?? 'crud-form-submit'}
            >
              {tr('common.ok')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          disabled={view}
          data-testid="crud-form"
          onValuesChange={(changed: Record<string, unknown>) => clearDependents(changed[bill.field])}
        >
          <FormFields resource={resource} fields={fields} mode={mode} current={current} />
          <Typography.Title level={5}>{tr('crud.billLines')}</Typography.Title>
          <Form.List name={bill.field}>
            {(rows, { add, remove }) => (
              <>
                <Table
                  size="small"
                  rowKey="key"
                  dataSource={rows}
                  columns={columns(remove)}
                  pagination={false}
                  locale={{ emptyText: tr('crud.billNoLines') }}
                  data-testid="bill-lines"
                />
                {!view && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    style={{ marginTop: 8 }}
                    onClick={() => add(bill.newLine?.() ?? {})}
                    data-testid="bill-add-line"
                  >
                    {tr('crud.addLine')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
          {totals.length > 0 && (
            <Space
              size="large"
              style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}
              data-testid="bill-totals"
            >
              {totals.map((t) => (
                <span key={t.prop}>
                  {tr(t.label)}:{' '}
                  <Typography.Text strong data-testid={`bill-total-${t.prop}`}>
                    {t.money ? formatMoney(t.sum) : String(t.sum)}
                  </Typography.Text>
                </span>
              ))}
            </Space>
          )}
        </Form>
      </Spin>
    </Modal>
  )
}

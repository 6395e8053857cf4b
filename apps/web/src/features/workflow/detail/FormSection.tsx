import { formFieldPaths, valueAt } from '@xpark/contract/modules/workflow-forms'
import { Descriptions, Empty } from 'antd'
import { useTr } from '@/components/crud/i18n'
import './i18n'

/** The form's fields in order (inside groups too, by their data path), each with its label. */
function fieldsOf(schema: string): { key: string; label: string }[] {
  return formFieldPaths(schema).map((f) => ({ key: f.path, label: [...f.within, f.label].join(' / ') }))
}

const shown = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)

/** A process's form values under the form's labels (by key when the process has no form). */
export function FormSection({ schema, values }: { schema: string; values: Record<string, unknown> }) {
  const tr = useTr()
  const fields = fieldsOf(schema)
  const named = new Set(fields.map((f) => f.key))
  // without a form, the values by key (the engine's own `initiator` is shown as 发起人 above)
  const rest = fields.length
    ? []
    : Object.keys(values)
        .filter((k) => !named.has(k) && k !== 'initiator')
        .map((k) => ({ key: k, label: k }))
  const rows = [...fields.filter((f) => valueAt(values, f.key) !== undefined), ...rest]
  if (rows.length === 0) return <Empty description={schema ? undefined : tr('wfx.noForm')} />
  return (
    <Descriptions size="small" column={1} bordered data-testid="wfx-form">
      {rows.map((f) => (
        <Descriptions.Item key={f.key} label={f.label}>
          {shown(valueAt(values, f.key))}
        </Descriptions.Item>
      ))}
    </Descriptions>
  )
}

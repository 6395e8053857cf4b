import { Descriptions, Empty } from 'antd'
import { useTr } from '@/components/crud/i18n'
import './i18n'

interface Component {
  key?: string
  label?: string
  type?: string
  components?: Component[]
}

/** The form's fields in order (groups flattened), each with its label: what the values are shown under. */
function fieldsOf(schema: string): { key: string; label: string }[] {
  try {
    const walk = (list: Component[] = []): { key: string; label: string }[] =>
      list.flatMap((c) => [
        ...(c.key ? [{ key: c.key, label: c.label || c.key }] : []),
        ...walk(c.components),
      ])
    return walk((JSON.parse(schema) as { components?: Component[] }).components)
  } catch {
    return []
  }
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
  const rows = [...fields.filter((f) => f.key in values), ...rest]
  if (rows.length === 0) return <Empty description={schema ? undefined : tr('wfx.noForm')} />
  return (
    <Descriptions size="small" column={1} bordered data-testid="wfx-form">
      {rows.map((f) => (
        <Descriptions.Item key={f.key} label={f.label}>
          {shown(values[f.key])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  )
}

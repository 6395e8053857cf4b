import { useQuery } from '@tanstack/react-query'
import { workflowFormContract } from '@xpark/contract/modules/workflow-design'
import { type FormFieldPath, formFieldPaths } from '@xpark/contract/modules/workflow-forms'
import type { FieldRight } from '@xpark/contract/modules/workflow-moddle'
import { Form, Select, Typography } from 'antd'
import type { ReactNode } from 'react'
import { pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { parseFieldRights, withFieldRight } from './field-rights'
import './i18n'

/** The form whose `formKey` is the process key (the start form the engine pairs with it), or null. */
function useProcessForm(processKey: string | undefined) {
  return useQuery({
    queryKey: ['workflow-designer-form', processKey],
    enabled: !!processKey,
    staleTime: 60_000,
    queryFn: async () => {
      const page = await pageOfRows(workflowFormContract, { current: 1, size: 20, formKey: processKey })
      return page.records.find((f) => f.formKey === processKey) ?? null
    },
  })
}

const NONE = ''

/**
 * A user task's field rights (`xpark:fields`): every field of the process's form (the form whose key
 * is the process key), fields inside groups by their data path and a dynamic list as one, each with
 * its right at this node; rights naming fields the form no longer has are listed too, to be removed.
 * Without a form, the rights are typed (`key:read|write|hidden`).
 */
export function FieldRightsField({
  processKey,
  value,
  onChange,
  typed,
}: {
  processKey: string | undefined
  value: string
  onChange: (next: string) => void
  /** the text field shown when the process has no form with fields */
  typed: ReactNode
}) {
  const tr = useTr()
  const form = useProcessForm(processKey)
  const fields = form.data ? formFieldPaths(form.data.content) : []
  if (fields.length === 0)
    return (
      <Form.Item label={tr('wfd.fields')} extra={tr('wfd.fieldsHint')}>
        {typed}
      </Form.Item>
    )
  const named = new Map(parseFieldRights(value))
  const known = new Set(fields.map((f) => f.path))
  const gone: FormFieldPath[] = [...named.keys()]
    .filter((path) => !known.has(path))
    .map((path) => ({ path, label: path, type: '', within: [tr('wfd.fieldGone')] }))
  const options = [
    { value: NONE, label: tr('wfd.right.none') },
    ...(['write', 'read', 'hidden'] as const).map((r) => ({ value: r, label: tr(`wfd.right.${r}`) })),
  ]
  return (
    <Form.Item label={tr('wfd.fields')} extra={tr('wfd.fieldsListHint')}>
      <div data-testid="wfd-field-rights">
        {[...fields, ...gone].map((f) => (
          <div
            key={f.path}
            data-testid={`wfd-field-${f.path}`}
            style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}
          >
            <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis={{ tooltip: f.path }}>
              {[...f.within, f.label].join(' / ')}
            </Typography.Text>
            <Select<string>
              size="small"
              style={{ width: 96 }}
              aria-label={f.path}
              value={named.get(f.path) ?? NONE}
              options={options}
              onChange={(right) =>
                onChange(withFieldRight(value, f.path, right === NONE ? undefined : (right as FieldRight)))
              }
            />
          </div>
        ))}
      </div>
    </Form.Item>
  )
}

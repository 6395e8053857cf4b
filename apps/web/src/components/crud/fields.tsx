import { centsOf, yuanOf } from '@xpark/contract/money'
import type { FormItemProps, FormRule } from 'antd'
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { cloneElement, isValidElement, type ReactNode } from 'react'
import type { Tr } from './i18n'
import { DATE_FORMAT } from './query'
import { renderDictInput } from './renderers'
import { TreeSourceSelect } from './TreeSourceSelect'
import type { CrudColumn, FormMode, SchemaLike } from './types'

/** The input of one field for the dialog form and edited cells. */
export function fieldInput<T>(
  column: CrudColumn<T>,
  tr: Tr,
  opts: { testId?: string; disabled?: boolean; mode?: FormMode },
): ReactNode {
  const form = column.form || {}
  const placeholder = tr(column.label)
  if (form.render) {
    // custom inputs (tree and dictionary selects…) get the label as placeholder too, unless they set one
    const node = form.render(opts)
    return isValidElement<{ placeholder?: string }>(node) && node.props.placeholder === undefined
      ? cloneElement(node, { placeholder })
      : node
  }
  if (column.treeOf)
    return (
      <TreeSourceSelect
        source={column.treeOf}
        testId={opts.testId}
        disabled={opts.disabled}
        placeholder={placeholder}
        {...form.props}
      />
    )
  if (column.dict && !form.type) {
    const input = renderDictInput({
      code: column.dict,
      numeric: form.props?.numeric === true,
      testId: opts.testId,
      disabled: opts.disabled,
      placeholder,
    })
    if (input) return input
  }
  const common = { 'data-testid': opts.testId, disabled: opts.disabled, ...form.props }
  if (column.money)
    return (
      <InputNumber style={{ width: '100%' }} min={0} precision={2} placeholder={placeholder} {...common} />
    )
  switch (form.type) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} placeholder={placeholder} {...common} />
    case 'password':
      return <Input.Password placeholder={placeholder} {...common} />
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} {...common} />
    case 'switch':
      return <Switch {...common} />
    case 'date':
      return <DatePicker showTime style={{ width: '100%' }} {...common} />
    case 'select':
      return (
        <Select
          allowClear
          placeholder={placeholder}
          options={(column.options ?? []).map((o) => ({ label: tr(o.label), value: o.value as string }))}
          {...common}
        />
      )
    default:
      return <Input placeholder={placeholder} {...common} />
  }
}

/** Declared rules with their messages translated, plus the schema's verdict on this field. */
export function fieldRules<T>(
  column: CrudColumn<T>,
  tr: Tr,
  schema: SchemaLike | undefined,
  /** where the field's record lives in the form (`[]` for the dialog, `[rowKey]` for cell editing) */
  base: (string | number)[] = [],
): FormRule[] {
  const declared = column.form ? (column.form.rules ?? []) : []
  const rules: FormRule[] = declared.map((r) =>
    typeof r === 'object' && typeof r.message === 'string' ? { ...r, message: tr(r.message) } : r,
  )
  if (schema) {
    rules.push((form) => ({
      validator: async () => {
        const record = base.length ? form.getFieldValue(base) : form.getFieldsValue(true)
        const result = schema.safeParse(record ?? {})
        const issue = result.success ? undefined : result.error?.issues.find((i) => i.path[0] === column.prop)
        if (issue) throw new Error(tr(issue.message))
      },
    }))
  }
  return rules
}

/** Cents on the wire, yuan in the input (two decimals, never a float sent as money). */
export const toYuan = (cents: unknown) =>
  typeof cents === 'number'
    ? yuanOf(cents)
    : typeof cents === 'string' && cents !== ''
      ? yuanOf(Number(cents))
      : undefined
export const toCents = (yuan: unknown) =>
  typeof yuan === 'number' && Number.isFinite(yuan) ? centsOf(yuan) : yuan === null ? null : undefined

/** Form.Item props a field type needs: dates travel as `yyyy-MM-dd HH:mm:ss` text, switches as checked. */
export function fieldItemProps<T>(column: CrudColumn<T>): Partial<FormItemProps> {
  if (column.money) return { getValueProps: (v: unknown) => ({ value: toYuan(v) }), normalize: toCents }
  const type = column.form ? column.form.type : undefined
  if (type === 'switch') return { valuePropName: 'checked' }
  if (type === 'date')
    return {
      getValueProps: (v: unknown) => ({ value: v ? dayjs(v as string) : undefined }),
      normalize: (v: Dayjs | null) => (v ? v.format(DATE_FORMAT) : v),
    }
  return {}
}

import { SearchOutlined, UndoOutlined } from '@ant-design/icons'
import { Button, DatePicker, Form, type GetProps, Input, InputNumber, Select } from 'antd'
import { useEffect } from 'react'
import { dateShortcuts } from './dates'
import { useTr } from './i18n'
import { renderDictInput } from './renderers'
import { TreeSourceSelect } from './TreeSourceSelect'
import type { CrudColumn } from './types'

/**
 * The search form of a resource. Submitting, resetting or changing a date range hands the values to
 * `onSearch` (the page goes back to 1 there); empty values are dropped when the query is built.
 */
export function CrudSearch<T>({
  columns,
  onSearch,
  values,
  submitTestId,
  resetTestId,
}: {
  columns: CrudColumn<T>[]
  onSearch: (values: Record<string, unknown>) => void
  /** values to show (a saved view opened): set once each time they change */
  values?: Record<string, unknown>
  submitTestId: string
  resetTestId: string
}) {
  const tr = useTr()
  const [form] = Form.useForm<Record<string, unknown>>()
  useEffect(() => {
    if (values) form.setFieldsValue(values)
  }, [values, form])
  if (columns.length === 0) return null

  const field = (c: CrudColumn<T>) => {
    const testId = c.testId?.search ?? `crud-search-${c.prop}`
    const placeholder = tr(c.label)
    switch (c.search) {
      case 'dateRange':
        return (
          <DateRange
            presets={dateShortcuts.map((s) => ({ label: tr(s.label), value: s.value }))}
            // a new date range searches at once, from page 1 (spec 01 §5)
            onChange={() => onSearch(form.getFieldsValue())}
            testId={testId}
          />
        )
      case 'select':
        if (c.dict) {
          const input = renderDictInput({
            code: c.dict,
            numeric: c.form ? c.form.props?.numeric === true : false,
            testId,
            placeholder,
            style: { minWidth: 160 },
          })
          if (input) return input
        }
        if (c.treeOf)
          return (
            <span style={{ display: 'inline-block', minWidth: 180 }}>
              <TreeSourceSelect
                source={{ ...c.treeOf, root: false }}
                testId={testId}
                placeholder={placeholder}
              />
            </span>
          )
        return (
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={placeholder}
            options={(c.options ?? []).map((o) => ({ label: tr(o.label), value: o.value as string }))}
            data-testid={testId}
          />
        )
      case 'number':
        return <InputNumber placeholder={placeholder} data-testid={testId} />
      default:
        return <Input allowClear placeholder={placeholder} data-testid={testId} />
    }
  }

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(values) => onSearch(values)}
      style={{ marginBottom: 12, rowGap: 8 }}
      data-testid="crud-search"
    >
      {columns.map((c) => (
        <Form.Item key={c.prop} name={c.prop as string} label={tr(c.label)}>
          {field(c)}
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={submitTestId}>
          {tr('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            form.resetFields()
            onSearch({})
          }}
          data-testid={resetTestId}
        >
          {tr('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  )
}

/** A range picker under one test id (the picker itself would put it on both of its inputs). */
function DateRange({ testId, ...props }: GetProps<typeof DatePicker.RangePicker> & { testId: string }) {
  return (
    <span data-testid={testId}>
      <DatePicker.RangePicker showTime {...props} />
    </span>
  )
}

import { DeleteOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons'
import { Badge, Button, Drawer, Input, Select, Space } from 'antd'
import { useState } from 'react'
import type { MessageKey } from '@/i18n'
import { useTr } from './i18n'
import { type Condition, operators } from './query'
import type { Operator } from './types'

/** How each operator reads in the drawer (spec 01 §5: =, not equal, like, >, >=, <, <=, in). */
const symbolLabel: Record<Operator, MessageKey | string> = {
  eq: '=',
  ne: 'crud.notEqual',
  like: 'like',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
  in: 'in',
}

const blank = (): Condition => ({ prop: '', symbol: 'eq', value: '' })

/** Filter drawer: conditions {column, symbol, value} sent as the server's suffix forms. */
export function FilterDrawer({
  columns,
  applied,
  onApply,
  testId,
}: {
  columns: { prop: string; label: string }[]
  applied: Condition[]
  onApply: (conditions: Condition[]) => void
  testId: string
}) {
  const tr = useTr()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<Condition[]>([])
  const set = (i: number, patch: Partial<Condition>) =>
    setDraft((d) => d.map((c, j) => (j === i ? { ...c, ...patch } : c)))

  const show = () => {
    setDraft(applied.length ? applied : [blank()])
    setOpen(true)
  }
  const apply = (next: Condition[]) => {
    onApply(next.filter((c) => c.prop && c.value.trim() !== ''))
    setOpen(false)
  }

  return (
    <>
      <Badge count={applied.length} size="small">
        <Button
          icon={<FilterOutlined />}
          aria-label={tr('crud.filter')}
          onClick={show}
          data-testid={testId}
        />
      </Badge>
      <Drawer
        open={open}
        title={tr('crud.filter')}
        size={520}
        onClose={() => setOpen(false)}
        data-testid="crud-filter-drawer"
        footer={
          <Space>
            <Button type="primary" onClick={() => apply(draft)} data-testid="crud-filter-apply">
              {tr('crud.filterApply')}
            </Button>
            <Button onClick={() => apply([])} data-testid="crud-filter-clear">
              {tr('crud.filterClear')}
            </Button>
          </Space>
        }
      >
        {draft.map((c, i) => (
          // conditions have no identity of their own; the index is their key while editing
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Space.Compact key={i} block style={{ marginBottom: 8 }}>
            <Select
              style={{ width: 160 }}
              value={c.prop || undefined}
              placeholder={tr('crud.field')}
              options={columns.map((col) => ({ value: col.prop, label: tr(col.label) }))}
              onChange={(prop: string) => set(i, { prop })}
              data-testid={`crud-filter-prop-${i}`}
            />
            <Select
              style={{ width: 110 }}
              value={c.symbol}
              options={operators.map((o) => ({ value: o, label: tr(symbolLabel[o]) }))}
              onChange={(symbol: Operator) => set(i, { symbol })}
              data-testid={`crud-filter-symbol-${i}`}
            />
            <Input
              value={c.value}
              placeholder={tr('crud.value')}
              onChange={(e) => set(i, { value: e.target.value })}
              data-testid={`crud-filter-value-${i}`}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={tr('common.delete')}
              onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
            />
          </Space.Compact>
        ))}
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => setDraft((d) => [...d, blank()])}
          data-testid="crud-filter-add"
        >
          {tr('crud.filterAdd')}
        </Button>
      </Drawer>
    </>
  )
}

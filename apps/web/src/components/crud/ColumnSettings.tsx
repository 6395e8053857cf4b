import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons'
import { Button, Checkbox, Popover } from 'antd'
import type { ColumnPrefs } from './columnPrefs'
import { useTr } from './i18n'

/**
 * Show/hide and reorder table columns. Every control is a real button or checkbox, so the list works
 * from the keyboard (Tab, Space, Enter); the moved column keeps the focus on its arrow.
 */
export function ColumnSettings({
  columns,
  order,
  hidden,
  onChange,
  testId,
}: {
  columns: { prop: string; label: string }[]
  order: string[]
  hidden: Set<string>
  onChange: (prefs: ColumnPrefs | null) => void
  testId: string
}) {
  const tr = useTr()
  const labels = new Map(columns.map((c) => [c.prop, tr(c.label)]))
  const save = (nextOrder: string[], nextHidden: Set<string>) =>
    onChange({ order: nextOrder, hidden: [...nextHidden] })
  const move = (index: number, by: -1 | 1) => {
    const next = [...order]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item!)
    save(next, hidden)
  }
  const toggle = (prop: string, visible: boolean) => {
    const next = new Set(hidden)
    if (visible) next.delete(prop)
    else next.add(prop)
    save(order, next)
  }

  const content = (
    <div data-testid="crud-columns-panel" style={{ minWidth: 220 }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {order.map((prop, i) => (
          <li key={prop} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <Checkbox
              style={{ flex: 1 }}
              checked={!hidden.has(prop)}
              onChange={(e) => toggle(prop, e.target.checked)}
              data-testid={`crud-columns-show-${prop}`}
            >
              {labels.get(prop)}
            </Checkbox>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              aria-label={`${tr('crud.moveUp')} ${labels.get(prop)}`}
              onClick={() => move(i, -1)}
              data-testid={`crud-columns-up-${prop}`}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={i === order.length - 1}
              aria-label={`${tr('crud.moveDown')} ${labels.get(prop)}`}
              onClick={() => move(i, 1)}
              data-testid={`crud-columns-down-${prop}`}
            />
          </li>
        ))}
      </ul>
      <Button size="small" type="link" onClick={() => onChange(null)} data-testid="crud-columns-reset">
        {tr('crud.resetColumns')}
      </Button>
    </div>
  )
  return (
    <Popover trigger="click" placement="bottomRight" title={tr('crud.columns')} content={content}>
      <Button icon={<SettingOutlined />} aria-label={tr('crud.columns')} data-testid={testId} />
    </Popover>
  )
}

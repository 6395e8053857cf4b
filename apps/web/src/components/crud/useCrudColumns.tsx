import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons'
import { useQueries } from '@tanstack/react-query'
import { Button, Form, type TableColumnsType } from 'antd'
import { type ReactNode, useMemo } from 'react'
import { fieldInput, fieldItemProps, fieldRules, toYuan } from './fields'
import { type Tr, useTr } from './i18n'
import type { Sort } from './query'
import { RowButton } from './RowButton'
import { optionLabel, renderDict } from './renderers'
import type { CrudColumn, CrudResource, CrudRowContext, RowAction } from './types'
import type { CellEdit } from './useCellEdit'

/** One row-action button's share of the action column (an icon and two to four characters). */
const ACTION_WIDTH = 88
/** An icon-only row action (compact screens): the icon and its padding. */
const ICON_ACTION_WIDTH = 36

const actionIcons: Record<RowAction, ReactNode> = {
  view: <EyeOutlined />,
  edit: <EditOutlined />,
  copy: <CopyOutlined />,
  delete: <DeleteOutlined />,
}
const actionLabels = { view: 'crud.view', edit: 'common.edit', copy: 'crud.copy', delete: 'common.delete' }

/** Cents as yuan with two decimals and thousands separators (spec 02 §9: thousands formatting, 2 decimals). */
export function formatMoney(cents: unknown): string {
  const yuan = toYuan(cents)
  return yuan === undefined || Number.isNaN(yuan)
    ? ''
    : yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}

function display<T>(c: CrudColumn<T>, value: unknown, row: T, tr: Tr, looked: LookedUp): ReactNode {
  if (c.lookup) return c.lookup.label(looked.get(c.prop as string), value)
  if (c.render) return c.render(value as T[keyof T], row)
  if (c.money) return formatMoney(value)
  if (c.dict) return renderDict(c.dict, value)
  if (c.options) return optionLabel(c.options, value, tr)
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The answers of the shown columns' lookups, by column prop. */
type LookedUp = ReadonlyMap<string, unknown>

/**
 * One query per shown column that declares a lookup, for the whole table. The map keeps its identity
 * until an answer changes (so the column definitions do too).
 */
function useLookups<T>(shown: CrudColumn<T>[]): LookedUp {
  const withLookup = useMemo(() => shown.filter((c) => c.lookup), [shown])
  const answers = useQueries({
    queries: withLookup.map((c) => c.lookup!.query()),
    combine: dataOf,
  })
  return useMemo(
    () => new Map(withLookup.map((c, i) => [c.prop as string, answers[i]])),
    [withLookup, answers],
  )
}
const dataOf = (results: { data: unknown }[]) => results.map((r) => r.data)

/**
 * The table columns of a declaration: user order and visibility applied, plain cell renderers (no
 * tooltips), the action column gated by permission and the per-row check. Memoised: rows re-render,
 * column definitions do not, unless order, permissions, sort, editing or language change.
 */
export function useCrudColumns<T extends object>({
  resource,
  rowContext,
  order,
  hidden,
  allowed,
  sort,
  onAction,
  cell,
}: {
  resource: CrudResource<T>
  rowContext?: CrudRowContext
  order: string[]
  hidden: ReadonlySet<string>
  allowed: Record<RowAction, boolean>
  sort: Sort | undefined
  onAction: (action: RowAction, row: T) => void
  cell: CellEdit<T> | undefined
}): TableColumnsType<T> {
  const tr = useTr()
  const editing = cell?.editing
  const saving = cell?.saving
  const shown = useMemo(() => {
    const byProp = new Map(resource.columns.map((c) => [c.prop as string, c]))
    return order.filter((p) => !hidden.has(p)).map((p) => byProp.get(p)!)
  }, [resource, order, hidden])
  const looked = useLookups(shown)
  return useMemo(() => {
    const rowKey = (resource.rowKey ?? 'id') as keyof T
    const columns: TableColumnsType<T> = shown.map((c) => ({
      key: c.prop,
      dataIndex: c.prop,
      title: tr(c.label),
      width: c.width,
      ellipsis: c.ellipsis ? { showTitle: false } : false,
      sorter: c.sortable || undefined,
      sortOrder: c.sortable ? (sort?.field === c.prop ? sort.order : null) : undefined,
      render: (value: unknown, row: T) => {
        const key = String(row[rowKey])
        if (c.editable && editing?.has(key))
          return (
            <Form.Item
              name={[key, c.prop]}
              rules={fieldRules(c, tr, resource.formSchema, [key])}
              validateFirst
              style={{ margin: 0 }}
              {...fieldItemProps(c)}
            >
              {fieldInput(c, tr, { testId: `crud-cell-${c.prop}-${key}` })}
            </Form.Item>
          )
        return display(c, value, row, tr, looked)
      },
    }))

    const actions = (Object.keys(allowed) as RowAction[]).filter((a) => allowed[a])
    const rowExtra = resource.rowExtra
    if (actions.length === 0 && !cell && !rowExtra) return columns
    const compact = resource.compactActions === true
    // the cell-edit save and cancel keep antd's Button (its loading state); they show on edited rows only
    const button = (id: string, label: string, onClick: () => void, extra?: object) => (
      <Button key={id} type="link" size="small" onClick={onClick} data-testid={id} {...extra}>
        {label}
      </Button>
    )
    // translated once per column definition, not once per row
    const labels = Object.fromEntries(actions.map((a) => [a, tr(actionLabels[a])])) as Record<
      RowAction,
      string
    >
    const saveLabel = tr('crud.save')
    const cancelLabel = tr('common.cancel')
    const extraCount = rowExtra ? (resource.rowExtraCount ?? 1) : 0
    columns.push({
      key: '__actions',
      title: tr('common.action'),
      // room for every button (an icon and two to four characters: ~84 px, English ~96), and kept at the
      // right edge so the actions stay in reach when a wide table scrolls sideways
      width: compact
        ? Math.max(actions.length * ICON_ACTION_WIDTH + extraCount * ACTION_WIDTH, 2 * ACTION_WIDTH)
        : Math.max(actions.length + extraCount, 2) * ACTION_WIDTH,
      fixed: 'right' as const,
      render: (_: unknown, row: T) => {
        const key = String(row[rowKey])
        if (cell && editing?.has(key))
          return (
            <div className="crud-row-actions">
              {button(`crud-row-save-${key}`, saveLabel, () => void cell.save(row), {
                loading: saving?.has(key),
              })}
              {button(`crud-row-cancel-${key}`, cancelLabel, () => cell.cancel(key))}
            </div>
          )
        return (
          <div className="crud-row-actions">
            {actions
              .filter((a) => resource.rowCheck?.(row, a) ?? true)
              .map((a) => (
                <RowButton
                  key={a}
                  label={labels[a]}
                  icon={actionIcons[a]}
                  onClick={() => onAction(a, row)}
                  danger={a === 'delete'}
                  iconOnly={compact}
                  testId={`crud-row-${a}-${key}`}
                />
              ))}
            {rowExtra && rowContext && rowExtra(row, rowContext)}
          </div>
        )
      },
    })
    return columns
  }, [resource, rowContext, shown, looked, allowed, sort, onAction, cell, editing, saving, tr])
}

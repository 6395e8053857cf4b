import type { TableProps } from 'antd'
import { type Dispatch, type Key, type SetStateAction, useCallback, useMemo, useState } from 'react'
import type { CrudResource } from './types'
import type { useTreeRows } from './useTreeRows'
import { DEFAULT_COLUMN_WIDTH, fillColumns, windowedBody } from './WindowedBody'
import { WINDOWED_TABLE_PARTS } from './windowedTableParts'

/** The selection column's width (antd's check box and its padding). */
const SELECTION_WIDTH = 48
/** The windowed body's height: about 12 rows. */
const BODY_HEIGHT = 600

type Selection<T> = { keys: Key[]; rows: T[] }

/**
 * What CrudPage hands antd's Table beside its rows: the columns filled to the body's width, the scroll
 * box, sorting, the selection, our windowed body and the tree's expansion, each kept while its inputs
 * are the same (a new page re-renders the table only).
 */
export function useTableParts<T extends object>({
  resource,
  columns,
  rows,
  rowKey,
  selection,
  setSelection,
  setSort,
  tree,
}: {
  resource: CrudResource<T>
  columns: NonNullable<TableProps<T>['columns']>
  rows: readonly T[]
  rowKey: keyof T & string
  selection: Selection<T>
  setSelection: Dispatch<SetStateAction<Selection<T>>>
  setSort: (sort: { field: string; order: 'ascend' | 'descend' } | undefined) => void
  tree: Pick<ReturnType<typeof useTreeRows<T>>, 'onExpand' | 'childrenProp'>
}) {
  // one table at every page size (issue 13), its body drawn by us with the rows in view only
  // (WindowedBody). Trees have no pager, and their expanded rows would make the row count below wrong,
  // so they keep antd's plain table.
  const windowed = resource.virtual ?? !resource.tree
  const [bodyWidth, setBodyWidth] = useState(0)
  // always a horizontal width: columns without one would otherwise shrink to nothing when the fixed
  // ones and the row actions fill a narrow screen; the windowed body's columns are filled to its width
  const filled = useMemo(
    () =>
      windowed
        ? fillColumns(columns, bodyWidth, SELECTION_WIDTH)
        : {
            columns,
            scrollX: columns.reduce(
              (sum, c) => sum + (Number(c.width) || DEFAULT_COLUMN_WIDTH),
              SELECTION_WIDTH,
            ),
          },
    [columns, windowed, bodyWidth],
  )
  const scrollX = filled.scrollX
  const scroll = useMemo(
    () => (windowed ? { x: scrollX, y: BODY_HEIGHT } : { x: scrollX }),
    [windowed, scrollX],
  )
  const { onRow: resourceOnRow } = resource
  const onChange = useCallback<NonNullable<TableProps<T>['onChange']>>(
    (_p, _f, sorter, extra) => {
      if (extra.action !== 'sort' || Array.isArray(sorter)) return
      setSort(sorter.order ? { field: String(sorter.field), order: sorter.order } : undefined)
    },
    [setSort],
  )
  const rowSelection = useMemo<TableProps<T>['rowSelection']>(
    () => ({
      selectedRowKeys: selection.keys,
      preserveSelectedRowKeys: true,
      columnWidth: SELECTION_WIDTH,
      onChange: (keys: Key[], picked: T[]) => setSelection({ keys, rows: picked }),
    }),
    [selection.keys, setSelection],
  )
  // the windowed body's check boxes (antd's draws the one in the header, for the whole page)
  const selectedKeys = useMemo(() => new Set<Key>(selection.keys), [selection.keys])
  const toggleRow = useCallback(
    (row: T, checked: boolean) => {
      const key = row[rowKey] as Key
      setSelection((s) =>
        checked
          ? { keys: [...s.keys, key], rows: [...s.rows, row] }
          : { keys: s.keys.filter((k) => k !== key), rows: s.rows.filter((r) => r[rowKey] !== key) },
      )
    },
    [rowKey, setSelection],
  )
  const components = useMemo<TableProps<T>['components']>(() => {
    if (!windowed) return undefined
    // no rows: antd's own body draws the empty state
    if (rows.length === 0) return WINDOWED_TABLE_PARTS
    return {
      ...WINDOWED_TABLE_PARTS,
      body: windowedBody({
        columns: filled.columns,
        rowKey,
        height: BODY_HEIGHT,
        scrollX,
        selection: { width: SELECTION_WIDTH, keys: selectedKeys, toggle: toggleRow },
        onRow: resourceOnRow,
        onWidth: setBodyWidth,
      }),
    } as TableProps<T>['components']
  }, [windowed, rows.length, filled.columns, rowKey, scrollX, selectedKeys, toggleRow, resourceOnRow])
  const expandable = useMemo(
    () => (tree.onExpand ? { onExpand: tree.onExpand, childrenColumnName: tree.childrenProp } : undefined),
    [tree.onExpand, tree.childrenProp],
  )

  return { windowed, filled, scroll, onChange, rowSelection, components, expandable }
}

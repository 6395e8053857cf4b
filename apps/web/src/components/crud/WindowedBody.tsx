// biome's a11y rules read the roles below out of context: the body's <table> is role=none (the table is
// the container CrudPage gives role=table, header and body together), so its tbody, rows and cells
// say their roles again (noRedundantRoles); a row of a table (not of a grid) is not a keyboard stop.
// biome-ignore-all lint/a11y/noRedundantRoles: see above
// biome-ignore-all lint/a11y/useFocusableInteractive: see above
import { Checkbox, type TableColumnsType, type TableProps } from 'antd'
import {
  type CSSProperties,
  type Key,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import './windowedBody.css'

/** What rc-table hands a `components.body` function: our element becomes its scrolling body. */
interface BodyInfo {
  scrollbarSize: number
  ref: Ref<HTMLDivElement>
  onScroll: (info: { currentTarget?: HTMLElement; scrollLeft?: number }) => void
}

export interface WindowedBodyOptions<T> {
  /** the table's columns, every one with a numeric width (the header's widths) */
  columns: TableColumnsType<T>
  rowKey: keyof T & string
  /** the body's height (the table's `scroll.y`) */
  height: number
  /** the header's width (the table's `scroll.x`) */
  scrollX: number
  /** a check box per row, before the columns (the table's selection column) */
  selection?: { width: number; keys: ReadonlySet<Key>; toggle: (row: T, checked: boolean) => void }
  onRow?: TableProps<T>['onRow']
  /** the body's outer width, whenever it changes (the columns are filled to it) */
  onWidth?: (width: number) => void
}

/** A first guess at a row's height (antd's middle size, one line), until a drawn row is measured. */
const ESTIMATED_ROW_HEIGHT = 47

/**
 * antd's table with our own body (issue 13): the rows in view, drawn as a plain `<table>` between two
 * spacer rows, with antd's classes so it looks and reads the same. antd's virtual body costs about
 * twice as much per page: every cell is a component subscribed to the table's context, re-run on each
 * change of it. The header, sorting, select-all and the empty state stay antd's.
 */
export function windowedBody<T extends object>(options: WindowedBodyOptions<T>) {
  return (data: readonly T[], info: BodyInfo) => <WindowedBody data={data} info={info} options={options} />
}

const CELL = 'ant-table-cell'
/** z-index inputs of antd's fixed-cell style (`calc(var(--z-offset-reverse) + …)`) */
const FIXED_Z = { '--z-offset': 1, '--z-offset-reverse': 1 } as CSSProperties

/** How a column's cells look: antd's classes, and for a fixed column its sticky offset. */
interface CellLook {
  className: string
  style?: CSSProperties
  /** fixed at the end: its shadow shows while there is more to the side */
  fixedEnd: boolean
}

/**
 * The cells' looks, once per set of columns: fixed start columns stick after the selection cell, fixed
 * end ones from the right, each at the sum of the widths before it on its side.
 */
function cellLooks<T>(columns: TableColumnsType<T>, selectionWidth: number): CellLook[] {
  const looks: CellLook[] = columns.map((c) => ({
    className: c.ellipsis ? `${CELL} ${CELL}-ellipsis` : CELL,
    fixedEnd: false,
  }))
  let start = selectionWidth
  for (let i = 0; i < columns.length; i++) {
    const f = columns[i]!.fixed
    if (f !== true && f !== 'left' && f !== 'start') break
    looks[i]!.className += ` ${CELL}-fix ${CELL}-fix-start`
    looks[i]!.style = { ...FIXED_Z, insetInlineStart: start }
    start += Number(columns[i]!.width) || 0
  }
  let end = 0
  for (let i = columns.length - 1; i >= 0; i--) {
    const f = columns[i]!.fixed
    if (f !== 'right' && f !== 'end') break
    looks[i] = {
      className: `${looks[i]!.className} ${CELL}-fix ${CELL}-fix-end ${CELL}-fix-end-shadow`,
      style: { ...FIXED_Z, insetInlineEnd: end },
      fixedEnd: true,
    }
    end += Number(columns[i]!.width) || 0
  }
  return looks
}

function WindowedBody<T extends object>({
  data,
  info,
  options,
}: {
  data: readonly T[]
  info: BodyInfo
  options: WindowedBodyOptions<T>
}) {
  const { columns, rowKey, height, scrollX, selection, onRow, onWidth } = options
  const { scrollbarSize } = info
  const holder = useRef<HTMLDivElement | null>(null)
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_HEIGHT)
  // without layout (no height measured, as in a test's DOM) every row is drawn
  const [laidOut, setLaidOut] = useState(true)
  const [first, setFirst] = useState(0)
  const [endShadow, setEndShadow] = useState(false)

  const inView = Math.ceil(height / rowHeight) + 1
  const start = laidOut ? Math.max(0, Math.min(first, data.length - inView)) : 0
  const end = laidOut ? Math.min(data.length, start + inView) : data.length

  const tbody = useRef<HTMLTableSectionElement>(null)
  // a drawn row says how tall rows are; the scroll range follows
  useLayoutEffect(() => {
    const row = tbody.current?.querySelector<HTMLElement>('tr.ant-table-row')
    if (!row) return
    const measured = row.offsetHeight
    // 0 while hidden too (a keep-alive tab): measured again when shown
    setLaidOut(measured > 0)
    if (measured > 0 && Math.abs(measured - rowHeight) > 1) setRowHeight(measured)
  })
  useLayoutEffect(() => {
    const el = holder.current
    if (!el || !onWidth) return
    onWidth(el.offsetWidth)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => onWidth(el.offsetWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [onWidth])
  const selectionWidth = selection?.width ?? 0
  const looks = useMemo(() => cellLooks(columns, selectionWidth), [columns, selectionWidth])
  const hasFixedEnd = looks.some((l) => l.fixedEnd)
  const syncShadow = (el: HTMLElement) =>
    setEndShadow(hasFixedEnd && el.scrollLeft < el.scrollWidth - el.clientWidth - 1)
  // the fixed columns' shadow says there is more to the side: known once the rows are laid out
  useLayoutEffect(() => {
    if (holder.current) syncShadow(holder.current)
  })

  // our scrolling element is rc-table's body too (its scroll sync and `scrollTo` use it)
  const tableRef = info.ref
  const setHolder = useCallback(
    (el: HTMLDivElement | null) => {
      holder.current = el
      if (typeof tableRef === 'function') tableRef(el)
      else if (tableRef) (tableRef as { current: HTMLDivElement | null }).current = el
    },
    [tableRef],
  )
  const widths = columns.map((c) => Number(c.width) || 0)
  // the header's last column gives the body's scrollbar its room
  if (widths.length) widths[widths.length - 1] = widths.at(-1)! - scrollbarSize
  const cellCount = columns.length + (selection ? 1 : 0)
  const drawn: ReactNode[] = []
  for (let i = start; i < end; i++) {
    const row = data[i]!
    const key = row[rowKey] as Key
    drawn.push(
      <WindowedRow
        key={key}
        row={row}
        rowKey={key}
        index={i}
        columns={columns}
        looks={looks}
        endShadow={endShadow}
        selection={selection}
        checked={selection?.keys.has(key) ?? false}
        onRow={onRow}
      />,
    )
  }
  return (
    <div
      ref={setHolder}
      className="ant-table-body crud-windowed-body"
      style={{ overflowX: 'auto', overflowY: 'scroll', maxHeight: height }}
      onScroll={(e) => {
        const el = e.currentTarget
        if (laidOut) {
          const next = Math.floor(el.scrollTop / rowHeight)
          if (next !== first) setFirst(next)
        }
        syncShadow(el)
        info.onScroll({ currentTarget: el, scrollLeft: el.scrollLeft })
      }}
    >
      <table role="none" style={{ width: scrollX - scrollbarSize, minWidth: '100%', tableLayout: 'fixed' }}>
        <colgroup>
          {selection ? <col style={{ width: selection.width }} /> : null}
          {widths.map((w, i) => (
            <col key={String(columns[i]!.key ?? i)} style={{ width: w }} />
          ))}
        </colgroup>
        <tbody ref={tbody} role="rowgroup" className="ant-table-tbody">
          {start > 0 ? <Spacer height={start * rowHeight} cells={cellCount} /> : null}
          {drawn}
          {end < data.length ? <Spacer height={(data.length - end) * rowHeight} cells={cellCount} /> : null}
        </tbody>
      </table>
    </div>
  )
}

function Spacer({ height, cells }: { height: number; cells: number }) {
  return (
    <tr aria-hidden className="crud-windowed-spacer" style={{ height }}>
      <td colSpan={cells} />
    </tr>
  )
}

/** One row: kept while its record, place and state are the same (scrolling draws only the new ones). */
interface RowProps<T> {
  row: T
  rowKey: Key
  index: number
  columns: TableColumnsType<T>
  looks: CellLook[]
  endShadow: boolean
  selection: WindowedBodyOptions<T>['selection']
  checked: boolean
  onRow: WindowedBodyOptions<T>['onRow']
}

const WindowedRow = memo(function WindowedRow<T extends object>({
  row,
  rowKey,
  index,
  columns,
  looks,
  endShadow,
  selection,
  checked,
  onRow,
}: RowProps<T>) {
  const extra = onRow?.(row, index) as (Record<string, unknown> & { className?: string }) | undefined
  const className = `ant-table-row ant-table-row-level-0${checked ? ' ant-table-row-selected' : ''}${extra?.className ? ` ${extra.className}` : ''}`
  return (
    <tr {...extra} role="row" className={className} data-row-key={String(rowKey)} aria-rowindex={index + 2}>
      {selection ? (
        <td role="cell" className={`${CELL} ant-table-selection-column`}>
          <Checkbox checked={checked} onChange={(e) => selection.toggle(row, e.target.checked)} />
        </td>
      ) : null}
      {columns.map((c, i) => {
        const dataIndex = (c as { dataIndex?: string }).dataIndex
        const value = dataIndex === undefined ? undefined : (row as Record<string, unknown>)[dataIndex]
        const render = (c as { render?: (v: unknown, r: T, i: number) => ReactNode }).render
        const look = looks[i]!
        const className =
          look.fixedEnd && endShadow ? `${look.className} ${CELL}-fix-end-shadow-show` : look.className
        return (
          <td key={String(c.key ?? i)} role="cell" className={className} style={look.style}>
            {render ? render(value, row, index) : (value as ReactNode)}
          </td>
        )
      })}
    </tr>
  )
}) as <T extends object>(props: RowProps<T>) => ReactNode

/** A column's width where its declaration gives none. */
export const DEFAULT_COLUMN_WIDTH = 160

/**
 * Every column with a numeric width (the header and the body draw the same grid), and the table's
 * width: the columns' sum, or the body's width when that is more, the difference shared among the
 * columns that are not fixed, in proportion to their widths (a wide screen has no gap at the side).
 */
export function fillColumns<T>(
  columns: TableColumnsType<T>,
  bodyWidth: number,
  selectionWidth: number,
): { columns: TableColumnsType<T>; scrollX: number } {
  const widths = columns.map((c) => Number(c.width) || DEFAULT_COLUMN_WIDTH)
  const sum = widths.reduce((a, w) => a + w, selectionWidth)
  const growing = columns.map((c) => !c.fixed)
  const growable = widths.reduce((a, w, i) => a + (growing[i] ? w : 0), 0)
  let rest = bodyWidth - sum
  if (rest > 0 && growable > 0) {
    const last = growing.lastIndexOf(true)
    const extra = rest
    for (let i = 0; i < widths.length; i++) {
      if (!growing[i]) continue
      const share = i === last ? rest : Math.floor((extra * widths[i]!) / growable)
      widths[i]! += share
      rest -= share
    }
  }
  return {
    columns: columns.map((c, i) => (c.width === widths[i] ? c : { ...c, width: widths[i] })),
    scrollX: Math.max(sum, bodyWidth),
  }
}

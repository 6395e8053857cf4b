import type { TableColumnsType } from 'antd'
import { describe, expect, it } from 'vitest'
import { DEFAULT_COLUMN_WIDTH, fillColumns } from './WindowedBody'

type Row = { a: string; b: string; c: string }
const columns: TableColumnsType<Row> = [
  { key: 'a', dataIndex: 'a', width: 100 },
  { key: 'b', dataIndex: 'b' },
  { key: 'actions', width: 176, fixed: 'right' },
]
const widths = (cols: TableColumnsType<Row>) => cols.map((c) => c.width)

describe('fillColumns: the header and the windowed body draw one grid', () => {
  it('gives a column without a width the default, and the table the sum (with the selection column)', () => {
    const { columns: filled, scrollX } = fillColumns(columns, 0, 48)
    expect(widths(filled)).toEqual([100, DEFAULT_COLUMN_WIDTH, 176])
    expect(scrollX).toBe(48 + 100 + DEFAULT_COLUMN_WIDTH + 176)
    // a narrower body scrolls sideways rather than squeezing the columns
    expect(fillColumns(columns, 300, 48).scrollX).toBe(scrollX)
  })

  it('shares a wider body among the columns that are not fixed, in proportion, to the pixel', () => {
    const { columns: filled, scrollX } = fillColumns(columns, 1000, 48)
    expect(scrollX).toBe(1000)
    const [a, b, actions] = widths(filled) as number[]
    expect(actions).toBe(176)
    expect(48 + a! + b! + actions!).toBe(1000)
    // 100 : 160 before, the same after (to the rounding)
    expect(Math.abs(a! / b! - 100 / 160)).toBeLessThan(0.01)
  })

  it('keeps the column objects whose width does not change', () => {
    const withWidths: TableColumnsType<Row> = [
      { key: 'a', width: 100 },
      { key: 'x', width: 120, fixed: 'right' },
    ]
    const { columns: filled } = fillColumns(withWidths, 0, 48)
    expect(filled[0]).toBe(withWidths[0])
    expect(filled[1]).toBe(withWidths[1])
  })
})

import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { positionOf, Timeline, ticksOf } from './Timeline'

const day = '2025-03-03'
const from = `${day} 06:00:00`
const to = `${day} 22:00:00`

describe('Timeline (the kit timeline widget)', () => {
  it('places spans and marks by their time between from and to', () => {
    render(
      <Timeline
        from={from}
        to={to}
        rows={[
          {
            key: 'a',
            label: '张三',
            spans: [{ start: `${day} 09:00:00`, end: `${day} 18:00:00`, label: '09:00-18:00' }],
            marks: [
              { at: `${day} 08:55:00`, label: '08:55' },
              { at: `${day} 14:00:00`, label: '14:00', tone: 'warning' },
            ],
          },
        ]}
      />,
    )
    expect(screen.getByText('张三')).toBeTruthy()
    const [span] = screen.getAllByTestId('timeline-span')
    // 09:00 is 3 of 16 hours in; the shift is 9 of them wide
    expect(span!.style.left).toBe(`${(3 / 16) * 100}%`)
    expect(span!.style.width).toBe(`${(9 / 16) * 100}%`)
    const marks = screen.getAllByTestId('timeline-mark')
    expect(marks.map((m) => m.style.left)).toEqual([`${(((8 * 60 + 55) / 60 - 6) / 16) * 100}%`, '50%'])
    expect(screen.getByLabelText('14:00').style.background).toBe('rgb(250, 173, 20)')
  })

  it('leaves out marks outside the range and clips spans to it', () => {
    render(
      <Timeline
        from={from}
        to={to}
        rows={[
          {
            key: 'night',
            label: '夜班',
            spans: [
              { start: `${day} 22:00:00`, end: '2025-03-04 06:00:00' },
              { start: `${day} 20:00:00`, end: '2025-03-04 02:00:00' },
            ],
            marks: [{ at: `${day} 05:00:00` }, { at: '2025-03-04 01:00:00' }, { at: `${day} 21:00:00` }],
          },
        ]}
      />,
    )
    expect(screen.getAllByTestId('timeline-mark')).toHaveLength(1)
    const [span] = screen.getAllByTestId('timeline-span')
    expect(screen.getAllByTestId('timeline-span')).toHaveLength(1)
    expect(span!.style.left).toBe(`${(14 / 16) * 100}%`)
    expect(span!.style.width).toBe(`${(2 / 16) * 100}%`)
  })

  it('ticks on whole hours, and tells which mark was clicked', () => {
    const onMark = vi.fn()
    render(
      <Timeline
        from={from}
        to={to}
        tickMinutes={240}
        onMark={onMark}
        rows={[{ key: 'a', label: 'A', marks: [{ at: `${day} 12:00:00`, label: '正门' }] }]}
      />,
    )
    expect(screen.getAllByTestId('timeline-tick').map((t) => t.textContent)).toEqual([
      '08:00',
      '12:00',
      '16:00',
      '20:00',
    ])
    fireEvent.click(screen.getByLabelText('正门'))
    expect(onMark).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'a' }),
      expect.objectContaining({ label: '正门' }),
    )
  })

  it('shows the empty state without rows', () => {
    render(<Timeline from={from} to={to} rows={[]} empty="没有打卡" />)
    expect(screen.getByTestId('timeline').textContent).toBe('没有打卡')
  })

  it('computes positions and ticks as plain functions', () => {
    expect(positionOf(5, 0, 10)).toBe(50)
    expect(positionOf(-5, 0, 10)).toBe(0)
    expect(positionOf(50, 0, 10)).toBe(100)
    expect(ticksOf(10, 5)).toEqual([])
  })
})

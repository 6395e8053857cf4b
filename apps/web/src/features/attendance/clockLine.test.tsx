import type { ClockLineDay } from '@xpark/contract/modules/attendance'
import { describe, expect, it } from 'vitest'
import { instantOf } from '@/components/kit'
import { clockRows } from './clockLine'

const day = (d: string, shift: [string, string], punches: string[], status = 0): ClockLineDay => ({
  userId: '1',
  realName: '张三',
  day: d,
  status,
  shifts: [{ start: shift[0], end: shift[1] }],
  punches,
  lateMinutes: 0,
  earlyMinutes: 0,
})

describe('the clock line rows', () => {
  it('puts person-days of different dates on one axis of the day, a night shift past 24:00', () => {
    const { rows, from, to } = clockRows([
      day('2025-03-03', ['2025-03-03 09:00:00', '2025-03-03 18:00:00'], ['2025-03-03 08:55:00']),
      day('2025-03-04', ['2025-03-04 22:00:00', '2025-03-05 06:00:00'], ['2025-03-05 06:10:00'], 2),
    ])
    const base = instantOf('2000-01-03 00:00:00')
    const hours = (t: number | string | Date) => (instantOf(t) - base) / 3600_000
    expect(rows.map((r) => r.label)).toEqual(['张三 03-03', '张三 03-04'])
    expect(hours(rows[0]!.spans![0]!.start)).toBe(9)
    expect(hours(rows[1]!.spans![0]!.end)).toBe(30)
    expect(hours(rows[1]!.marks![0]!.at)).toBeCloseTo(30 + 10 / 60)
    expect(rows[1]!.marks![0]!.tone).toBe('warning')
    // an hour around what is shown, on whole hours
    expect(hours(from)).toBe(7)
    expect(hours(to)).toBe(32)
  })

  it('shows the working day when there is nothing', () => {
    const { rows, from, to } = clockRows([])
    expect(rows).toEqual([])
    expect(to - from).toBe(16 * 3600_000)
  })
})

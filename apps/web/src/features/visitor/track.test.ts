import type { AccessRecordRow } from '@xpark/contract/modules/visitor'
import { describe, expect, it } from 'vitest'
import { dayRows } from './TrackPage'

const pass = (id: string, passTime: string, passed: number, area = 'A 栋'): AccessRecordRow =>
  ({ id, passTime, passed, area, machineName: '大门', personName: '张三' }) as AccessRecordRow

describe('人员轨迹 on the timeline', () => {
  it('a row a day, each pass a mark at its time of day on the shared axis, refused ones red', () => {
    const rows = dayRows([
      pass('1', '2026-11-28 08:59:12', 1),
      pass('2', '2026-11-28 18:02:00', 0),
      pass('3', '2026-11-29 09:10:00', 1, 'B 栋'),
    ])
    expect(rows.map((r) => r.key)).toEqual(['2026-11-28', '2026-11-29'])
    expect(rows[0]!.marks).toEqual([
      { at: '2000-01-01 08:59:12', label: '08:59 A 栋 大门', tone: 'success' },
      { at: '2000-01-01 18:02:00', label: '18:02 A 栋 大门', tone: 'error' },
    ])
    expect(rows[1]!.marks![0]).toMatchObject({ at: '2000-01-01 09:10:00', label: '09:10 B 栋 大门' })
  })
})

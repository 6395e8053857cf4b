import { describe, expect, it } from 'vitest'
import { placed } from './calls'

describe('placed', () => {
  it('fills the path parameters and leaves the rest to send', () => {
    expect(
      placed('park-storage/parkAlarm/list/:startTime/:endTime', {
        startTime: '2026-01-01 00:00:00',
        endTime: '2026-01-31',
        warehouseId: '7',
      }),
    ).toEqual({
      path: 'park-storage/parkAlarm/list/2026-01-01%2000%3A00%3A00/2026-01-31',
      rest: { warehouseId: '7' },
    })
  })

  it('leaves a path without parameters as it is', () => {
    const params = { id: '1' }
    expect(placed('blade-system/param/detail', params)).toEqual({
      path: 'blade-system/param/detail',
      rest: params,
    })
  })

  it('refuses to call a path whose parameter is missing', () => {
    expect(() => placed('park-storage/getBillStatistics/:startTime/:endTime', { startTime: 'x' })).toThrow(
      /needs endTime/,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { isSmallScreen, screenLevel } from './screen'

describe('screen size levels', () => {
  it('maps widths to levels at the 768 / 992 / 1200 breakpoints', () => {
    expect(screenLevel(320)).toBe(0)
    expect(screenLevel(767)).toBe(0)
    expect(screenLevel(768)).toBe(1)
    expect(screenLevel(991)).toBe(1)
    expect(screenLevel(992)).toBe(2)
    expect(screenLevel(1199)).toBe(2)
    expect(screenLevel(1200)).toBe(3)
    expect(screenLevel(2560)).toBe(3)
  })

  it('treats levels 0 and 1 as small screens', () => {
    expect([0, 1, 2, 3].map(isSmallScreen)).toEqual([true, true, false, false])
  })
})

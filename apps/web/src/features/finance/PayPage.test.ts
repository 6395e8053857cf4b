import { describe, expect, it } from 'vitest'
import { yuanToCents } from './PayPage'

describe('the /pay page amount', () => {
  it('reads yuan with at most two decimals as integer cents', () => {
    expect(yuanToCents('12.5')).toBe(1250)
    expect(yuanToCents('0.01')).toBe(1)
    expect(yuanToCents(' 100 ')).toBe(10000)
    // 0.29 * 100 is 28.999999999999996 in floating point: cents are added up from the digits
    expect(yuanToCents('0.29')).toBe(29)
  })
  it('refuses nothing, negatives, fractions of a cent and text', () => {
    for (const bad of ['', '0', '0.00', '-1', '1.234', 'abc', '1e3'])
      expect(yuanToCents(bad), bad).toBeUndefined()
  })
})

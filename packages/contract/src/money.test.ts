import { describe, expect, it } from 'vitest'
import { centsOf, YUAN_TEXT, yuan, yuanOf } from './money.js'

describe('money', () => {
  it('shows cents as yuan with two decimals, and nothing for what is not a number', () => {
    expect(yuan(1250)).toBe('12.50')
    expect(yuan(1)).toBe('0.01')
    expect(yuan(0)).toBe('0.00')
    expect(yuan(999_999_999_999)).toBe('9999999999.99')
    expect(yuan(null)).toBe('')
    expect(yuan('1250')).toBe('')
    expect(yuanOf(1250)).toBe(12.5)
  })

  it('reads yuan as exact cents, whatever the float makes of it', () => {
    expect(centsOf('12.5')).toBe(1250)
    expect(centsOf('0.29')).toBe(29)
    expect(centsOf(0.29)).toBe(29)
    expect(centsOf('99999999.99')).toBe(9_999_999_999)
    for (let c = 0; c < 100_000; c += 7) expect(centsOf(yuan(c))).toBe(c)
  })

  it('takes yuan text with at most two decimals', () => {
    for (const ok of ['0', '12', '12.5', '12.50', '99999999.99']) expect(YUAN_TEXT.test(ok), ok).toBe(true)
    for (const bad of ['', '.5', '1.234', '-1', '1e3', '123456789', '12.'])
      expect(YUAN_TEXT.test(bad), bad).toBe(false)
  })
})

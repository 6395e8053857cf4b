import { describe, expect, it } from 'vitest'
import { decimal } from './fields.js'

describe('decimal (exact quantities as text)', () => {
  const quantity = decimal('quantity', { scale: 3, digits: 6, positive: true })
  it('keeps the text as sent and takes numbers as their decimal text', () => {
    expect(quantity.parse('2.500')).toBe('2.500')
    expect(quantity.parse(' 12 ')).toBe('12')
    expect(quantity.parse(0.1)).toBe('0.1')
  })
  it('refuses more decimals or digits than allowed, negatives, zero when positive, and non-numbers', () => {
    for (const bad of ['1.2345', '1234567', '-1', '0', '0.000', 'abc', '1e3', '', null])
      expect(quantity.safeParse(bad).success, String(bad)).toBe(false)
    expect(decimal('x').parse('0')).toBe('0')
  })
})

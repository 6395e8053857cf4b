import { describe, expect, it } from 'vitest'
import { cents, choice, dateTime, day, decimal, optionalChoice, sort, wholeNumber } from './fields.js'
import { isCalendarDateTime } from './values.js'

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

describe('numbers as BladeX clients send them (issue 26: no coercion of what is not a number)', () => {
  const amount = cents('amount')
  it('takes JSON numbers and numeric strings', () => {
    expect(amount.parse(1000)).toBe(1000)
    expect(amount.parse('1000')).toBe(1000)
    expect(amount.parse(' 25 ')).toBe(25)
    expect(wholeNumber('n', -5, 5).parse('-3')).toBe(-3)
  })
  it('refuses booleans, arrays, objects, empty and other text, with the field’s message', () => {
    for (const bad of [
      true,
      false,
      [],
      [1],
      {},
      { a: 1 },
      '',
      ' ',
      'abc',
      '1,5',
      '0x10',
      null,
      undefined,
      Number.NaN,
    ])
      expect(amount.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    expect(amount.safeParse(true).error?.issues[0]?.message).toBe('amount: must be an amount in cents')
    expect(choice('please select shift', 1, 2).safeParse(true).error?.issues[0]?.message).toBe(
      'please select shift',
    )
  })
  it('keeps the bounds: whole cents, not negative', () => {
    for (const bad of [1.5, '1.5', -1, '-1', 1e12])
      expect(amount.safeParse(bad).success, String(bad)).toBe(false)
  })
  it('an optional number takes absence, null and "" as not sent, and refuses the rest as the required one', () => {
    const status = optionalChoice('status: 0 or 1', 0, 1)
    expect(status.parse(undefined)).toBeUndefined()
    expect(status.parse(null)).toBeUndefined()
    expect(status.parse('')).toBeUndefined()
    expect(status.parse('1')).toBe(1)
    for (const bad of [true, [0], {}, 'x', 2]) expect(status.safeParse(bad).success, String(bad)).toBe(false)
    expect(sort.parse('7')).toBe(7)
    expect(sort.safeParse(true).success).toBe(false)
  })
})

describe('dates that exist (issue 26)', () => {
  it('a day refuses impossible calendar days', () => {
    const d = day('publishDate')
    expect(d.parse('2024-02-29')).toBe('2024-02-29')
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '99-99-99',
      '2026-1-5',
      '',
      true,
      20260101,
    ])
      expect(d.safeParse(bad).success, String(bad)).toBe(false)
    expect(d.safeParse('2026-02-30').error?.issues[0]?.message).toBe('publishDate: yyyy-MM-dd')
  })
  it('a date-time refuses impossible days and times, and takes "" or null as cleared', () => {
    const t = dateTime('startTime')
    expect(t.parse('2031-12-31 23:59:59')).toBe('2031-12-31 23:59:59')
    expect(t.parse('2031-12-31')).toBe('2031-12-31')
    expect(t.parse('')).toBe('')
    expect(t.parse(null)).toBeNull()
    for (const bad of [
      '2031-13-01 10:00:00',
      '2031-02-30 10:00:00',
      '2031-01-01 24:00:00',
      '2031-01-01 10:60:00',
      '2031-01-01 10:00:60',
      'tomorrow',
      5,
      true,
    ])
      expect(t.safeParse(bad).success, String(bad)).toBe(false)
    expect(isCalendarDateTime('2024-02-29 00:00:00')).toBe(true)
  })
})

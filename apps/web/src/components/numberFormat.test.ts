import { describe, expect, it } from 'vitest'
import { compactNumber, formatFigure, formatMoneyCompact } from './numberFormat'

describe('figures in little room', () => {
  it('writes small numbers out, big ones with k, M, G… suffixes', () => {
    expect(compactNumber(0)).toBe('0')
    expect(compactNumber(42)).toBe('42')
    expect(compactNumber(1234.5)).toBe('1,234.5')
    expect(compactNumber(9999)).toBe('9,999')
    expect(compactNumber(12_345)).toBe('12.35k')
    expect(compactNumber(3_400_000)).toBe('3.4M')
    expect(compactNumber(1_200_000_000)).toBe('1.2G')
    expect(compactNumber(5e12)).toBe('5T')
    expect(compactNumber(-25_000)).toBe('-25k')
    // rounding up to 1000 of a suffix carries to the next one
    expect(compactNumber(999_999)).toBe('1M')
    expect(compactNumber(Number.NaN)).toBe('')
  })

  it('shows money (cents) in yuan with 2 decimals, big amounts with a suffix', () => {
    expect(formatMoneyCompact(0)).toBe('0.00')
    expect(formatMoneyCompact(123_450)).toBe('1,234.50')
    expect(formatMoneyCompact(999_999)).toBe('9,999.99')
    expect(formatMoneyCompact(1_234_567)).toBe('12.35k')
    expect(formatMoneyCompact(340_000_000)).toBe('3.40M')
  })

  it('a figure: money or not, nothing as a dash', () => {
    expect(formatFigure(1_500, true)).toBe('15.00')
    expect(formatFigure(1_500)).toBe('1,500')
    expect(formatFigure(null)).toBe('-')
    expect(formatFigure(undefined, true)).toBe('-')
  })
})

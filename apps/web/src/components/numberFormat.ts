/**
 * Figures as screens show them (issue 32, spec 02 §9): money in yuan with 2 decimals; big numbers
 * with k, M, G … suffixes. Shared by the big-screen widgets and anything else that shows a figure
 * in little room (a table cell keeps `formatMoney`'s full amount).
 */

const SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const

/** Below this a number is written out in full (with thousands separators). */
export const COMPACT_FROM = 10_000

const grouped = (n: number, decimals: number, fixed: boolean) =>
  n.toLocaleString('en-US', {
    minimumFractionDigits: fixed ? decimals : 0,
    maximumFractionDigits: decimals,
  })

/**
 * A number in little room: `1,234`, `12.35k`, `3.4M`, `1.2G`. `decimals` is the most shown (fixed
 * when `fixed`: money always shows its 2). Not a number → ''.
 */
export function compactNumber(value: number, decimals = 2, fixed = false): string {
  if (!Number.isFinite(value)) return ''
  let n = Math.abs(value)
  let step = 0
  if (n >= COMPACT_FROM) {
    while (n >= 1000 && step < SUFFIXES.length - 1) {
      n /= 1000
      step++
    }
    // 999.996k rounds to 1000.00k: carry to the next suffix
    if (Number(n.toFixed(decimals)) >= 1000 && step < SUFFIXES.length - 1) {
      n /= 1000
      step++
    }
  }
  return `${value < 0 ? '-' : ''}${grouped(n, decimals, fixed)}${SUFFIXES[step]}`
}

/** Cents as yuan with 2 decimals, big amounts with a suffix: `1,234.50`, `12.35k`, `3.40M`. */
export function formatMoneyCompact(cents: number): string {
  return compactNumber(cents / 100, 2, true)
}

/** A figure's number as a card shows it: cents as yuan when `money`, null as '-'. */
export function formatFigure(value: number | null | undefined, money = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-'
  return money ? formatMoneyCompact(value) : compactNumber(value)
}

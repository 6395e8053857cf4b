import type { PartnerStatisticRow, ReportView } from '@xpark/contract/modules/report'
import { yuan } from '@xpark/contract/money'
import dayjs from 'dayjs'

/**
 * What the partner statistics screen shows and sends, apart from the screen: its query (a partner and
 * a range of days), the query a saved report's view restores, what 导出 sends, the money cells.
 */

export const PARTNER_SCREEN = '/report/partner'

export interface PartnerQuery {
  partner: string
  startTime: string
  endTime: string
}

/** The last 7 days up to today. */
export function initialQuery(today = dayjs()): PartnerQuery {
  return {
    partner: '',
    startTime: today.subtract(6, 'day').format('YYYY-MM-DD'),
    endTime: today.format('YYYY-MM-DD'),
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The query a saved report's view holds (what it lacks stays as it is). */
export function queryOfView(view: ReportView | undefined, fallback: PartnerQuery): PartnerQuery {
  const f = view?.filters ?? {}
  const text = (v: unknown, ok: (s: string) => boolean) => (typeof v === 'string' && ok(v) ? v : undefined)
  return {
    partner: text(f.partner, (s) => s.length > 0) ?? fallback.partner,
    startTime: text(f.startTime, (s) => DAY.test(s)) ?? fallback.startTime,
    endTime: text(f.endTime, (s) => DAY.test(s)) ?? fallback.endTime,
  }
}

/** The view a report saves: the partner and the range. */
export const viewOfQuery = (q: PartnerQuery): ReportView => ({
  filters: { partner: q.partner, startTime: q.startTime, endTime: q.endTime },
  columns: ['day', 'partnerName', 'orderCount', 'amount', 'refundAmount'],
})

/**
 * What 导出 sends: the ticked days, or the message to show when nothing is ticked (spec 02 §2, the
 * same key the kit's lists use).
 */
export function exportOfTicked(
  q: PartnerQuery,
  ticked: readonly string[],
): { message: 'please tick the data to export' } | { body: PartnerQuery & { days: string[] } } {
  if (!ticked.length) return { message: 'please tick the data to export' }
  return { body: { ...q, days: [...ticked].sort() } }
}

/** The totals row of a page: orders, amount and refunds (cents). */
export function totalsOf(rows: readonly PartnerStatisticRow[]) {
  return rows.reduce(
    (t, r) => ({
      orderCount: t.orderCount + r.orderCount,
      amount: t.amount + r.amount,
      refundAmount: t.refundAmount + r.refundAmount,
    }),
    { orderCount: 0, amount: 0, refundAmount: 0 },
  )
}

/** Money in yuan with two decimals (`12.50`). */
export const money = (cents: number) => yuan(cents)

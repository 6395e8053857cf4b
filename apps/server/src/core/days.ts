import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { formatDateTime } from './envelope.js'

/** Days as schedules and plans count them, in the server's time zone. */

/** `yyyy-MM-dd` of a moment. */
export const dayOf = (at: Date): string => formatDateTime(at).slice(0, 10)

/** [the day's start, the next day's start) in the server's time zone. */
export function dayBounds(day: string): [Date, Date] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return [new Date(y, m - 1, d), new Date(y, m - 1, d + 1)]
}

/** [the first day's start, the start of the day after the last) in the server's time zone. */
export const spanBounds = (first: string, last: string): [Date, Date] => [
  dayBounds(first)[0],
  dayBounds(last)[1],
]

/** The day `n` days after `day` (calendar arithmetic, no time zone in it). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/**
 * The days from `first` to `last`, both counted, oldest first; it stops after `limit + 1` days, so a
 * caller refusing more than `limit` sees `length > limit` without walking a huge range.
 */
export function daysBetween(first: string, last: string, limit: number): string[] {
  const days: string[] = []
  for (let d = first; d <= last && days.length <= limit; d = addDays(d, 1)) days.push(d)
  return days
}

/** The last `n` days up to the day of `now`, oldest first. */
export function lastDays(now: Date, n: number | string): string[] {
  const today = dayOf(now)
  const count = Number(n)
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1))
}

/** The server's time zone: the one `dayOf`/`dayBounds` count days in. */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/**
 * A timestamp column's day (`yyyy-MM-dd`) in the server's time zone, in SQL. The zone is a bound
 * parameter: a query grouping by it groups by position (`groupBy(sql\`1\`)`).
 */
export const dayIn = (column: PgColumn | SQL) =>
  sql<string>`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD')`

/** The ISO weekday of a moment: 1 Monday … 7 Sunday (schedules' `weekdays`). */
export const isoWeekday = (at: Date): number => at.getDay() || 7

import { formatDateTime } from './envelope.js'

/** Days as schedules and plans count them, in the server's time zone. */

/** `yyyy-MM-dd` of a moment. */
export const dayOf = (at: Date): string => formatDateTime(at).slice(0, 10)

/** [the day's start, the next day's start) in the server's time zone. */
export function dayBounds(day: string): [Date, Date] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return [new Date(y, m - 1, d), new Date(y, m - 1, d + 1)]
}

/** The day `n` days after `day` (calendar arithmetic, no time zone in it). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** The ISO weekday of a moment: 1 Monday … 7 Sunday (schedules' `weekdays`). */
export const isoWeekday = (at: Date): number => at.getDay() || 7

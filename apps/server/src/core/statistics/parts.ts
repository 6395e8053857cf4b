import type { Figure } from '@xpark/contract/modules/statistics'
import type { SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { type Resource, visibleThrough, whereOf } from '../crud/index.js'
import { dayBounds, dayOf, daysBetween, lastDays, spanBounds } from '../days.js'
import { badRequest } from '../errors.js'
import { parseDateTime } from '../query/index.js'
import { scoped } from '../tenancy.js'
import { figure, type StatisticParam, type StatisticReader } from './index.js'

/**
 * What the modules' statistics share: the reader's conditions (the tenant always, the caller's data
 * scope when signed in), the `days` parameter and the `startTime`/`endTime` range; days are counted by
 * core/days.ts (`lastDays`, `dayIn`).
 */

/**
 * A resource's rows the reader may count: the tenant's live rows, narrowed by the caller's data scope
 * as the resource's list is (`whereOf`) when signed in; a public link's reader has no caller, so the
 * tenant's rows are all there is to it (it reads aggregates, never a row's personal fields).
 */
export function readerWhere(r: Resource, reader: StatisticReader, ...conditions: (SQL | undefined)[]) {
  return reader.auth
    ? whereOf(r, reader.auth, ...conditions)
    : Promise.resolve(scoped(r.table, reader, ...conditions))
}

/** `column` names a row of `r` the reader may see (`visibleThrough`); undefined for a public reader. */
export async function readerThrough(
  r: Resource,
  reader: StatisticReader,
  column: PgColumn,
): Promise<SQL | undefined> {
  return reader.auth ? visibleThrough(r, reader.auth, column) : undefined
}

/** The signed-in reader's data scope narrows `r`: a tenant-wide daily aggregate would say too much. */
export async function narrowed(r: Resource, reader: StatisticReader): Promise<boolean> {
  return Boolean(reader.auth && (await r.scope?.(reader.auth)))
}

export const DAY_CHOICES = ['7', '14', '30'] as const

/** The `days` parameter: the last 7, 14 or 30 days (today's included). */
export const daysParams = z.object({
  days: z.enum(DAY_CHOICES, { error: '7, 14 或 30' }).default('7'),
})

export const DAYS_INFO: StatisticParam = {
  name: 'days',
  label: '天数',
  choices: DAY_CHOICES.map((d) => ({ value: d, label: `近${d}天` })),
}

/** The longest range a statistic reads: a year (a leap one whole). */
export const RANGE_MAX_DAYS = 366
/** The range when none is given: the last 30 days, today's included (the console's Dashboard's). */
export const RANGE_DEFAULT_DAYS = 30

/** A moment as the console's Dashboard sends it: `yyyy-MM-dd HH:mm:ss` (or a day), a real date. */
const moment = z
  .string()
  .max(19, 'yyyy-MM-dd HH:mm:ss')
  .refine((v) => parseDateTime(v) !== null, 'yyyy-MM-dd HH:mm:ss')

const RANGE_SHAPE = { startTime: moment.optional(), endTime: moment.optional() }

/**
 * The range parameters (a dashboard's): `startTime`/`endTime`, each a real date; start ≤ end and at
 * most a year apart are checked by `rangeOf` (the default end is the reader's today). Extend it
 * (`rangeParams.extend({...})`) for a figure's own parameters.
 */
export const rangeParams = z.object(RANGE_SHAPE)

/** The `days` parameter (a wall's rolling window) or, when given, the range (a dashboard's). */
export const daysOrRangeParams = daysParams.extend(RANGE_SHAPE)

export const RANGE_INFO: readonly StatisticParam[] = [
  { name: 'startTime', label: '开始时间 (yyyy-MM-dd HH:mm:ss)' },
  { name: 'endTime', label: '结束时间 (yyyy-MM-dd HH:mm:ss)' },
]

/** A range read: `[from, to)` and its days, oldest first (a chart's axis). */
export interface Span {
  from: Date
  /** the first moment after the range (rows are read `>= from and < to`) */
  to: Date
  days: string[]
}

/**
 * The range of `startTime`/`endTime`: an end given as a day is the whole day, one given to the second
 * counts that second; without an end, the end of the reader's today; without a start, the start of
 * the day 29 days before the end's (the last 30 days). 400 when the start is after the end or the
 * range is more than a year of days.
 */
export function rangeOf(p: { startTime?: string; endTime?: string }, now: Date): Span {
  const last = p.endTime ? parseDateTime(p.endTime) : now
  // the parameters' schema let only real dates through
  if (!last) throw badRequest('参数校验失败: endTime: yyyy-MM-dd HH:mm:ss')
  const to = p.endTime && p.endTime.length > 10 ? new Date(last.getTime() + 1000) : dayBounds(dayOf(last))[1]
  const from = p.startTime ? parseDateTime(p.startTime) : dayBounds(lastDays(last, RANGE_DEFAULT_DAYS)[0]!)[0]
  if (!from) throw badRequest('参数校验失败: startTime: yyyy-MM-dd HH:mm:ss')
  if (from >= to) throw badRequest('开始时间不能晚于结束时间')
  const days = daysBetween(dayOf(from), dayOf(new Date(to.getTime() - 1)), RANGE_MAX_DAYS)
  if (days.length > RANGE_MAX_DAYS) throw badRequest('统计区间不能超过一年')
  return { from, to, days }
}

/** The range when one is given, else the last `days` days (`daysOrRangeParams`). */
export function periodOf(p: { days: string; startTime?: string; endTime?: string }, now: Date): Span {
  if (p.startTime || p.endTime) return rangeOf(p, now)
  const days = lastDays(now, p.days)
  const [from, to] = spanBounds(days[0]!, days.at(-1)!)
  return { from, to, days }
}

/** Series over days (a day without rows is 0): `[key, name]` picks a measure of the rows. */
export function seriesByDay(
  days: readonly string[],
  rows: readonly Record<string, unknown>[],
  measures: readonly (readonly [key: string, name: string])[],
  dayKey = 'day',
) {
  const at = new Map<string, Record<string, unknown>>()
  for (const r of rows) at.set(String(r[dayKey]), r)
  return measures.map(([key, name]) => ({
    name,
    data: days.map((d) => Number(at.get(d)?.[key] ?? 0)),
  }))
}

/**
 * A count over fixed choices (states, meals): every choice in its order, one without rows as 0, and
 * the total as the figure's value.
 */
export function countsByChoice<K>(
  choices: readonly (readonly [key: K, label: string])[],
  rows: readonly { key: K; n: number }[],
  name: string,
  unit: string,
): Figure {
  const at = new Map(rows.map((r) => [r.key, r.n]))
  return figure({
    value: rows.reduce((n, r) => n + r.n, 0),
    unit,
    labels: choices.map(([, label]) => label),
    series: [{ name, data: choices.map(([key]) => at.get(key) ?? 0) }],
  })
}

/** A share in percent with one decimal (0 of nothing). */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0

/** A contract's view code (the first, where it lists several): a statistic's `permission`. */
export const viewCode = (view: string | readonly string[]): string =>
  typeof view === 'string' ? view : view[0]!

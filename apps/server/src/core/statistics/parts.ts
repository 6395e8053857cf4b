import type { SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { type Resource, visibleThrough, whereOf } from '../crud/index.js'
import { scoped } from '../tenancy.js'
import type { StatisticParam, StatisticReader } from './index.js'

/**
 * What the modules' statistics share: the reader's conditions (the tenant always, the caller's data
 * scope when signed in) and the `days` parameter; days are counted by core/days.ts (`lastDays`, `dayIn`).
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

/** A share in percent with one decimal (0 of nothing). */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0

/** A contract's view code (the first, where it lists several): a statistic's `permission`. */
export const viewCode = (view: string | readonly string[]): string =>
  typeof view === 'string' ? view : view[0]!

import type { CallContract } from '@xpark/contract/calls'
import { ANALYSIS_MAX_DAYS, type AnalysisParams, type AnalysisReply } from '@xpark/contract/modules/analysis'
import { and, eq, gte, lte, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { authOf } from '../../core/auth/plugin.js'
import { daysBetween } from '../../core/days.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle, type Params } from '../../core/http/calls.js'

/** What every analysis call shares: its days, its conditions, and how a reply is laid out. */

export interface Range {
  startDay: string
  endDay: string
  days: string[]
}

/** The days of a call (both ends counted), at most ANALYSIS_MAX_DAYS. */
export function rangeOf(params: Pick<AnalysisParams, 'startTime' | 'endTime'>): Range {
  // `yyyy-MM-dd[ HH:mm:ss]`: only the days count
  const startDay = params.startTime.slice(0, 10)
  const endDay = params.endTime.slice(0, 10)
  if (endDay < startDay) throw badRequest('结束时间不能早于开始时间')
  const days = daysBetween(startDay, endDay, ANALYSIS_MAX_DAYS)
  if (days.length > ANALYSIS_MAX_DAYS) throw badRequest(`查询时间范围不能超过${ANALYSIS_MAX_DAYS}天`)
  return { startDay, endDay, days }
}

/** The conditions on an aggregate table: the tenant, the days, and the filters it has columns for. */
export function within(
  table: { tenantId: PgColumn; day: PgColumn; area?: PgColumn; machineId?: PgColumn; personId?: PgColumn },
  tenantId: string,
  range: Range,
  params: Pick<AnalysisParams, 'area' | 'machineId' | 'personId'>,
  ...more: (SQL | undefined)[]
): SQL | undefined {
  return and(
    eq(table.tenantId, tenantId),
    gte(table.day, range.startDay),
    lte(table.day, range.endDay),
    ...(params.area && table.area ? [eq(table.area, params.area)] : []),
    ...(params.machineId && table.machineId ? [eq(table.machineId, params.machineId)] : []),
    ...(params.personId && table.personId ? [eq(table.personId, params.personId)] : []),
    ...more,
  )
}

type Measures = Record<string, number | string>

/** Series over the range's days (a day without rows is 0). */
export function byDay(range: Range, rows: readonly Measures[], series: readonly string[]): AnalysisReply {
  const at = new Map(rows.map((r) => [String(r.day), r]))
  const out = series.map((name) => ({ name, data: range.days.map((d) => Number(at.get(d)?.[name] ?? 0)) }))
  return { labels: range.days, series: out, total: sumOf(out[0]?.data ?? []) }
}

/** Series over labels (names, states, levels) in the order given. */
export function byLabel(
  rows: readonly Measures[],
  series: readonly string[],
  label = 'label',
): AnalysisReply {
  const labels = rows.map((r) => String(r[label] ?? ''))
  const out = series.map((name) => ({ name, data: rows.map((r) => Number(r[name] ?? 0)) }))
  return { labels, series: out, total: sumOf(out[0]?.data ?? []) }
}

const sumOf = (xs: readonly number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100

/** The analysis calls' route: the call's parameters and the caller's tenant in, a chart with its table out. */
export function figureOn(api: Api) {
  const guards = [api.scopes.api.guard]
  return <Call extends CallContract>(
    call: Call,
    compute: (params: Params<Call>, tenantId: string) => Promise<AnalysisReply>,
  ) =>
    handle(api, call, (params, request) => compute(params, authOf(request).tenantId), { preHandler: guards })
}

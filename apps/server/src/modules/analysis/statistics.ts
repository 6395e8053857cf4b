import { ALARM_LEVEL_NAMES, alarmContract } from '@xpark/contract/modules/alarm'
import { ANALYSIS_VIEWS } from '@xpark/contract/modules/analysis'
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import { lastDays } from '../../core/days.js'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import { DAYS_INFO, daysParams, seriesByDay, viewCode } from '../../core/statistics/parts.js'
import { alarmDaily, sensorDaily } from './schema.js'

/**
 * Statistics read from the analysis's daily aggregates (docs/modules.md "Statistics"): energy by day,
 * and the alarms by day. `alarm.byDay` is the alarm module's figure, declared here because its daily
 * aggregate is the analysis's (the analysis imports alarms, never the reverse); the alarm list has no
 * data scope, so the tenant's aggregate is what any reader of it may see.
 */

const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::float8`.mapWith(Number)

export const alarmsByDay = defineStatistic({
  name: 'alarm.byDay',
  title: '每日告警',
  en: 'Alarms by day',
  kinds: ['line', 'bar'],
  permission: viewCode(alarmContract.permissions.view),
  params: daysParams,
  paramInfo: [DAYS_INFO],
  run: async ({ days }, reader) => {
    const labels = lastDays(reader.now, days)
    const rows = await reader.db
      .select({ day: alarmDaily.day, level: alarmDaily.level, alarms: sumOf(alarmDaily.alarms) })
      .from(alarmDaily)
      .where(
        and(
          eq(alarmDaily.tenantId, reader.tenantId),
          gte(alarmDaily.day, labels[0]!),
          lte(alarmDaily.day, labels.at(-1)!),
        ),
      )
      .groupBy(alarmDaily.day, alarmDaily.level)
    const total = new Map<string, number>()
    for (const r of rows) total.set(r.day, (total.get(r.day) ?? 0) + r.alarms)
    const levels = Object.keys(ALARM_LEVEL_NAMES).map(Number)
    return figure({
      unit: '条',
      labels,
      series: [
        { name: '告警', data: labels.map((d) => total.get(d) ?? 0) },
        ...levels.map((level) => ({
          name: ALARM_LEVEL_NAMES[level]!,
          data: labels.map((d) => rows.find((r) => r.day === d && r.level === level)?.alarms ?? 0),
        })),
      ],
    })
  },
})

export const energyByDay = defineStatistic({
  name: 'analysis.energy',
  title: '能耗',
  en: 'Energy',
  kinds: ['bar', 'line'],
  permission: ANALYSIS_VIEWS.environment,
  params: daysParams,
  paramInfo: [DAYS_INFO],
  run: async ({ days }, reader) => {
    const labels = lastDays(reader.now, days)
    // the meters' `kwh` readings summed per day, as `queryKWH` reads them
    const rows = await reader.db
      .select({
        day: sensorDaily.day,
        kwh: sql<number>`round(coalesce(sum(${sensorDaily.total}), 0)::numeric, 2)::float8`.mapWith(Number),
      })
      .from(sensorDaily)
      .where(
        and(
          eq(sensorDaily.tenantId, reader.tenantId),
          eq(sensorDaily.metric, 'kwh'),
          gte(sensorDaily.day, labels[0]!),
          lte(sensorDaily.day, labels.at(-1)!),
        ),
      )
      .groupBy(sensorDaily.day)
    const series = seriesByDay(labels, rows, [['kwh', '用电量']])
    return figure({
      value: Math.round(series[0]!.data.reduce((a, b) => a + b, 0) * 100) / 100,
      unit: 'kWh',
      labels,
      series,
    })
  },
})

export const ANALYSIS_STATISTICS = [alarmsByDay, energyByDay]

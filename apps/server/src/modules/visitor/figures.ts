import { visitContract } from '@xpark/contract/modules/visitor'
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import { dayOf, lastDays } from '../../core/days.js'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import {
  DAYS_INFO,
  daysParams,
  narrowed,
  readerWhere,
  seriesByDay,
  viewCode,
} from '../../core/statistics/parts.js'
import { visits } from './resources.js'
import { visit, visitDaily } from './schema.js'

/**
 * The visits' statistics (docs/modules.md "Statistics"): counts by day, never a visitor's name, phone,
 * face or car. Read from the daily aggregates, or from the visits themselves when the signed-in
 * reader's data scope narrows the list (an aggregate holds the whole tenant).
 */

const VIEW = viewCode(visitContract.permissions.view)
const count = sql<number>`count(*)::int`.mapWith(Number)
const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number)

export const visitsToday = defineStatistic({
  name: 'visitor.today',
  title: '今日访客',
  en: 'Visits today',
  kinds: ['number'],
  permission: VIEW,
  params: z.object({}),
  run: async (_, reader) => {
    // today's visits from the rows (one day of an index): the aggregate may lag its job by seconds
    const [row] = await reader.db
      .select({ count })
      .from(visit)
      .where(await readerWhere(visits, reader, eq(visit.visitDay, dayOf(reader.now))))
    return figure({ value: row?.count ?? 0, unit: '人次' })
  },
})

export const visitsByDay = defineStatistic({
  name: 'visitor.byDay',
  title: '每日访客',
  en: 'Visits by day',
  kinds: ['line', 'bar'],
  permission: VIEW,
  params: daysParams,
  paramInfo: [DAYS_INFO],
  run: async ({ days }, reader) => {
    const labels = lastDays(reader.now, days)
    const from = labels[0]!
    const to = labels.at(-1)!
    const rows = (await narrowed(visits, reader))
      ? await reader.db
          .select({
            day: visit.visitDay,
            visits: count,
            arrived: sql<number>`(count(*) filter (where ${visit.arriveTime} is not null))::int`.mapWith(
              Number,
            ),
          })
          .from(visit)
          .where(await readerWhere(visits, reader, gte(visit.visitDay, from), lte(visit.visitDay, to)))
          .groupBy(visit.visitDay)
      : await reader.db
          .select({
            day: visitDaily.day,
            visits: sumOf(visitDaily.visits),
            arrived: sumOf(visitDaily.arrived),
          })
          .from(visitDaily)
          .where(
            and(eq(visitDaily.tenantId, reader.tenantId), gte(visitDaily.day, from), lte(visitDaily.day, to)),
          )
          .groupBy(visitDaily.day)
    return figure({
      unit: '人次',
      labels,
      series: seriesByDay(labels, rows, [
        ['visits', '访客'],
        ['arrived', '到访'],
      ]),
    })
  },
})

export const VISITOR_STATISTICS = [visitsToday, visitsByDay]

import { ORDER, repairContract } from '@xpark/contract/modules/property'
import { and, gte, inArray, lt, sql } from 'drizzle-orm'
import { dayIn, lastDays, spanBounds } from '../../core/days.js'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import { DAYS_INFO, daysParams, readerWhere, seriesByDay, viewCode } from '../../core/statistics/parts.js'
import { repairs } from './resources.js'
import { propertyRepair } from './schema.js'

/**
 * Property's statistics (docs/modules.md "Statistics"): the repair orders (工单) open now, and those
 * made and finished per day, under the repair list's data scope (its communities) when signed in.
 * Counts only: no reporter, contact, worker or phone.
 */

const OPEN = [ORDER.pending, ORDER.dispatched, ORDER.working]
const count = sql<number>`count(*)::int`.mapWith(Number)

export const workOrders = defineStatistic({
  name: 'property.workOrders',
  title: '工单',
  en: 'Work orders',
  kinds: ['number', 'bar'],
  permission: viewCode(repairContract.permissions.view),
  params: daysParams,
  paramInfo: [DAYS_INFO],
  run: async ({ days }, reader) => {
    const labels = lastDays(reader.now, days)
    const [from, to] = spanBounds(labels[0]!, labels.at(-1)!)
    const [open] = await reader.db
      .select({ count })
      .from(propertyRepair)
      .where(await readerWhere(repairs, reader, inArray(propertyRepair.status, OPEN)))
    const made = await reader.db
      .select({ day: dayIn(propertyRepair.createTime), count })
      .from(propertyRepair)
      .where(
        await readerWhere(
          repairs,
          reader,
          and(gte(propertyRepair.createTime, from), lt(propertyRepair.createTime, to)),
        ),
      )
      .groupBy(sql`1`)
    // finished: the worker's finish (待评价, then 已完成)
    const finished = await reader.db
      .select({ day: dayIn(propertyRepair.finishTime), count })
      .from(propertyRepair)
      .where(
        await readerWhere(
          repairs,
          reader,
          and(gte(propertyRepair.finishTime, from), lt(propertyRepair.finishTime, to)),
        ),
      )
      .groupBy(sql`1`)
    return figure({
      value: open?.count ?? 0,
      unit: '单',
      labels,
      series: [
        ...seriesByDay(labels, made, [['count', '新增']]),
        ...seriesByDay(labels, finished, [['count', '完成']]),
      ],
    })
  },
})

export const PROPERTY_STATISTICS = [workOrders]

import {
  type InspectionOverview,
  inspectionOverviewCall,
  inspectionStatisticsCall,
  POINT,
  RECORD,
  RESULT,
} from '@xpark/contract/modules/inspection'
import { and, between, eq, gte, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { addDays, dayOf } from '../../../core/days.js'
import { badRequest } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { user } from '../../identity/index.js'
import { inspectionEvents, inspectionRecords } from '../resources.js'
import { inspectionEvent, inspectionRecord, inspectionRecordPoint } from '../schema.js'

/** The overview (today, 7 days) and each inspector's figures between two days. */

const int = (expression: ReturnType<typeof sql>) => sql<number>`(${expression})::int`
const countState = (state: number) => int(sql`count(*) filter (where ${inspectionRecord.state} = ${state})`)

export function registerOverviewRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  handle(
    api,
    inspectionOverviewCall,
    async (_params, request): Promise<InspectionOverview> => {
      const auth = authOf(request)
      const today = dayOf(new Date())
      const from = addDays(today, -6)
      const records = await whereOf(inspectionRecords, auth, between(inspectionRecord.day, from, today))
      const byDay = await db
        .select({
          day: inspectionRecord.day,
          total: int(sql`count(*)`),
          pending: countState(RECORD.pending),
          running: countState(RECORD.running),
          done: countState(RECORD.done),
          closed: countState(RECORD.closed),
          overdue: countState(RECORD.overdue),
          begun: int(sql`count(*) filter (where ${inspectionRecord.windowStart} <= now())`),
          abnormal: int(sql`count(*) filter (where ${inspectionRecord.result} = ${RESULT.abnormal})`),
          missed: int(
            sql`coalesce(sum((select count(*) from ${inspectionRecordPoint} rp where rp.record_id = ${inspectionRecord.id} and rp.result = ${POINT.missed})), 0)`,
          ),
        })
        .from(inspectionRecord)
        .where(records)
        .groupBy(inspectionRecord.day)
      const of = (day: string) => byDay.find((d) => d.day === day)
      const now = of(today)
      const events = await db
        .select({ level: inspectionEvent.level, count: int(sql`count(*)`) })
        .from(inspectionEvent)
        .where(
          await whereOf(
            inspectionEvents,
            auth,
            gte(inspectionEvent.createTime, new Date(`${today}T00:00:00`)),
          ),
        )
        .groupBy(inspectionEvent.level)
      return {
        today: {
          total: now?.total ?? 0,
          pending: now?.pending ?? 0,
          running: now?.running ?? 0,
          done: now?.done ?? 0,
          closed: now?.closed ?? 0,
          overdue: now?.overdue ?? 0,
        },
        completionRate: now?.begun ? Math.round(((now.done ?? 0) * 100) / now.begun) : 0,
        missedPoints: now?.missed ?? 0,
        abnormalRecords: now?.abnormal ?? 0,
        events: [1, 2, 3].map((level) => ({
          level,
          count: events.find((e) => e.level === level)?.count ?? 0,
        })),
        trend: Array.from({ length: 7 }, (_, i) => {
          const day = addDays(from, i)
          const d = of(day)
          return { day, total: d?.total ?? 0, done: d?.done ?? 0, overdue: d?.overdue ?? 0 }
        }),
      }
    },
    { preHandler: guards },
  )

  handle(
    api,
    inspectionStatisticsCall,
    async ({ startDay, endDay }, request) => {
      if (endDay < startDay) throw badRequest('参数校验失败: endDay: 结束日期不能早于开始日期')
      if (addDays(startDay, 366) < endDay) throw badRequest('参数校验失败: endDay: 最多统计 366 天')
      const auth = authOf(request)
      const rows = await db
        .select({
          inspectorId: inspectionRecord.inspectorId,
          inspectorName: sql<string>`coalesce(${user.realName}, '')`,
          total: int(sql`count(*)`),
          done: countState(RECORD.done),
          overdue: countState(RECORD.overdue),
          closed: countState(RECORD.closed),
          missedPoints: int(
            sql`coalesce(sum((select count(*) from ${inspectionRecordPoint} rp where rp.record_id = ${inspectionRecord.id} and rp.result = ${POINT.missed})), 0)`,
          ),
          events: int(
            sql`coalesce(sum((select count(*) from ${inspectionEvent} e where e.record_id = ${inspectionRecord.id} and e.is_deleted = 0)), 0)`,
          ),
        })
        .from(inspectionRecord)
        .leftJoin(
          user,
          and(eq(user.id, inspectionRecord.inspectorId), eq(user.tenantId, inspectionRecord.tenantId)),
        )
        .where(await whereOf(inspectionRecords, auth, between(inspectionRecord.day, startDay, endDay)))
        .groupBy(inspectionRecord.inspectorId, user.realName)
        .orderBy(inspectionRecord.inspectorId)
      return rows
    },
    { preHandler: guards },
  )
}

import {
  canteenDashboardCall,
  orderStatisticCall,
  periodAnalysisCall,
  scoreListCall,
  scoreStatisticsCall,
} from '@xpark/contract/modules/canteen'
import { authOf } from '../../../core/auth/plugin.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import * as R from '../resources.js'
import { ordersWhere, periodAnalysis, scoreList, scoreStatistics, statistic } from '../statistics.js'

/** The orders' figures: totals, per day, the dashboard, and the dishes' scores. */
export function registerStatisticRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  handle(
    api,
    orderStatisticCall,
    async (query, request) => {
      const auth = authOf(request)
      return statistic(db, ordersWhere(auth, query, await R.orders.scope?.(auth)))
    },
    guard,
  )
  handle(
    api,
    periodAnalysisCall,
    async (query, request) => {
      const auth = authOf(request)
      return periodAnalysis(db, ordersWhere(auth, query, await R.orders.scope?.(auth)))
    },
    guard,
  )
  // the canteen dashboard: the figures of a time range (startTime/endTime as the console's Dashboard sends them)
  handle(
    api,
    canteenDashboardCall,
    async ({ startTime, endTime }, request) => {
      const auth = authOf(request)
      const dayOf = (v?: string) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined)
      const where = ordersWhere(
        auth,
        { startDate: dayOf(startTime), endDate: dayOf(endTime) },
        await R.orders.scope?.(auth),
      )
      const figures = await statistic(db, where)
      const scores = await scoreStatistics(db, auth)
      return {
        ...figures,
        averageScore: scores.average,
        byDay: await periodAnalysis(db, where),
        topScored: (await scoreList(db, auth)).slice(0, 10),
      }
    },
    guard,
  )
  handle(api, scoreListCall, (_, request) => scoreList(db, authOf(request)), guard)
  handle(api, scoreStatisticsCall, (_, request) => scoreStatistics(db, authOf(request)), guard)
}

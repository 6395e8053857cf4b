import {
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

/** The orders' figures: totals, per day, and the dishes' scores (the dashboard reads statistics: figures.ts). */
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
  handle(api, scoreListCall, (_, request) => scoreList(db, authOf(request)), guard)
  handle(api, scoreStatisticsCall, (_, request) => scoreStatistics(db, authOf(request)), guard)
}

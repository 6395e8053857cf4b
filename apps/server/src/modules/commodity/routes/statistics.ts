import { orderStatisticsCall } from '@xpark/contract/modules/commodity'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { commodityOrders } from '../resources.js'
import { orderStatistics, statisticsRange } from '../statistics.js'

/** The shop dashboard's figures (orders the caller may see). */
export function registerStatisticRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  handle(
    api,
    orderStatisticsCall,
    async (query, request) => {
      const auth = authOf(request)
      const { start, end } = statisticsRange(query)
      return orderStatistics(db, auth, await whereOf(commodityOrders, auth), start, end)
    },
    { preHandler: [api.scopes.api.guard] },
  )
}

import { commodityOrderContract } from '@xpark/contract/modules/commodity'
import { z } from 'zod'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { ok } from '../../../core/envelope.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { commodityOrders } from '../resources.js'
import { orderStatistics, statisticsRange } from '../statistics.js'

/** The shop dashboard's figures (orders the caller may see). */
export function registerStatisticRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  api.get(
    '/blade-commodityOrders/commodityOrders/statistics',
    {
      schema: {
        tags: ['commodityOrders'],
        summary:
          'commodityOrders: orders, revenue, items sold per day and state, best sellers, for a time range',
        querystring: z.object({ startTime: z.string().optional(), endTime: z.string().optional() }),
      },
      config: { permission: commodityOrderContract.permissions.view },
      preHandler: [api.scopes.api.guard],
    },
    async (request) => {
      const auth = authOf(request)
      const { start, end } = statisticsRange(request.query)
      return ok(await orderStatistics(db, auth, await whereOf(commodityOrders, auth), start, end))
    },
  )
}

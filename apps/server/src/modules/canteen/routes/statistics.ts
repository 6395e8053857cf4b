import { orderContract, orderFoodContract } from '@xpark/contract/modules/canteen'
import { z } from 'zod'
import { authOf } from '../../../core/auth/plugin.js'
import { ok } from '../../../core/envelope.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import * as R from '../resources.js'
import {
  ordersWhere,
  periodAnalysis,
  StatisticQuery,
  scoreList,
  scoreStatistics,
  statistic,
} from '../statistics.js'

/** The orders' figures: totals, per day, the dashboard, and the dishes' scores. */
export function registerStatisticRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = [api.scopes.api.guard]
  const orderView = orderContract.permissions.view
  const statsSchema = { querystring: StatisticQuery }
  api.get(
    '/andchu/order/statistic',
    {
      schema: {
        tags: ['order'],
        summary:
          'order: orders, paid, refunded and revenue in total, per meal and per canteen (default the last 30 days)',
        ...statsSchema,
      },
      config: { permission: orderView },
      preHandler: guard,
    },
    async (request) => {
      const auth = authOf(request)
      return ok(await statistic(db, ordersWhere(auth, request.query, await R.orders.scope?.(auth))))
    },
  )
  api.get(
    '/andchu/order/periodAnalysis',
    {
      schema: { tags: ['order'], summary: 'order: orders and revenue per day', ...statsSchema },
      config: { permission: orderView },
      preHandler: guard,
    },
    async (request) => {
      const auth = authOf(request)
      return ok(await periodAnalysis(db, ordersWhere(auth, request.query, await R.orders.scope?.(auth))))
    },
  )
  // the canteen dashboard: the figures of a time range (startTime/endTime as the console's Dashboard sends them)
  api.get(
    '/andchu/order/dashboard',
    {
      schema: {
        tags: ['order'],
        summary:
          'order: the dashboard’s figures for startTime..endTime (orders, revenue, per meal, per day, best scored dishes)',
        querystring: z.object({ startTime: z.string().optional(), endTime: z.string().optional() }),
      },
      config: { permission: orderView },
      preHandler: guard,
    },
    async (request) => {
      const auth = authOf(request)
      const dayOf = (v?: string) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined)
      const where = ordersWhere(
        auth,
        { startDate: dayOf(request.query.startTime), endDate: dayOf(request.query.endTime) },
        await R.orders.scope?.(auth),
      )
      const figures = await statistic(db, where)
      const scores = await scoreStatistics(db, auth)
      return ok({
        ...figures,
        averageScore: scores.average,
        byDay: await periodAnalysis(db, where),
        topScored: (await scoreList(db, auth)).slice(0, 10),
      })
    },
  )
  const scoreView = orderFoodContract.permissions.view
  api.get(
    '/andchu/order/food/scoreList',
    {
      schema: { tags: ['food'], summary: 'order food: each dish’s average score and number of scores' },
      config: { permission: scoreView },
      preHandler: guard,
    },
    async (request) => ok(await scoreList(db, authOf(request))),
  )
  api.get(
    '/andchu/order/food/scoreStatistics',
    {
      schema: { tags: ['food'], summary: 'order food: scores 1 to 5 counted, and the average' },
      config: { permission: scoreView },
      preHandler: guard,
    },
    async (request) => ok(await scoreStatistics(db, authOf(request))),
  )
}

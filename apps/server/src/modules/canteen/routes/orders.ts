import { OrderForm, orderContract, RefundForm } from '@xpark/contract/modules/canteen'
import { z } from 'zod'
import { authOf } from '../../../core/auth/plugin.js'
import { ok } from '../../../core/envelope.js'
import type { Api } from '../../../core/http/api.js'
import { idempotencyKey } from '../../../core/http/idempotency.js'
import type { ModuleContext } from '../../../core/module.js'
import { placeOrder, refundOrder, refundOrders } from '../orders.js'
import { foodsByDate } from '../statistics.js'
import { anyParams, params, parse } from './input.js'

/** Orders: placing one (paid from a card), refunds, and the kitchen's list of a day. */
export function registerOrderRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = [api.scopes.api.guard]
  api.post(
    '/andchu/order/submit',
    {
      schema: {
        tags: ['order'],
        summary:
          'order: place an order (publishId, cardNo, foods [{publishFoodId, quantity}]), paid from the card',
        body: OrderForm,
      },
      config: { permission: orderContract.permissions.add },
      preHandler: guard,
    },
    async (request) => ok(await placeOrder(db, authOf(request), request.body), '操作成功'),
  )
  api.post(
    '/andchu/order/refundOrderBy',
    {
      schema: {
        tags: ['order'],
        summary:
          'order: refund payPrice cents of an order (orderId; refundNo or the Idempotency-Key header makes a retry the same refund)',
        ...anyParams,
      },
      config: { permission: 'canteen_order_refund' },
      preHandler: guard,
    },
    async (request) => {
      const { orderId, payPrice, refundNo } = parse(RefundForm, {
        ...params(request),
        ...idempotencyKey(request, 'refundNo'),
      })
      const result = await refundOrder(db, authOf(request), orderId, payPrice, refundNo)
      // a repeated key refunded nothing this time: the reply says so
      return ok(result, result.refunded ? '退款成功' : '该退款单号已退款, 本次未重复退款')
    },
  )
  api.post(
    '/andchu/order/refundOrderByIds',
    {
      schema: {
        tags: ['order'],
        summary: 'order: refund what is left of each order (ids), all or none',
        querystring: z.object({
          ids: z.string().regex(/^\d{1,19}(,\d{1,19})*$/, 'ids: comma-separated ids'),
        }),
      },
      config: { permission: 'canteen_order_refund' },
      preHandler: guard,
    },
    async (request) => ok(await refundOrders(db, authOf(request), request.query.ids.split(',')), '退款成功'),
  )
  api.post(
    '/andchu/order/genesticFoodByDate',
    {
      schema: {
        tags: ['order'],
        summary:
          'order: the dishes and quantities ordered for a date (date, canteenId), per canteen and meal',
        querystring: z.object({
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date: yyyy-MM-dd'),
          canteenId: z
            .string()
            .regex(/^\d{1,19}$/)
            .optional(),
        }),
      },
      config: { permission: 'canteen_order_kitchen' },
      preHandler: guard,
    },
    async (request) =>
      ok(await foodsByDate(db, authOf(request), request.query.date, request.query.canteenId)),
  )
}

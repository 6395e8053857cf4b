import {
  kitchenFoodsCall,
  placeOrderCall,
  RefundForm,
  refundOrderCall,
  refundOrdersCall,
} from '@xpark/contract/modules/canteen'
import { authOf } from '../../../core/auth/plugin.js'
import type { Api } from '../../../core/http/api.js'
import { Answer, handle } from '../../../core/http/calls.js'
import { idempotencyKey } from '../../../core/http/idempotency.js'
import type { ModuleContext } from '../../../core/module.js'
import { placeOrder, refundOrder, refundOrders } from '../orders.js'
import { foodsByDate } from '../statistics.js'
import { params, parse } from './input.js'

/** Orders: placing one (paid from a card), refunds, and the kitchen's list of a day. */
export function registerOrderRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }
  handle(api, placeOrderCall, (form, request) => placeOrder(db, authOf(request), form), guard)
  handle(
    api,
    refundOrderCall,
    async (_, request) => {
      // the Idempotency-Key header stands for refundNo: checked by the same form
      const { orderId, payPrice, refundNo } = parse(RefundForm, {
        ...params(request),
        ...idempotencyKey(request, 'refundNo'),
      })
      const result = await refundOrder(db, authOf(request), orderId, payPrice, refundNo)
      // a repeated key refunded nothing this time: the reply says so
      return new Answer(result, result.refunded ? '退款成功' : '该退款单号已退款, 本次未重复退款')
    },
    guard,
  )
  handle(
    api,
    refundOrdersCall,
    async ({ ids }, request) =>
      new Answer(await refundOrders(db, authOf(request), ids.split(',')), '退款成功'),
    guard,
  )
  handle(
    api,
    kitchenFoodsCall,
    ({ date, canteenId }, request) => foodsByDate(db, authOf(request), date, canteenId),
    guard,
  )
}

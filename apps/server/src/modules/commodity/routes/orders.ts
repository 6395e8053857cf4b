import { ORDER, orderDateCall } from '@xpark/contract/modules/commodity'
import { eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { AppError, badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/index.js'
import { touched } from '../../../core/tenancy.js'
import { commodityOrders } from '../resources.js'
import { commodityOrder } from '../schema.js'

/** saveDate: set an order's delivery time while it is not completed or cancelled. */
export function registerOrderRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const orderWhere = (auth: Parameters<typeof whereOf>[1], id: string) =>
    whereOf(commodityOrders, auth, eq(commodityOrder.id, id))
  handle(
    api,
    orderDateCall,
    async ({ id, deliveryTime }, request) => {
      const auth = authOf(request)
      const where = await orderWhere(auth, id)
      await db.transaction(async (tx) => {
        const [order] = await tx
          .select({ status: commodityOrder.status })
          .from(commodityOrder)
          .where(where)
          .for('update')
        if (!order) throw notFound('数据不存在')
        if (order.status !== ORDER.placed && order.status !== ORDER.paid)
          throw new AppError(409, '已完成或已取消的订单不能修改配送时间')
        const at = deliveryTime ? parseDateTime(deliveryTime) : null
        if (deliveryTime && !at) throw badRequest('参数校验失败: deliveryTime: yyyy-MM-dd HH:mm:ss')
        await tx
          .update(commodityOrder)
          .set(touched(commodityOrder, auth, { deliveryTime: at }) as never)
          .where(where)
      })
      return {}
    },
    { preHandler: [api.scopes.api.guard] },
  )
}

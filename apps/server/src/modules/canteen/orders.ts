import { randomInt } from 'node:crypto'
import { ORDER_STATUS } from '@xpark/contract/modules/canteen'
import { yuan } from '@xpark/contract/money'
import { eq, inArray, or, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { Db, Tx } from '../../db/client.js'
import { creditCard, debitCard, findCardByNo } from '../finance/index.js'
import {
  canteenOrder,
  canteenOrderFood,
  canteenPublish,
  canteenPublishFood,
  canteenRefund,
} from './schema.js'

/**
 * Placing an order (the dishes priced from the menu, stock taken, the card debited) and refunding
 * one (never more than what was paid and not yet refunded; a retry with the same refund number refunds once; the card
 * credited back), each in one transaction with the card's movement (finance's ledger).
 */

/** BILL_TYPE of finance: consume 2, refund 3. */
const CONSUME = 2 as const
const REFUND = 3 as const
const pad = (n: number, w = 2) => String(n).padStart(w, '0')
function orderNo(now = new Date()) {
  return `CT${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}${pad(randomInt(0, 1_000_000), 6)}`
}

export interface OrderInput {
  publishId?: string | undefined
  cardNo: string
  remark?: string | undefined
  foods: { publishFoodId: string; quantity: number }[]
}

export async function placeOrder(
  db: Db,
  auth: AuthContext,
  input: OrderInput,
): Promise<{ id: string; orderNo: string; totalFee: number; balance: number }> {
  if (!input.foods.length) throw badRequest('请选择菜品')
  const ids = input.foods.map((f) => f.publishFoodId)
  if (new Set(ids).size !== ids.length) throw badRequest('同一菜品请合并数量')
  return db.transaction(async (tx) => {
    let publishId = input.publishId
    if (!publishId) {
      const menus = await tx
        .selectDistinct({ publishId: canteenPublishFood.publishId })
        .from(canteenPublishFood)
        .where(scoped(canteenPublishFood, auth, inArray(canteenPublishFood.id, ids)))
      if (menus.length > 1) throw badRequest('一个订单只能包含同一菜单的菜品')
      publishId = menus[0]?.publishId
    }
    const [menu] = publishId
      ? await tx
          .select()
          .from(canteenPublish)
          .where(scoped(canteenPublish, auth, eq(canteenPublish.id, publishId)))
      : []
    if (!menu) throw notFound('发布的菜单不存在')
    const card = await findCardByNo(tx, auth, input.cardNo)
    if (!card) throw notFound('储值卡不存在')
    const id = nextId()
    const lines = []
    let total = 0
    for (const item of input.foods) {
      // stock 0 is no limit; otherwise sold + quantity must stay within it (one conditional update)
      const [dish] = await tx
        .update(canteenPublishFood)
        .set({ sold: sql`${canteenPublishFood.sold} + ${item.quantity}` })
        .where(
          scoped(
            canteenPublishFood,
            auth,
            eq(canteenPublishFood.id, item.publishFoodId),
            eq(canteenPublishFood.publishId, menu.id),
            or(
              eq(canteenPublishFood.stock, 0),
              sql`${canteenPublishFood.sold} + ${item.quantity} <= ${canteenPublishFood.stock}`,
            ),
          ),
        )
        .returning()
      if (!dish) {
        const [known] = await tx
          .select({ foodName: canteenPublishFood.foodName })
          .from(canteenPublishFood)
          .where(
            scoped(
              canteenPublishFood,
              auth,
              eq(canteenPublishFood.id, item.publishFoodId),
              eq(canteenPublishFood.publishId, menu.id),
            ),
          )
        if (!known) throw notFound('菜品不在该菜单中')
        throw new AppError(409, `菜品已售罄: ${known.foodName}`)
      }
      const amount = dish.price * item.quantity
      total += amount
      lines.push(
        stamped(canteenOrderFood, auth, {
          orderId: id,
          publishFoodId: dish.id,
          foodId: dish.foodId,
          foodName: dish.foodName,
          price: dish.price,
          quantity: item.quantity,
          amount,
        }),
      )
    }
    const no = orderNo()
    const balance = total
      ? await debitCard(tx, auth, card.id, total, {
          billType: CONSUME,
          sourceType: 'canteen_order',
          sourceId: id,
          remark: `订餐 ${no}`,
        })
      : card.balance
    await tx.insert(canteenOrder).values(
      stamped(canteenOrder, auth, {
        id,
        orderNo: no,
        canteenId: menu.canteenId,
        publishId: menu.id,
        cardId: card.id,
        cardNo: card.cardNo,
        userName: card.holderName,
        orderDate: menu.publishDate,
        mealType: menu.mealType,
        totalFee: total,
        payPrice: total,
        refundFee: 0,
        remark: input.remark ?? '',
        status: ORDER_STATUS.paid,
        payTime: new Date(),
      }) as never,
    )
    await tx.insert(canteenOrderFood).values(lines as never)
    return { id, orderNo: no, totalFee: total, balance }
  })
}

export interface RefundResult {
  refundNo: string
  amount: number
  refundFee: number
  status: number
  /** false when the request repeated an earlier refund (nothing moved this time) */
  refunded: boolean
}

/** Refund `amount` cents of a locked order, in the caller's transaction. */
async function refundIn(
  tx: Tx,
  auth: AuthContext,
  orderId: string,
  amount: number,
  refundNo?: string,
): Promise<RefundResult> {
  const [order] = await tx
    .select()
    .from(canteenOrder)
    .where(scoped(canteenOrder, auth, eq(canteenOrder.id, orderId)))
    .for('update')
  if (!order) throw notFound('订单不存在')
  const repeat = (r: { refundNo: string; amount: number }): RefundResult => ({
    refundNo: r.refundNo,
    amount: r.amount,
    refundFee: order.refundFee,
    status: order.status,
    refunded: false,
  })
  // a retry is recognised by the key the client sent (its refund number), never guessed: without one,
  // every request is a refund of its own (two real refunds of one amount in a minute both happen)
  if (refundNo) {
    const [same] = await tx
      .select()
      .from(canteenRefund)
      .where(scoped(canteenRefund, auth, eq(canteenRefund.refundNo, refundNo)))
    if (same) {
      if (same.orderId !== order.id || same.amount !== amount) throw new AppError(409, '退款单号已被使用')
      return repeat(same)
    }
  }
  const refundable = order.payPrice - order.refundFee
  if (refundable <= 0) throw new AppError(409, '订单已全额退款')
  if (amount > refundable) throw new AppError(409, `退款金额不能超过可退金额 ${yuan(refundable)} 元`)
  const id = nextId()
  const no = refundNo ?? `RF${id}`
  await tx
    .insert(canteenRefund)
    .values(stamped(canteenRefund, auth, { id, orderId: order.id, refundNo: no, amount }) as never)
  const refundFee = order.refundFee + amount
  const status = refundFee === order.payPrice ? ORDER_STATUS.refunded : ORDER_STATUS.partlyRefunded
  await tx
    .update(canteenOrder)
    .set({ refundFee, status, updateTime: new Date(), updateUser: auth.userId })
    .where(eq(canteenOrder.id, order.id))
  await creditCard(tx, auth, order.cardId, amount, {
    billType: REFUND,
    sourceType: 'canteen_refund',
    sourceId: id,
    remark: `订单退款 ${order.orderNo}`,
  })
  return { refundNo: no, amount, refundFee, status, refunded: true }
}

export function refundOrder(db: Db, auth: AuthContext, orderId: string, amount: number, refundNo?: string) {
  return db.transaction((tx) => refundIn(tx, auth, orderId, amount, refundNo))
}

/** refundOrderByIds: refund what is left of each order (all or none); a fully refunded order is skipped. */
export function refundOrders(db: Db, auth: AuthContext, ids: string[]) {
  return db.transaction(async (tx) => {
    const orders = await tx
      .select({ id: canteenOrder.id, payPrice: canteenOrder.payPrice, refundFee: canteenOrder.refundFee })
      .from(canteenOrder)
      .where(scoped(canteenOrder, auth, inArray(canteenOrder.id, ids)))
      .orderBy(canteenOrder.id)
      .for('update')
    if (orders.length !== new Set(ids).size) throw notFound('订单不存在')
    let refunded = 0
    for (const o of orders) {
      const left = o.payPrice - o.refundFee
      if (left <= 0) continue
      await refundIn(tx, auth, o.id, left, `RFALL${o.id}-${o.refundFee}`)
      refunded += left
    }
    return { orders: orders.length, refunded }
  })
}

import { SHELF } from '@xpark/contract/modules/commodity'
import { and, eq, gte, inArray, like, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import type { LinesContext } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { scoped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { commodityMessage, commodityOrder, commodityOrderItem } from './schema.js'

/**
 * Orders take stock when they are placed or changed and give it back when they are changed, removed
 * or cancelled. Stock moves by `stock = stock - n where stock >= n`, so two orders of the last item
 * never both succeed, whatever runs in parallel.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `SO` + yyyyMMdd + a per-tenant, per-day sequence (serialised by an advisory lock). */
async function nextOrderNo(tx: Tx, auth: AuthContext, now = new Date()): Promise<string> {
  const day = `SO${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`commodity-order-no|${auth.tenantId}|${day}`}))`,
  )
  const [last] = await tx
    .select({ orderNo: commodityOrder.orderNo })
    .from(commodityOrder)
    .where(and(eq(commodityOrder.tenantId, auth.tenantId), like(commodityOrder.orderNo, `${day}%`)))
    .orderBy(sql`length(${commodityOrder.orderNo}) desc, ${commodityOrder.orderNo} desc`)
    .limit(1)
  const seq = last ? Number(last.orderNo.slice(day.length)) + 1 : 1
  return `${day}${pad(seq, 4)}`
}

/** Give back the stock these lines took. */
export async function giveBack(tx: Tx, auth: AuthContext, lines: readonly Record<string, unknown>[]) {
  for (const line of lines)
    await tx
      .update(commodityMessage)
      .set({ stock: sql`${commodityMessage.stock} + ${Number(line.quantity)}` })
      .where(scoped(commodityMessage, auth, eq(commodityMessage.id, String(line.commodityId))))
}

/** Give back the stock of whole orders (removed or cancelled). */
export async function giveBackOrders(tx: Tx, auth: AuthContext, orderIds: readonly string[]) {
  const lines = await tx
    .select({ commodityId: commodityOrderItem.commodityId, quantity: commodityOrderItem.quantity })
    .from(commodityOrderItem)
    .where(scoped(commodityOrderItem, auth, inArray(commodityOrderItem.orderId, [...orderIds])))
  await giveBack(tx, auth, lines)
}

/**
 * An order's lines as written: each listing must be on the shelf with enough stock; the line keeps
 * the listing's name and price, the order its total. The previous lines' stock comes back first, so
 * changing a quantity takes only the difference.
 */
export async function priceOrder(ctx: LinesContext): Promise<void> {
  const { tx, auth, header, lines, previous, created } = ctx
  if (!lines.length) throw badRequest('请至少选择一件商品')
  await giveBack(tx, auth, previous)
  const ids = [...new Set(lines.map((l) => String(l.commodityId)))]
  const listings = await tx
    .select()
    .from(commodityMessage)
    .where(scoped(commodityMessage, auth, inArray(commodityMessage.id, ids)))
  const byId = new Map(listings.map((l) => [l.id, l]))
  let total = 0
  let count = 0
  for (const [i, line] of lines.entries()) {
    const listing = byId.get(String(line.commodityId))
    if (!listing) throw badRequest(`第 ${i + 1} 行: 商品不存在`)
    if (listing.status !== SHELF.on) throw badRequest(`第 ${i + 1} 行: 商品已下架: ${listing.name}`)
    const quantity = Number(line.quantity)
    const [taken] = await tx
      .update(commodityMessage)
      .set({ stock: sql`${commodityMessage.stock} - ${quantity}` })
      .where(and(eq(commodityMessage.id, listing.id), gte(commodityMessage.stock, quantity)))
      .returning({ stock: commodityMessage.stock })
    if (!taken) {
      const [left] = await tx
        .select({ stock: commodityMessage.stock })
        .from(commodityMessage)
        .where(eq(commodityMessage.id, listing.id))
      throw badRequest(`第 ${i + 1} 行: 库存不足: ${listing.name} (剩余 ${left?.stock ?? 0})`)
    }
    Object.assign(line, {
      commodityName: listing.name,
      price: listing.price,
      amount: listing.price * quantity,
    })
    total += listing.price * quantity
    count += quantity
  }
  Object.assign(header, { totalAmount: total, itemCount: count })
  if (created) Object.assign(header, { orderNo: await nextOrderNo(tx, auth), orderTime: new Date() })
}

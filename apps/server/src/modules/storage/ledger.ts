import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AuthContext as FullAuth } from '../../core/auth/tokens.js'
import { AppError } from '../../core/errors.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { storageGoods, storageLedger, storageStock } from './schema.js'

/** What the ledger needs of the caller (the demo seed has no session). */
type AuthContext = Pick<FullAuth, 'tenantId' | 'userId' | 'deptIds'>

/**
 * The stock ledger: the only writer of stock. A movement changes one stock row (warehouse, goods,
 * batch) and writes one ledger entry with the quantities before and after, in the caller's
 * transaction. Rows are taken in one stable order (warehouse, goods, batch), each by an UPDATE that
 * adds the change only while the result stays >= 0 — so two checks of the same goods in parallel
 * queue on the row, the second sees the first's result, and stock never goes negative (the table's
 * CHECK says so too). Arithmetic is PostgreSQL's `numeric`: exact.
 */

export interface Movement {
  kind: number
  warehouseId: string
  goodsId: string
  batchCode: string
  /** signed exact decimal: `+2.5` in, `-2.5` out */
  quantity: string
  /** cents per unit (an in movement sets the batch's price) */
  price?: number
  productionDate?: Date | null
  expiryDate?: Date | null
}

export interface Source {
  /** the bill, init row or inventory plan */
  id: string
  no: string
}

export const STOCK_SHORT = '库存不足'

export const stockKey = (m: Movement) =>
  `${m.warehouseId.padStart(20, '0')}|${m.goodsId.padStart(20, '0')}|${m.batchCode}`

/** `-x` of a signed decimal text. */
export function negate(quantity: string): string {
  return quantity.startsWith('-') ? quantity.slice(1) : `-${quantity}`
}

/** Apply movements in the stable lock order; throws 409 (nothing applied) when stock would go negative. */
export async function applyMovements(
  tx: Tx,
  auth: AuthContext,
  source: Source,
  movements: readonly Movement[],
): Promise<void> {
  const ordered = [...movements].sort((a, b) =>
    stockKey(a) < stockKey(b) ? -1 : stockKey(a) > stockKey(b) ? 1 : 0,
  )
  for (const m of ordered) {
    await tx
      .insert(storageStock)
      .values(
        stamped(storageStock, auth, {
          warehouseId: m.warehouseId,
          goodsId: m.goodsId,
          batchCode: m.batchCode,
          quantity: '0',
          price: m.price ?? 0,
          productionDate: m.productionDate ?? null,
          expiryDate: m.expiryDate ?? null,
        }) as never,
      )
      .onConflictDoNothing({
        target: [
          storageStock.tenantId,
          storageStock.warehouseId,
          storageStock.goodsId,
          storageStock.batchCode,
        ],
      })
    const change = sql`${m.quantity}::numeric`
    const incoming = m.quantity.startsWith('-') ? false : Number(m.quantity) > 0
    const rowKey = and(
      eq(storageStock.tenantId, auth.tenantId),
      eq(storageStock.warehouseId, m.warehouseId),
      eq(storageStock.goodsId, m.goodsId),
      eq(storageStock.batchCode, m.batchCode),
    )
    const [moved] = await tx
      .update(storageStock)
      .set({
        quantity: sql`${storageStock.quantity} + ${change}`,
        updateTime: new Date(),
        updateUser: auth.userId,
        ...(incoming && m.price ? { price: m.price } : {}),
        ...(incoming && m.expiryDate ? { expiryDate: m.expiryDate } : {}),
        ...(incoming && m.productionDate ? { productionDate: m.productionDate } : {}),
      })
      .where(and(rowKey, sql`${storageStock.quantity} + ${change} >= 0`))
      .returning({
        after: sql<string>`${storageStock.quantity}::text`,
        before: sql<string>`(${storageStock.quantity} - ${change})::text`,
        price: storageStock.price,
      })
    if (!moved) throw await shortage(tx, auth, m)
    await tx.insert(storageLedger).values({
      ...stamped(storageLedger, auth, {
        kind: m.kind,
        warehouseId: m.warehouseId,
        goodsId: m.goodsId,
        batchCode: m.batchCode,
        billId: source.id,
        billNo: source.no,
        quantity: m.quantity,
        before: moved.before,
        after: moved.after,
        price: m.price ?? moved.price,
      }),
      // the database's clock, read while the stock row is locked: a key's entries are in time order
      // across server nodes, so its balance at a time is its last entry's `after` (summaryGoods)
      createTime: sql`clock_timestamp()`,
    } as never)
  }
}

/** `库存不足: 名称 (批次 x, 库存 2.0000, 需要 3)` */
export async function shortage(tx: Tx, auth: AuthContext, m: Movement): Promise<AppError> {
  const [stock] = await tx
    .select({ quantity: sql<string>`${storageStock.quantity}::text` })
    .from(storageStock)
    .where(
      and(
        eq(storageStock.tenantId, auth.tenantId),
        eq(storageStock.warehouseId, m.warehouseId),
        eq(storageStock.goodsId, m.goodsId),
        eq(storageStock.batchCode, m.batchCode),
      ),
    )
  const [goods] = await tx
    .select({ name: storageGoods.name })
    .from(storageGoods)
    .where(scoped(storageGoods, auth, eq(storageGoods.id, m.goodsId)))
  const batch = m.batchCode ? `批次 ${m.batchCode}, ` : ''
  return new AppError(
    409,
    `${STOCK_SHORT}: ${goods?.name ?? m.goodsId} (${batch}库存 ${stock?.quantity ?? '0'}, 需要 ${negate(m.quantity)})`,
  )
}

/** The movements a source wrote (to reverse them exactly). */
export async function movementsOf(tx: Tx, auth: AuthContext, sourceId: string, kinds: readonly number[]) {
  return tx
    .select({
      kind: storageLedger.kind,
      warehouseId: storageLedger.warehouseId,
      goodsId: storageLedger.goodsId,
      batchCode: storageLedger.batchCode,
      quantity: sql<string>`${storageLedger.quantity}::text`,
      price: storageLedger.price,
    })
    .from(storageLedger)
    .where(
      and(
        eq(storageLedger.tenantId, auth.tenantId),
        eq(storageLedger.billId, sourceId),
        inArray(storageLedger.kind, [...kinds]),
      ),
    )
}

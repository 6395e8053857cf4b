import { AUDIT_STATUS, INVENTORY_STATUS, LEDGER_KIND } from '@xpark/contract/modules/storage'
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { whereOf } from '../../core/crud/index.js'
import { AppError, notFound } from '../../core/errors.js'
import type { ImportRowError } from '../../core/excel/index.js'
import { scoped, stamped, touched } from '../../core/tenancy.js'
import type { Db, Tx } from '../../db/client.js'
import { applyMovements, type Movement } from './ledger.js'
import type { PageSpec } from './queries.js'
import { inventories } from './resources.js'
import { storageGoods, storageInventory, storageInventoryLine, storageStock } from './schema.js'

/**
 * Inventory counts: a plan of one warehouse (draft) → `createBill` copies the warehouse's stock into
 * count lines (book quantities) and starts counting → counted quantities are entered (`detail/update`)
 * or imported (`write-inventory`) → the profit bill (counted > book) and the losses bill (counted <
 * book) are audited apart, each adjusting stock by its differences through the ledger; once both
 * are audited the plan is finished. A difference is applied as a change (not "set to counted"), so
 * movements checked while counting are kept.
 */

type Which = 'profit' | 'losses'

const difference = sql<string>`(${storageInventoryLine.countQuantity} - ${storageInventoryLine.bookQuantity})`

async function lockPlan(tx: Tx, where: SQL) {
  const [plan] = await tx.select().from(storageInventory).where(where).for('update')
  if (!plan) throw notFound('数据不存在')
  return plan
}

/** `createBill`: count lines from the warehouse's current stock; the plan starts counting. */
export async function createCountBill(db: Db, auth: AuthContext, id: string) {
  const where = await whereOf(inventories, auth, eq(storageInventory.id, id))
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, where)
    if (plan.status !== INVENTORY_STATUS.draft) throw new AppError(409, `盘点单已生成: ${plan.planNo}`)
    const stock = await tx
      .select({
        goodsId: storageStock.goodsId,
        batchCode: storageStock.batchCode,
        quantity: sql<string>`${storageStock.quantity}::text`,
        price: storageStock.price,
      })
      .from(storageStock)
      .where(
        and(
          eq(storageStock.tenantId, auth.tenantId),
          eq(storageStock.warehouseId, plan.warehouseId),
          sql`${storageStock.quantity} > 0`,
        ),
      )
      .orderBy(asc(storageStock.goodsId), asc(storageStock.batchCode))
    if (!stock.length) throw new AppError(409, '该仓库没有库存, 无需盘点')
    await tx.insert(storageInventoryLine).values(
      stock.map((s) =>
        stamped(storageInventoryLine, auth, {
          inventoryId: id,
          goodsId: s.goodsId,
          batchCode: s.batchCode,
          bookQuantity: s.quantity,
          price: s.price,
        }),
      ) as never,
    )
    await tx
      .update(storageInventory)
      .set(touched(storageInventory, auth, { status: INVENTORY_STATUS.counting }) as never)
      .where(eq(storageInventory.id, id))
  })
}

const lineColumns = {
  id: storageInventoryLine.id,
  inventoryId: storageInventoryLine.inventoryId,
  goodsId: storageInventoryLine.goodsId,
  goodsCode: storageGoods.code,
  goodsName: storageGoods.name,
  unit: storageGoods.unit,
  batchCode: storageInventoryLine.batchCode,
  bookQuantity: sql<string>`${storageInventoryLine.bookQuantity}::text`,
  countQuantity: sql<string | null>`${storageInventoryLine.countQuantity}::text`,
  difference: sql<string | null>`${difference}::text`,
  price: storageInventoryLine.price,
  remark: storageInventoryLine.remark,
}

/** Count lines of the plans the caller may see (all, the profit ones or the losses ones). */
export async function countLines(
  db: Db,
  auth: AuthContext,
  inventoryId: string | undefined,
  which: Which | undefined,
  p: PageSpec,
) {
  const plans = await whereOf(
    inventories,
    auth,
    inventoryId ? eq(storageInventory.id, inventoryId) : undefined,
  )
  const where = and(
    scoped(storageInventoryLine, auth),
    inArray(
      storageInventoryLine.inventoryId,
      db.select({ id: storageInventory.id }).from(storageInventory).where(plans),
    ),
    which === 'profit' ? sql`${difference} > 0` : which === 'losses' ? sql`${difference} < 0` : undefined,
  )
  const records = await db
    .select(lineColumns)
    .from(storageInventoryLine)
    .innerJoin(storageGoods, eq(storageGoods.id, storageInventoryLine.goodsId))
    .where(where)
    .orderBy(asc(storageGoods.code), asc(storageInventoryLine.batchCode))
    .limit(p.size)
    .offset(p.offset)
  const [n] = await db.select({ n: count() }).from(storageInventoryLine).where(where)
  return { records, total: n?.n ?? 0 }
}

async function planOfLine(tx: Tx, auth: AuthContext, lineId: string) {
  const [line] = await tx
    .select({ inventoryId: storageInventoryLine.inventoryId })
    .from(storageInventoryLine)
    .where(scoped(storageInventoryLine, auth, eq(storageInventoryLine.id, lineId)))
  if (!line) throw notFound('数据不存在')
  return line.inventoryId
}

function assertCounting(plan: typeof storageInventory.$inferSelect) {
  if (plan.status !== INVENTORY_STATUS.counting || plan.profitStatus || plan.lossStatus)
    throw new AppError(409, `当前状态不允许录入盘点数量: ${plan.planNo}`)
}

/** `detail/update`: one counted quantity (while counting and before any audit). */
export async function enterCount(
  db: Db,
  auth: AuthContext,
  form: { id: string; countQuantity: string; remark?: string | undefined },
) {
  await db.transaction(async (tx) => {
    const planId = await planOfLine(tx, auth, form.id)
    assertCounting(await lockPlan(tx, await whereOf(inventories, auth, eq(storageInventory.id, planId))))
    await tx
      .update(storageInventoryLine)
      .set(
        touched(storageInventoryLine, auth, {
          countQuantity: form.countQuantity,
          ...(form.remark !== undefined ? { remark: form.remark } : {}),
        }) as never,
      )
      .where(eq(storageInventoryLine.id, form.id))
  })
}

/** `write-inventory`: counted quantities by goods code and batch; one bad row writes nothing. */
export async function writeCounts(
  db: Db,
  auth: AuthContext,
  inventoryId: string,
  rows: readonly {
    row: number
    data: { goodsCode: string; batchCode?: string | undefined; countQuantity: string }
  }[],
  errors: ImportRowError[],
) {
  const where = await whereOf(inventories, auth, eq(storageInventory.id, inventoryId))
  return db.transaction(async (tx) => {
    assertCounting(await lockPlan(tx, where))
    const lines = await tx
      .select({
        id: storageInventoryLine.id,
        goodsCode: storageGoods.code,
        batchCode: storageInventoryLine.batchCode,
      })
      .from(storageInventoryLine)
      .innerJoin(storageGoods, eq(storageGoods.id, storageInventoryLine.goodsId))
      .where(scoped(storageInventoryLine, auth, eq(storageInventoryLine.inventoryId, inventoryId)))
    const byKey = new Map(lines.map((l) => [`${l.goodsCode}|${l.batchCode}`, l.id]))
    const updates: { id: string; countQuantity: string }[] = []
    for (const { row, data } of rows) {
      const id = byKey.get(`${data.goodsCode}|${data.batchCode ?? ''}`)
      if (!id)
        errors.push({
          row,
          messages: [`盘点单中没有该物品和批次: ${data.goodsCode} ${data.batchCode ?? ''}`.trim()],
        })
      else updates.push({ id, countQuantity: data.countQuantity })
    }
    if (errors.length) return 0
    for (const u of updates)
      await tx
        .update(storageInventoryLine)
        .set(touched(storageInventoryLine, auth, { countQuantity: u.countQuantity }) as never)
        .where(eq(storageInventoryLine.id, u.id))
    return updates.length
  })
}

/**
 * `auditProfit` / `auditLosses`: apply the plan's gains (or losses) through the ledger, once. Every
 * line must be counted first; the plan finishes when both are audited.
 */
export async function auditCount(db: Db, auth: AuthContext, id: string, which: Which) {
  const where = await whereOf(inventories, auth, eq(storageInventory.id, id))
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, where)
    const done = which === 'profit' ? plan.profitStatus : plan.lossStatus
    if (plan.status !== INVENTORY_STATUS.counting || done === AUDIT_STATUS.audited)
      throw new AppError(409, `当前状态不允许此操作: ${plan.planNo}`)
    const [uncounted] = await tx
      .select({ n: count() })
      .from(storageInventoryLine)
      .where(
        scoped(
          storageInventoryLine,
          auth,
          eq(storageInventoryLine.inventoryId, id),
          isNull(storageInventoryLine.countQuantity),
        ),
      )
    if (uncounted?.n) throw new AppError(409, `还有 ${uncounted.n} 条明细未录入盘点数量`)
    const lines = await tx
      .select({
        goodsId: storageInventoryLine.goodsId,
        batchCode: storageInventoryLine.batchCode,
        price: storageInventoryLine.price,
        difference: sql<string>`${difference}::text`,
      })
      .from(storageInventoryLine)
      .where(
        scoped(
          storageInventoryLine,
          auth,
          eq(storageInventoryLine.inventoryId, id),
          which === 'profit' ? sql`${difference} > 0` : sql`${difference} < 0`,
        ),
      )
    const movements: Movement[] = lines.map((l) => ({
      kind: which === 'profit' ? LEDGER_KIND.profit : LEDGER_KIND.loss,
      warehouseId: plan.warehouseId,
      goodsId: l.goodsId,
      batchCode: l.batchCode,
      quantity: l.difference,
      price: l.price,
    }))
    await applyMovements(tx, auth, { id, no: plan.planNo }, movements)
    const profitStatus = which === 'profit' ? AUDIT_STATUS.audited : plan.profitStatus
    const lossStatus = which === 'losses' ? AUDIT_STATUS.audited : plan.lossStatus
    await tx
      .update(storageInventory)
      .set(
        touched(storageInventory, auth, {
          profitStatus,
          lossStatus,
          ...(profitStatus && lossStatus ? { status: INVENTORY_STATUS.finished } : {}),
        }) as never,
      )
      .where(eq(storageInventory.id, id))
  })
}

import { BILL_STATUS, BILL_TYPE, LEDGER_KIND } from '@xpark/contract/modules/storage'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import type { ActionContext, LinesContext } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { parseDateTime } from '../../core/query/index.js'
import { scoped, touched } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { applyMovements, type Movement, movementsOf, negate, shortage, stockKey } from './ledger.js'
import {
  storageBill,
  storageBillLine,
  storageGoods,
  storageMeasurement,
  storageStock,
  storageSupplier,
  storageWarehouse,
} from './schema.js'

/**
 * Storage bills: a draft's lines are priced and totalled when written (`prepare`); checking a
 * submitted bill moves its stock through the ledger (`check`), returning a checked one reverses
 * exactly the entries its check wrote (`giveBack`). Both run inside the transition's transaction,
 * so a check that would oversell changes nothing, not even the bill's state.
 */

type Row = Record<string, unknown>

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const PREFIX: Record<number, string> = { [BILL_TYPE.in]: 'RK', [BILL_TYPE.out]: 'CK', [BILL_TYPE.move]: 'YK' }

/** Scaled integer of a decimal text (4 decimals): `2.5` → 25000n. */
export function scaled(quantity: string): bigint {
  const [whole = '0', fraction = ''] = quantity.replace(/^[-+]/, '').split('.')
  const value = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4) || '0')
  return quantity.startsWith('-') ? -value : value
}

/** Decimal text of a 4-decimal scaled integer. */
export function unscaled(value: bigint): string {
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  return `${sign}${abs / 10_000n}.${pad(Number(abs % 10_000n), 4)}`
}

const blank = (v: unknown) => v === undefined || v === null || v === ''
/** the largest base quantity a line holds: 12 digits before the point (the contract's `quantity`) */
const MAX_BASE = 10n ** 16n

/**
 * A line's quantity in the goods' base unit. A line may be entered in one of its goods' measurement
 * units (`unitId`, `unitQuantity`): the base quantity is `unitQuantity × ratio`, exactly (scaled
 * integers; a product that needs more than 4 decimals is refused, never rounded). Without a unit the
 * quantity is in the base unit and `unitQuantity` is the same. A unit of another goods, a general
 * unit or another tenant's is refused. `prefix` names the line in messages (`第 2 行: `).
 */
export async function toBaseUnits(
  tx: Tx,
  auth: AuthContext,
  lines: readonly Row[],
  prefix: (index: number) => string = (i) => `第 ${i + 1} 行: `,
): Promise<void> {
  const wanted = [...new Set(lines.filter((l) => !blank(l.unitId)).map((l) => String(l.unitId)))]
  const units = wanted.length
    ? await tx
        .select({
          id: storageMeasurement.id,
          goodsId: storageMeasurement.goodsId,
          ratio: storageMeasurement.ratio,
        })
        .from(storageMeasurement)
        .where(scoped(storageMeasurement, auth, inArray(storageMeasurement.id, wanted)))
    : []
  const byId = new Map(units.map((u) => [u.id, u]))
  for (const [i, line] of lines.entries()) {
    if (blank(line.unitId)) line.unitId = null
    if (blank(line.unitQuantity)) {
      if (line.unitId) throw badRequest(`${prefix(i)}请输入数量`)
      if (blank(line.quantity)) throw badRequest(`${prefix(i)}请输入数量`)
      line.unitQuantity = String(line.quantity)
      continue
    }
    const unit = line.unitId ? byId.get(String(line.unitId)) : undefined
    if (line.unitId && unit?.goodsId !== String(line.goodsId))
      throw badRequest(`${prefix(i)}计量单位不是该物品的单位`)
    const product = scaled(String(line.unitQuantity)) * scaled(unit?.ratio ?? '1')
    if (product % 10_000n !== 0n) throw badRequest(`${prefix(i)}换算后的数量超过 4 位小数`)
    if (product / 10_000n >= MAX_BASE) throw badRequest(`${prefix(i)}换算后的数量过大`)
    line.quantity = unscaled(product / 10_000n)
  }
}

/** price (cents per base unit) × base quantity, rounded half up to a cent. */
export function amountOf(price: number, quantity: string): number {
  return Number((BigInt(price) * scaled(quantity) + 5_000n) / 10_000n)
}

/** `RK` / `CK` / `YK` + yyyyMMdd + a per-tenant, per-day sequence (an advisory lock serialises it). */
export async function nextBillNo(tx: Tx, auth: AuthContext, billType: number, now = new Date()) {
  const day = `${PREFIX[billType] ?? 'DJ'}${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`storage-bill-no|${auth.tenantId}|${day}`}))`)
  const [last] = await tx
    .select({ billNo: storageBill.billNo })
    .from(storageBill)
    .where(and(eq(storageBill.tenantId, auth.tenantId), like(storageBill.billNo, `${day}%`)))
    .orderBy(sql`length(${storageBill.billNo}) desc, ${storageBill.billNo} desc`)
    .limit(1)
  const seq = last ? Number(last.billNo.slice(day.length)) + 1 : 1
  return `${day}${pad(seq, 4)}`
}

async function liveIds(tx: Tx, auth: AuthContext, table: typeof storageWarehouse, ids: string[]) {
  if (!ids.length) return new Set<string>()
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(scoped(table, auth, inArray(table.id, ids)))
  return new Set(found.map((f) => f.id))
}

/** A bill's header and lines as written: references checked, lines priced, totals and number set. */
export async function prepareBill(ctx: LinesContext): Promise<void> {
  const { tx, auth, header, lines, created } = ctx
  const billType = Number(header.billType ?? (await typeOf(tx, auth, ctx.headerId)))
  if (!lines.length) throw badRequest('请至少添加一条明细')
  if (!created && header.billType !== undefined) {
    const was = await typeOf(tx, auth, ctx.headerId)
    if (was !== billType) throw badRequest('单据类型不能修改')
  }
  const warehouseId = header.warehouseId as string | undefined
  if (warehouseId && !(await liveIds(tx, auth, storageWarehouse, [warehouseId])).has(warehouseId))
    throw badRequest('仓库不存在')
  const target = header.targetWarehouseId as string | undefined | null
  if (billType === BILL_TYPE.move && created && !target) throw badRequest('移库单请选择目标仓库')
  if (target) {
    if (billType !== BILL_TYPE.move) throw badRequest('只有移库单有目标仓库')
    if (target === warehouseId) throw badRequest('目标仓库不能与源仓库相同')
    if (!(await liveIds(tx, auth, storageWarehouse, [target])).has(target)) throw badRequest('目标仓库不存在')
  }
  const supplier = header.supplierId as string | undefined | null
  if (supplier) {
    const [found] = await tx
      .select({ id: storageSupplier.id })
      .from(storageSupplier)
      .where(scoped(storageSupplier, auth, eq(storageSupplier.id, supplier)))
    if (!found) throw badRequest('供应商不存在')
  }
  const ids = [...new Set(lines.map((l) => String(l.goodsId)))]
  const goods = await tx
    .select({ id: storageGoods.id, name: storageGoods.name, price: storageGoods.price })
    .from(storageGoods)
    .where(scoped(storageGoods, auth, inArray(storageGoods.id, ids)))
  const byId = new Map(goods.map((g) => [g.id, g]))
  for (const [i, line] of lines.entries())
    if (!byId.has(String(line.goodsId))) throw badRequest(`第 ${i + 1} 行: 物品不存在`)
  await toBaseUnits(tx, auth, lines)
  let quantity = 0n
  let amount = 0
  for (const [i, line] of lines.entries()) {
    const g = byId.get(String(line.goodsId))
    if (!g) throw badRequest(`第 ${i + 1} 行: 物品不存在`)
    const price = line.price === undefined || line.price === null ? g.price : Number(line.price)
    const production = dateOf(line.productionDate)
    const expiry = dateOf(line.expiryDate)
    if (production && expiry && expiry < production)
      throw badRequest(`第 ${i + 1} 行: 有效期不能早于生产日期`)
    line.price = price
    line.amount = amountOf(price, String(line.quantity))
    line.batchCode = String(line.batchCode ?? '').trim()
    quantity += scaled(String(line.quantity))
    amount += Number(line.amount)
  }
  Object.assign(header, { totalQuantity: unscaled(quantity), totalAmount: amount, lineCount: lines.length })
  if (created)
    Object.assign(header, { status: BILL_STATUS.draft, billNo: await nextBillNo(tx, auth, billType) })
}

function dateOf(value: unknown): Date | null {
  return typeof value === 'string' && value ? parseDateTime(value) : value instanceof Date ? value : null
}

async function typeOf(tx: Tx, auth: AuthContext, id: string): Promise<number | undefined> {
  const [bill] = await tx
    .select({ billType: storageBill.billType })
    .from(storageBill)
    .where(scoped(storageBill, auth, eq(storageBill.id, id)))
  return bill?.billType
}

/** What a bill's lines move: in +, out −, move − at the source and + at the target. */
export function movementsOfBill(bill: Row, lines: readonly Row[]): Movement[] {
  const out: Movement[] = []
  for (const line of lines) {
    const base = {
      goodsId: String(line.goodsId),
      batchCode: String(line.batchCode ?? ''),
      price: Number(line.price ?? 0),
      productionDate: (line.productionDate as Date | null) ?? null,
      expiryDate: (line.expiryDate as Date | null) ?? null,
    }
    const q = String(line.quantity)
    const warehouseId = String(bill.warehouseId)
    if (bill.billType === BILL_TYPE.in) out.push({ ...base, kind: LEDGER_KIND.in, warehouseId, quantity: q })
    else if (bill.billType === BILL_TYPE.out)
      out.push({ ...base, kind: LEDGER_KIND.out, warehouseId, quantity: negate(q) })
    else {
      out.push({ ...base, kind: LEDGER_KIND.moveOut, warehouseId, quantity: negate(q) })
      out.push({
        ...base,
        kind: LEDGER_KIND.moveIn,
        warehouseId: String(bill.targetWarehouseId),
        quantity: q,
      })
    }
  }
  return out
}

/**
 * Whether today's stock covers what these movements take out, writing nothing: the same 409 as the
 * check (审核) would give. Submitting an out or move bill asks it, so a bill that cannot be checked is
 * told so at once; the check still decides, as stock may move in between.
 */
export async function assertStockCovers(tx: Tx, auth: AuthContext, movements: readonly Movement[]) {
  const needs = new Map<string, { movement: Movement; total: bigint }>()
  for (const m of movements) {
    if (!m.quantity.startsWith('-')) continue
    const k = stockKey(m)
    const need = needs.get(k) ?? { movement: m, total: 0n }
    need.total += scaled(negate(m.quantity))
    needs.set(k, need)
  }
  for (const { movement: m, total } of needs.values()) {
    const needed = unscaled(total)
    const [stock] = await tx
      .select({ covered: sql<boolean>`${storageStock.quantity} >= ${needed}::numeric` })
      .from(storageStock)
      .where(
        and(
          eq(storageStock.tenantId, auth.tenantId),
          eq(storageStock.warehouseId, m.warehouseId),
          eq(storageStock.goodsId, m.goodsId),
          eq(storageStock.batchCode, m.batchCode),
        ),
      )
    if (!stock?.covered) throw await shortage(tx, auth, { ...m, quantity: negate(needed) })
  }
}

/** submit (draft → submitted): an out or move bill must be coverable by today's stock. */
export async function submitBills({ tx, auth, rows }: ActionContext): Promise<void> {
  for (const bill of rows) {
    if (bill.billType === BILL_TYPE.in) continue
    const lines = await tx
      .select()
      .from(storageBillLine)
      .where(scoped(storageBillLine, auth, eq(storageBillLine.billId, String(bill.id))))
    await assertStockCovers(tx, auth, movementsOfBill(bill, lines))
  }
}

/** check: the bills' stock moves, all or none. */
export async function checkBills({ tx, auth, rows }: ActionContext): Promise<void> {
  for (const bill of rows) {
    const id = String(bill.id)
    const lines = await tx
      .select()
      .from(storageBillLine)
      .where(scoped(storageBillLine, auth, eq(storageBillLine.billId, id)))
    if (!lines.length) throw badRequest(`单据没有明细: ${String(bill.billNo)}`)
    if (bill.billType === BILL_TYPE.move && !bill.targetWarehouseId) throw badRequest('移库单请选择目标仓库')
    await applyMovements(tx, auth, { id, no: String(bill.billNo) }, movementsOfBill(bill, lines))
    await tx
      .update(storageBill)
      .set(touched(storageBill, auth, { checkUser: auth.userId, checkTime: new Date() }) as never)
      .where(eq(storageBill.id, id))
  }
}

const CHECK_KINDS = [LEDGER_KIND.in, LEDGER_KIND.out, LEDGER_KIND.moveOut, LEDGER_KIND.moveIn]

/** return: reverse exactly the entries the check wrote (refused when the goods have gone since). */
export async function returnBills({ tx, auth, rows }: ActionContext): Promise<void> {
  for (const bill of rows) {
    const id = String(bill.id)
    const moved = await movementsOf(tx, auth, id, CHECK_KINDS)
    await applyMovements(
      tx,
      auth,
      { id, no: String(bill.billNo) },
      moved.map((m) => ({ ...m, kind: LEDGER_KIND.returned, quantity: negate(m.quantity) })),
    )
    await tx
      .update(storageBill)
      .set(touched(storageBill, auth, { returnTime: new Date() }) as never)
      .where(eq(storageBill.id, id))
  }
}

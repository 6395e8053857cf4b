import type { Page } from '@xpark/contract'
import { and, count, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError, badRequest, notFound } from '../errors.js'
import { readPaging, selectPage } from '../query/index.js'
import { scoped, stamped, touched } from '../tenancy.js'
import { assertNotInUse } from './in-use.js'
import { startBoundProcess, tellBoundProcesses } from './process-bound.js'
import { assertReferences, type ReferenceScopes, referenceScopes } from './references.js'
import type { Resource } from './resource.js'
import { columnValues, rowSelection, whereOf } from './rows.js'
import { treeRemove, treeWrite } from './tree.js'

/**
 * The reads and writes of a resource. Every statement goes through `scoped` (tenant, not deleted,
 * the resource's scope hook), so a row of another tenant is simply not there: reads miss it and
 * writes affect nothing (→ 404).
 */

type Row = Record<string, unknown>
type Columns = Record<string, PgColumn>

export async function listRows(db: Db, r: Resource, auth: AuthContext, query: Row): Promise<Page<Row>> {
  // parse everything before touching the database: a bad parameter is a 400, not a half-run query
  const paging = readPaging(query)
  const { orderBy, keyset } = r.sortSet.order(query)
  const filters = r.filterSet.conditions(query)
  const where = await whereOf(r, auth, ...filters, await r.queryFilter?.(query, auth))
  return selectPage(db, {
    table: r.table,
    where,
    orderBy,
    keyset,
    paging,
    columns: rowSelection(r) as Columns,
  })
}

export async function findRow(db: DbOrTx, r: Resource, auth: AuthContext, id: string): Promise<Row> {
  const [row] = await db
    .select(rowSelection(r))
    .from(r.table)
    .where(await whereOf(r, auth, eq(r.idColumn, id)))
  if (!row) throw notFound('数据不存在')
  return row
}

/**
 * Uniqueness rules, in the write's transaction: an advisory lock on the rule's values serialises two
 * writers of the same value (neither sees the other's uncommitted row otherwise), then a live row of
 * the tenant holding them refuses the write with the rule's message.
 */
export async function assertUnique(tx: Tx, r: Resource, auth: AuthContext, values: Row, id?: string) {
  if (!r.unique?.length) return
  const columns = getTableColumns(r.table) as Columns
  let current: Row | undefined
  for (const rule of r.unique) {
    if (id && !rule.fields.some((f) => f in values)) continue
    if (id && !current)
      [current] = await tx
        .select(Object.fromEntries(rule.fields.map((f) => [f, columns[f]!])))
        .from(r.table)
        .where(eq(r.idColumn, id))
    const wanted = rule.fields.map((f) => (f in values ? values[f] : current?.[f]))
    if (wanted.some((v) => v === null || v === undefined || v === '')) continue
    // platform data (no tenant of its own) is one set of values whoever writes it
    const owner = r.tenant ? auth.tenantId : ''
    const key = `${r.path}|${owner}|${rule.fields.join(',')}|${wanted.map(String).join('\u0001')}`
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
    const [clash] = await tx
      .select({ id: r.idColumn })
      .from(r.table)
      .where(
        scoped(
          r.table,
          auth,
          ...rule.fields.map((f, i) => eq(columns[f]!, wanted[i])),
          id ? ne(r.idColumn, id) : undefined,
        ),
      )
      .limit(1)
    if (clash)
      throw badRequest(
        rule.message.replace(/\{(\w+)\}/g, (name, field: string) =>
          rule.fields.includes(field) ? String(wanted[rule.fields.indexOf(field)]) : name,
        ),
      )
  }
}

/** Refuse a change to rows whose state forbids it (`readonlyWhen`); the rows are locked by the caller. */
export async function assertChangeable(tx: Tx, r: Resource, ids: readonly string[]): Promise<void> {
  const rule = r.readonlyWhen
  if (!rule) return
  const column = (getTableColumns(r.table) as Columns)[rule.field]!
  const [frozen] = await tx
    .select({ id: r.idColumn })
    .from(r.table)
    .where(
      and(
        inArray(r.idColumn, [...ids]),
        inArray(
          column,
          rule.in.map((v) => v as never),
        ),
      ),
    )
    .limit(1)
  if (frozen) throw new AppError(409, rule.message)
}

/**
 * What a write resolves before its transaction: the caller's data-scope conditions on the resource and
 * on what its references name. They are lookups through the pool (cached rules, dept subtrees), and
 * PGlite's one connection is held by an open transaction: resolving them inside would wait forever.
 */
export interface WritePlan {
  /** the resource's own scope condition (undefined: not narrowed) */
  scope: SQL | undefined
  /** the scope conditions of the referenced resources, by field (`lines.<field>` for a line's) */
  references: ReferenceScopes
}

export async function planWrite(r: Resource, auth: AuthContext): Promise<WritePlan> {
  const references = await referenceScopes(r.references, auth)
  for (const [key, scope] of await referenceScopes(r.lines?.references, auth, LINE_PREFIX))
    references.set(key, scope)
  return { scope: await r.scope?.(auth), references }
}

/** The key prefix of a line's references in a plan. */
export const LINE_PREFIX = 'lines.'

/** A row of the resource the caller may write, by the plan's scope. */
export function plannedRow(r: Resource, auth: AuthContext, plan: WritePlan, id: string): SQL {
  return scoped(r.table, auth, plan.scope, eq(r.idColumn, id))
}

/** Insert inside a transaction the caller holds: references, rules, stamping, the row. Returns the new id. */
export async function insertIn(
  tx: Tx,
  r: Resource,
  auth: AuthContext,
  values: Row,
  plan: WritePlan,
  id?: string,
) {
  await assertReferences(tx, auth, r.references, values, plan.references)
  await r.beforeWrite?.({ tx, auth, values })
  await treeWrite(tx, r, auth, values)
  const row = stamped(r.table, auth, columnValues(r, values))
  if (id) row.id = id
  await assertUnique(tx, r, auth, row)
  await tx.insert(r.table).values(row as never)
  await r.afterWrite?.({ tx, auth, values, id: String(row.id), created: true })
  await startBoundProcess(tx, r, auth, String(row.id))
  return String(row.id)
}

export async function insertRow(db: Db, r: Resource, auth: AuthContext, values: Row): Promise<string> {
  const plan = await planWrite(r, auth)
  const since = new Date()
  const id = await db.transaction((tx) => insertIn(tx, r, auth, values, plan))
  await r.afterCommit?.({ auth, ids: [id], verb: 'insert', values })
  await tellBoundProcesses(db, r, auth, [id], since)
  return id
}

/**
 * Update inside a transaction the caller holds, with the plan resolved before it (planWrite). The row
 * is locked first: a missing (or foreign) row answers 404 before any rule runs.
 */
export async function updateIn(
  tx: Tx,
  r: Resource,
  auth: AuthContext,
  id: string,
  values: Row,
  plan: WritePlan,
) {
  const where = plannedRow(r, auth, plan, id)
  const [found] = await tx.select({ id: r.idColumn }).from(r.table).where(where).for('update')
  if (!found) throw notFound('数据不存在')
  await assertChangeable(tx, r, [id])
  await assertReferences(tx, auth, r.references, values, plan.references)
  await r.beforeWrite?.({ tx, auth, values, id })
  await treeWrite(tx, r, auth, values, id)
  const set = touched(r.table, auth, columnValues(r, values))
  await assertUnique(tx, r, auth, set, id)
  if (Object.keys(set).length)
    await tx
      .update(r.table)
      .set(set as never)
      .where(where)
  await r.afterWrite?.({ tx, auth, values, id, created: false })
  // a rejected or withdrawn request, edited, is asked again (running and approved ones are read-only)
  await startBoundProcess(tx, r, auth, id)
}

export async function updateRow(
  db: Db,
  r: Resource,
  auth: AuthContext,
  id: string,
  values: Row,
): Promise<void> {
  const plan = await planWrite(r, auth)
  const since = new Date()
  await db.transaction((tx) => updateIn(tx, r, auth, id, values, plan))
  await r.afterCommit?.({ auth, ids: [id], verb: 'update', values })
  await tellBoundProcesses(db, r, auth, [id], since)
}

/** Soft delete (hard where the table has no is_deleted); all ids or none. */
export async function removeRows(
  db: Db,
  r: Resource,
  auth: AuthContext,
  ids: readonly string[],
): Promise<void> {
  const wanted = [...new Set(ids)]
  // resolved outside the transaction, as in updateRow
  const where = await whereOf(r, auth, inArray(r.idColumn, wanted))
  await db.transaction(async (tx: DbOrTx) => {
    if (r.beforeRemove || r.readonlyWhen || r.contract.tree || r.inUse) {
      // rules see only rows the caller may remove: a foreign id fails below as not found, not as a rule
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(r.table).where(where)
      if (n !== wanted.length) throw notFound('数据不存在')
      await assertChangeable(tx as Tx, r, wanted)
      await treeRemove(tx as Tx, r, auth, wanted)
      await assertNotInUse(tx as Tx, r, auth, wanted)
      await r.beforeRemove?.({ tx: tx as Tx, auth, ids: wanted })
    }
    const soft = 'isDeleted' in getTableColumns(r.table)
    const done = soft
      ? await tx
          .update(r.table)
          .set({ ...touched(r.table, auth, {}), isDeleted: 1 } as never)
          .where(where)
          .returning({ id: r.idColumn })
      : await tx.delete(r.table).where(where).returning({ id: r.idColumn })
    // a foreign or unknown id among them: roll back, so a mixed list removes nothing
    if (done.length !== wanted.length) throw notFound('数据不存在')
    // a header's lines go with it
    if (r.lines && r.contract.lines) {
      const lineColumns = getTableColumns(r.lines.table) as Columns
      const key = lineColumns[r.contract.lines.key]!
      const byHeader = scoped(r.lines.table, auth, inArray(key, wanted))
      if (lineColumns.isDeleted)
        await tx
          .update(r.lines.table)
          .set({ ...touched(r.lines.table, auth, {}), isDeleted: 1 } as never)
          .where(byHeader)
      else await tx.delete(r.lines.table).where(byHeader)
    }
  })
  await r.afterCommit?.({ auth, ids: wanted, verb: 'remove' })
}

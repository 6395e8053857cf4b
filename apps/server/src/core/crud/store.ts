import type { Page } from '@xpark/contract'
import { count, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { notFound } from '../errors.js'
import { readPaging, selectPage } from '../query/index.js'
import { scoped, stamped, touched } from '../tenancy.js'
import type { Resource } from './resource.js'

/**
 * The reads and writes of a resource. Every statement goes through `scoped` (tenant, not deleted,
 * the resource's scope hook), so a row of another tenant is simply not there: reads miss it and
 * writes affect nothing (→ 404).
 */

type Row = Record<string, unknown>

async function whereOf(r: Resource, auth: AuthContext, ...conditions: (SQL | undefined)[]): Promise<SQL> {
  return scoped(r.table, auth, await r.scope?.(auth), ...conditions)
}

function visibleColumns(r: Resource): Record<string, PgColumn> {
  const columns = { ...(getTableColumns(r.table) as Record<string, PgColumn>) }
  for (const name of r.omit ?? []) delete columns[name]
  return columns
}

export async function listRows(db: Db, r: Resource, auth: AuthContext, query: Row): Promise<Page<Row>> {
  // parse everything before touching the database: a bad parameter is a 400, not a half-run query
  const paging = readPaging(query)
  const orderBy = r.sortSet.orderBy(query)
  const filters = r.filterSet.conditions(query)
  const where = await whereOf(r, auth, ...filters, await r.queryFilter?.(query, auth))
  return selectPage(db, { table: r.table, where, orderBy, paging, omit: r.omit })
}

export async function findRow(db: Db, r: Resource, auth: AuthContext, id: string): Promise<Row> {
  const [row] = await db
    .select(visibleColumns(r))
    .from(r.table)
    .where(await whereOf(r, auth, eq(r.idColumn, id)))
  if (!row) throw notFound('数据不存在')
  return row
}

export async function insertRow(db: Db, r: Resource, auth: AuthContext, values: Row): Promise<string> {
  const id = await db.transaction(async (tx) => {
    await r.beforeWrite?.({ tx, auth, values })
    const row = stamped(r.table, auth, values)
    await tx.insert(r.table).values(row as never)
    return String(row.id)
  })
  await r.afterCommit?.({ auth, ids: [id], verb: 'insert' })
  return id
}

export async function updateRow(
  db: Db,
  r: Resource,
  auth: AuthContext,
  id: string,
  values: Row,
): Promise<void> {
  // the scope condition is resolved before the transaction: its lookups use the pool, and PGlite's
  // one connection is held by an open transaction (resolving it inside would wait forever)
  const where = await whereOf(r, auth, eq(r.idColumn, id))
  await db.transaction(async (tx) => {
    // lock the row first: a missing (or foreign) row answers 404 before any rule runs
    const [found] = await tx.select({ id: r.idColumn }).from(r.table).where(where).for('update')
    if (!found) throw notFound('数据不存在')
    await r.beforeWrite?.({ tx, auth, values, id })
    const set = touched(r.table, auth, values)
    if (Object.keys(set).length)
      await tx
        .update(r.table)
        .set(set as never)
        .where(where)
  })
  await r.afterCommit?.({ auth, ids: [id], verb: 'update' })
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
    if (r.beforeRemove) {
      // rules see only rows the caller may remove: a foreign id fails below as not found, not as a rule
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(r.table).where(where)
      if (n !== wanted.length) throw notFound('数据不存在')
      await r.beforeRemove({ tx: tx as Tx, auth, ids: wanted })
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
  })
  await r.afterCommit?.({ auth, ids: wanted, verb: 'remove' })
}

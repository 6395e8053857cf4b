import type { Page } from '@xpark/contract'
import { count, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.js'
import { page } from '../envelope.js'
import type { Paging } from './paging.js'

/** The window column carrying the total; a name no table uses. */
const TOTAL = '__xpark_total'

export interface PageQuery {
  table: PgTable
  where: SQL | undefined
  orderBy: SQL[]
  paging: Paging
  /** columns never sent to a client (password hashes and the like) */
  omit?: readonly string[]
}

/**
 * One page and its total in one statement: `select …, count(*) over() … limit … offset …`.
 * A page past the end has no rows to carry the total, so only then a count query follows.
 */
export async function selectPage(db: DbOrTx, q: PageQuery): Promise<Page<Record<string, unknown>>> {
  const columns = { ...(getTableColumns(q.table) as Record<string, PgColumn>) }
  for (const name of q.omit ?? []) delete columns[name]
  const { current, size, offset } = q.paging
  const rows = (await db
    .select({ ...columns, [TOTAL]: sql<number>`count(*) over()`.mapWith(Number) })
    .from(q.table)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(size)
    .offset(offset)) as Record<string, unknown>[]

  let total = rows.length ? Number(rows[0]![TOTAL]) : 0
  if (!rows.length && offset > 0) {
    const [row] = await db.select({ n: count() }).from(q.table).where(q.where)
    total = row?.n ?? 0
  }
  const records = rows.map(({ [TOTAL]: _total, ...record }) => record)
  return page(records, total, current, size)
}

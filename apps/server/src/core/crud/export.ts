import { desc, getTableColumns, inArray, lt, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { EXPORT_BATCH } from '../excel/index.js'
import { scoped } from '../tenancy.js'
import { selection } from './expand.js'
import type { Resource } from './resource.js'

/**
 * The rows of a resource an export reads: the same tenant, data scope, whitelisted filters and
 * query filter as its `page`, read in keyset batches (`id < last id`, newest first, as the page
 * shows them) so no batch but the current one is ever in memory and no batch costs an OFFSET scan.
 * (Here rather than in core/excel, which writes and reads workbooks and knows no resource.)
 */

type Row = Record<string, unknown>

export interface ResourceRowsOptions {
  /** only these rows (the ticked ones); still within the caller's scope */
  ids?: readonly string[]
  batchSize?: number
  /**
   * only these keys of the row (`columnFields` of the sheet; the id is always read, for the keyset):
   * an export of 10 columns of a 25-column table reads and decodes half as much (issue 13)
   */
  fields?: readonly string[]
}

/** The selection cut to `fields` and the id key (fields it does not hold are left out). */
function onlyFields<C>(
  columns: Record<string, C>,
  fields: readonly string[] | undefined,
  idKey: string,
): Record<string, C> {
  if (!fields) return columns
  const keep = new Set([...fields, idKey])
  return Object.fromEntries(Object.entries(columns).filter(([key]) => keep.has(key)))
}

/**
 * Checks the query now (a bad filter is a 400 before any byte of the file is sent) and returns the
 * batches to read lazily.
 */
export async function resourceBatches(
  db: Db,
  r: Resource,
  auth: AuthContext,
  query: Readonly<Record<string, unknown>>,
  options: ResourceRowsOptions = {},
): Promise<AsyncIterable<Row[]>> {
  const size = options.batchSize ?? EXPORT_BATCH
  const conditions: (SQL | undefined)[] = [
    ...r.filterSet.conditions(query),
    await r.queryFilter?.(query, auth),
    await r.scope?.(auth),
    options.ids ? inArray(r.idColumn, [...options.ids]) : undefined,
  ]
  // the row as the page shows it: visible columns and expands (labels computed in the same query)
  const idKey = Object.entries(getTableColumns(r.table)).find(([, c]) => c === r.idColumn)?.[0] ?? 'id'
  const columns = onlyFields(
    selection(r.table, r.expand, r.omit) as Record<string, PgColumn>,
    options.fields,
    idKey,
  )

  return {
    async *[Symbol.asyncIterator]() {
      let after: unknown
      for (;;) {
        const rows = (await db
          .select(columns)
          .from(r.table)
          .where(
            scoped(r.table, auth, ...conditions, after === undefined ? undefined : lt(r.idColumn, after)),
          )
          .orderBy(desc(r.idColumn))
          .limit(size)) as Row[]
        if (rows.length) yield rows
        if (rows.length < size) return
        after = rows.at(-1)?.[idKey]
      }
    },
  }
}

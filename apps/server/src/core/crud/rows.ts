import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { AuthContext } from '../auth/tokens.js'
import { badRequest } from '../errors.js'
import { parseDateTime } from '../query/index.js'
import { columnKind } from '../query/values.js'
import { scoped } from '../tenancy.js'
import { selection } from './expand.js'
import type { Resource } from './resource.js'

/** What every read and write of a resource shares: its scoped condition, its row, its column values. */

type Row = Record<string, unknown>
type Columns = Record<string, PgColumn>

/** The tenant + soft delete + data scope condition of a caller on a resource, plus any others. */
export async function whereOf(
  r: Resource,
  auth: AuthContext,
  ...conditions: (SQL | undefined)[]
): Promise<SQL> {
  const scope = await r.scope?.(auth)
  return scoped(r.table, auth, scope, ...conditions)
}

/**
 * `column` refers to a row of resource `r` the caller may see: for what is read through another table
 * (stock per warehouse, ledger entries per goods, orders per canteen) and follows the rules of the
 * resource it is about. Undefined when the caller's rules do not narrow `r` (then the tenant condition
 * of the table read is all there is to it, and no subquery is paid).
 */
export async function visibleThrough(
  r: Resource,
  auth: AuthContext,
  column: PgColumn,
): Promise<SQL | undefined> {
  const scope = await r.scope?.(auth)
  if (!scope) return undefined
  const id = (getTableColumns(r.table) as Columns).id
  if (!id) throw new Error(`visibleThrough: ${r.contract.code} has no id column`)
  return sql`${column} in (select ${id} from ${r.table} where ${scoped(r.table, auth, scope)})`
}

/** What a row of the resource carries: its visible columns and its expands. */
export function rowSelection(r: Resource) {
  return selection(r.table, r.expand, r.omit)
}

/**
 * Values as the database takes them: date columns from `yyyy-MM-dd[ HH:mm:ss]` text (400 otherwise),
 * and an empty string as null in columns that are not text (Saber sends cleared inputs as '').
 */
export function columnValues(r: Resource, values: Row): Row {
  const columns = getTableColumns(r.table) as Columns
  const out: Row = { ...values }
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key]
    // a form field that is no column (`inputs`) is for the hooks, not the table
    if (!column && r.inputs?.includes(key)) delete out[key]
    if (!column) continue
    const kind = columnKind(column)
    if (value === '' && kind !== 'text') out[key] = null
    else if (kind === 'date' && typeof value === 'string') {
      const date = parseDateTime(value)
      if (!date) throw badRequest(`参数校验失败: ${key}: 日期格式应为 yyyy-MM-dd HH:mm:ss`)
      out[key] = date
    }
  }
  return out
}

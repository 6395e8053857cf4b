import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'

/**
 * Labels a row carries beside its own columns (its parent's name, its creator's name, a dictionary
 * label), computed inside the list query itself as correlated subqueries: a page of ten rows is one
 * statement whatever it shows, never one more query per row. PostgreSQL evaluates a select-list
 * subquery only for the rows the page returns.
 */

/** An expression on a resource's row (the resource's table is the outer query's). */
export type Expand = (outer: PgTable) => SQL

type Columns = Record<string, PgColumn>

function columnOf(table: PgTable, key: string, where: string): PgColumn {
  const column = (getTableColumns(table) as Columns)[key]
  if (!column) throw new Error(`${where}: no column ${key}`)
  return column
}

let aliases = 0

/**
 * `from.label` of the row of `from` whose `key` (default `id`) equals the outer row's `on` column:
 * `lookup(commodityType, 'name', 'parentId')` is the parent's name (a self-lookup works: the inner
 * table is aliased). Tenant tables are matched within the outer row's tenant.
 */
export function lookup(from: PgTable, label: string, on: string, options: { key?: string } = {}): Expand {
  const name = `x_lookup_${++aliases}`
  const inner = alias(from, name)
  const innerColumns = getTableColumns(inner) as Columns
  const innerLabel = innerColumns[label] ?? columnOf(from, label, 'lookup')
  const innerKey = innerColumns[options.key ?? 'id'] ?? columnOf(from, options.key ?? 'id', 'lookup')
  return (outer) => {
    const outerColumns = getTableColumns(outer) as Columns
    const outerOn = outerColumns[on] ?? columnOf(outer, on, 'lookup')
    const sameTenant =
      innerColumns.tenantId && outerColumns.tenantId
        ? sql` and ${innerColumns.tenantId} = ${outerColumns.tenantId}`
        : sql``
    return sql`(select ${innerLabel} from ${inner} where ${innerKey} = ${outerOn}${sameTenant} limit 1)`
  }
}

/**
 * Whether a tree row has live children (`hasChildren` of BladeX's lazy trees), as `exists(…)`.
 */
export function hasChildren(parent = 'parentId'): Expand {
  return (outer) => {
    const name = `x_children_${++aliases}`
    const inner = alias(outer, name)
    const innerColumns = getTableColumns(inner) as Columns
    const outerColumns = getTableColumns(outer) as Columns
    const live = innerColumns.isDeleted ? sql` and ${innerColumns.isDeleted} = 0` : sql``
    return sql`exists(select 1 from ${inner} where ${innerColumns[parent]} = ${outerColumns.id}${live})`
  }
}

/** The select list of a resource: its visible columns and its expands, evaluated on `table`. */
export function selection(
  table: PgTable,
  expand: Readonly<Record<string, Expand>> | undefined,
  omit: readonly string[] = [],
): Record<string, PgColumn | SQL> {
  const out: Record<string, PgColumn | SQL> = { ...(getTableColumns(table) as Columns) }
  for (const key of omit) delete out[key]
  for (const [key, e] of Object.entries(expand ?? {})) out[key] = e(table)
  return out
}

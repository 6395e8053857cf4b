import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

/**
 * Labels a row carries beside its own columns (its parent's name, its creator's name, a dictionary
 * label), computed inside the list query itself as correlated subqueries: a page of ten rows is one
 * statement whatever it shows, never one more query per row. PostgreSQL evaluates a select-list
 * subquery only for the rows the page returns.
 *
 * The SQL is written with qualified identifiers (Drizzle leaves a lone table's columns unqualified,
 * which inside a subquery on the same table would bind to the inner one).
 */

/** An expression on a resource's row (the resource's table is the outer query's). */
export type Expand = (outer: PgTable) => SQL

type Columns = Record<string, PgColumn>

function columnOf(table: PgTable, key: string, where: string): PgColumn {
  const column = (getTableColumns(table) as Columns)[key]
  if (!column) throw new Error(`${where}: ${getTableName(table)} has no column ${key}`)
  return column
}

/** `"table"."column"` of the outer row. */
function outerRef(table: PgTable, key: string, where: string): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(columnOf(table, key, where).name)}`
}

let aliases = 0

export interface LookupOptions {
  /** the column of `from` matched (default `id`) */
  key?: string
  /** further equalities on `from` (a dictionary's `code`, `isDeleted: 0`) */
  where?: Readonly<Record<string, string | number>>
  /** compare as text (a dictionary's text key against a number column) */
  asText?: true
}

/**
 * `from.label` of the row of `from` whose `key` (default `id`) equals the outer row's `on` column:
 * `lookup(commodityType, 'name', 'parentId')` is the parent's name (a self-lookup works: the inner
 * table is aliased); `lookup(dict, 'dictValue', 'sex', { key: 'dictKey', where: { code: 'sex' },
 * asText: true })` a dictionary label. Tenant tables are matched within the outer row's tenant.
 */
export function lookup(from: PgTable, label: string, on: string, options: LookupOptions = {}): Expand {
  const alias = sql.identifier(`x_lookup_${++aliases}`)
  const inner = (key: string) => sql`${alias}.${sql.identifier(columnOf(from, key, 'lookup').name)}`
  const innerTenant = 'tenantId' in getTableColumns(from)
  const text = options.asText ? sql`::text` : sql``
  const conditions = Object.entries(options.where ?? {}).map(
    ([key, value]) => sql` and ${inner(key)} = ${value}`,
  )
  return (outer) => {
    const sameTenant =
      innerTenant && 'tenantId' in getTableColumns(outer)
        ? sql` and ${inner('tenantId')} = ${outerRef(outer, 'tenantId', 'lookup')}`
        : sql``
    return sql`(select ${inner(label)} from ${sql.identifier(getTableName(from))} ${alias} where ${inner(
      options.key ?? 'id',
    )}${text} = ${outerRef(outer, on, 'lookup')}${text}${sameTenant}${sql.join(conditions)} limit 1)`
  }
}

/**
 * The labels of the rows a comma-joined id column names, joined by `,` in the column's order
 * (`lookupMany(role, 'roleName', 'roleId')`: a user's `管理员,值班员`): the Excel export and lists of
 * BladeX's many-valued columns (`blade_user.role_id`). Unknown ids are left out; none: ''.
 */
export function lookupMany(from: PgTable, label: string, on: string): Expand {
  const alias = sql.identifier(`x_many_${++aliases}`)
  const inner = (key: string) => sql`${alias}.${sql.identifier(columnOf(from, key, 'lookupMany').name)}`
  const columns = getTableColumns(from)
  return (outer) => {
    const ids = sql`string_to_array(${outerRef(outer, on, 'lookupMany')}, ',')`
    const sameTenant =
      'tenantId' in columns && 'tenantId' in getTableColumns(outer)
        ? sql` and ${inner('tenantId')} = ${outerRef(outer, 'tenantId', 'lookupMany')}`
        : sql``
    const live = 'isDeleted' in columns ? sql` and ${inner('isDeleted')} = 0` : sql``
    return sql`coalesce((select string_agg(${inner(label)}, ',' order by array_position(${ids}, ${inner(
      'id',
    )}::text)) from ${sql.identifier(getTableName(from))} ${alias} where ${inner('id')}::text = any(${ids})${sameTenant}${live}), '')`
  }
}

/** Whether a tree row has live children (`hasChildren` of BladeX's lazy trees), as `exists(…)`. */
export function hasChildren(parent = 'parentId'): Expand {
  const alias = sql.identifier(`x_children_${++aliases}`)
  return (outer) => {
    const inner = (key: string) => sql`${alias}.${sql.identifier(columnOf(outer, key, 'hasChildren').name)}`
    const live = 'isDeleted' in getTableColumns(outer) ? sql` and ${inner('isDeleted')} = 0` : sql``
    return sql`exists(select 1 from ${sql.identifier(getTableName(outer))} ${alias} where ${inner(
      parent,
    )} = ${outerRef(outer, 'id', 'hasChildren')}${live})`
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

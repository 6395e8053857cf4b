import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client.js'

/** rows a statement: its parameters are one array a column, so no parameter limit applies */
const CHUNK = 5_000

type Row = Record<string, unknown>

/**
 * Insert many rows of one shape as one array parameter a column (`insert … select … from
 * unnest($1::text[], …)`), each value cast to its column's type in the statement. Drizzle's multi-row
 * `insert … values` builds a parameter a value: building that statement was most of the server's
 * CPU when a derived job recomputed a month of 150,000 person-days (bench section 13). Rows that do
 * not all carry the same properties, or a value with no text form (an array column), go through
 * drizzle's insert instead.
 */
export async function insertRows(tx: DbOrTx, table: PgTable, rows: readonly Row[]): Promise<void> {
  if (!rows.length) return
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const names = Object.keys(rows[0]!).filter((name) => columns[name])
  const arrays = asTextArrays(rows, names, columns)
  if (!arrays) {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(table).values(rows.slice(i, i + 500))
    return
  }
  const target = sql.join(
    names.map((name) => sql.identifier(columns[name]!.name)),
    sql`, `,
  )
  const casts = sql.join(
    names.map((name, i) => sql.raw(`u.c${i}::${castType(columns[name]!)}`)),
    sql`, `,
  )
  const aliases = sql.raw(names.map((_, i) => `c${i}`).join(', '))
  for (let from = 0; from < rows.length; from += CHUNK) {
    const params: SQL[] = arrays.map((values) => sql`${sql.param(values.slice(from, from + CHUNK))}::text[]`)
    await tx.execute(
      sql`insert into ${table} (${target})
        select ${casts} from unnest(${sql.join(params, sql`, `)}) as u(${aliases})`,
    )
  }
}

/**
 * The type a text is cast to: the column's, but a `varchar(n)` as `varchar`, since an explicit cast
 * cuts a long text to n characters where the insert's own (assignment) cast refuses it.
 */
const castType = (column: PgColumn) =>
  column.getSQLType().replace(/^(varchar|char|character varying|character)\(\d+\)$/, '$1')

/** each column's values as texts the database casts back, or null when a row does not fit */
function asTextArrays(
  rows: readonly Row[],
  names: readonly string[],
  columns: Record<string, PgColumn>,
): (string | null)[][] | null {
  const arrays = names.map(() => new Array<string | null>(rows.length))
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!
    if (Object.keys(row).length !== names.length) return null
    for (let c = 0; c < names.length; c++) {
      const name = names[c]!
      if (!(name in row)) return null
      const value = row[name]
      // undefined is "the column's default" to drizzle: not expressible a row in an array
      if (value === undefined) return null
      if (value === null) {
        arrays[c]![r] = null
        continue
      }
      const driver: unknown = columns[name]!.mapToDriverValue(value)
      if (typeof driver === 'string') arrays[c]![r] = driver
      else if (typeof driver === 'number' || typeof driver === 'bigint' || typeof driver === 'boolean')
        arrays[c]![r] = String(driver)
      else if (driver instanceof Date) arrays[c]![r] = driver.toISOString()
      else return null
    }
  }
  return arrays
}

import { getTableColumns, getTableName, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

/** The declaration of in-use rules (in-use.ts checks them at removal); apart, so the resource type may name it. */

export const IN_USE_STATUS = 409

/** Rows of `table` (live, of the caller's tenant unless `anyTenant`) whose `column` names the row. */
export interface UsedBy {
  table: PgTable
  column: string
  /** the column is a comma-joined id list (`blade_user.dept_id`) */
  many?: boolean
  /** the pointing rows may belong to any tenant (platform data: a datasource bound to tenants) */
  anyTenant?: boolean
  /** only pointing rows that also meet this (stock above zero); not for a table pointing at itself */
  where?: SQL
  message: string
}

/** The row itself, in a state that forbids removal (a condition on the resource's own table). */
export interface HeldWhile {
  when: SQL
  message: string
}

export type InUseRule = UsedBy | HeldWhile

type Columns = Record<string, PgColumn>

export function columnOf(table: PgTable, name: string, where: string): PgColumn {
  const column = (getTableColumns(table) as Columns)[name]
  if (!column) throw new Error(`${where}: in use by ${getTableName(table)}.${name}: no such column`)
  return column
}

/** Checked at declaration: the columns exist. */
export function assertInUseDeclared(
  where: string,
  table: PgTable,
  rules: readonly InUseRule[] | undefined,
): void {
  for (const rule of rules ?? []) {
    if (!('table' in rule)) continue
    columnOf(rule.table, rule.column, where)
    if (rule.table === table && rule.where)
      throw new Error(`${where}: an in-use rule of the table on itself cannot carry \`where\``)
  }
}

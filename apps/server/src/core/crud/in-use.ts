import { and, eq, exists, getTableColumns, inArray, sql } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError } from '../errors.js'
import { scoped } from '../tenancy.js'
import { columnOf, IN_USE_STATUS, type InUseRule } from './in-use-rules.js'
import type { Resource } from './resource.js'

/**
 * What keeps a row from being removed, declared one line each (issue 26 and 27): rows elsewhere that
 * still point at it (goods of a type, dishes of a canteen), or a state of its own (a card that still
 * holds money). Every id of a batch is checked and one refusal refuses the batch: the remove's
 * transaction rolls back, nothing is removed. Every module answers the same way: 409 with the rule's
 * message, `{label}` in it replaced by the blocking row's label (its contract's label field).
 */

type Columns = Record<string, PgColumn>

/** The first of `ids` (the caller's, locked by the remove) a rule holds, with its label; none: undefined. */
async function blockedBy(tx: Tx, r: Resource, auth: AuthContext, ids: string[], rule: InUseRule) {
  const label = (getTableColumns(r.table) as Columns)[r.contract.label]
  const own = scoped(r.table, auth, inArray(r.idColumn, ids))
  if ('when' in rule) {
    const [held] = await tx
      .select({ label: label ?? r.idColumn })
      .from(r.table)
      .where(and(own, rule.when))
      .limit(1)
    return held
  }
  // aliased when a table points at itself (an asset under an asset): the inner rows are not the outer
  const inner = rule.table === r.table ? alias(rule.table, 'in_use') : rule.table
  const column = columnOf(inner, rule.column, `resource ${r.path}`)
  const live = (getTableColumns(inner) as Columns).isDeleted
  const pointing = rule.many
    ? sql`string_to_array(${column}, ',') && array[${r.idColumn}::text]`
    : eq(column, r.idColumn)
  const others = rule.anyTenant
    ? and(pointing, live ? eq(live, 0) : undefined, rule.where)
    : scoped(inner, auth, pointing, rule.where)
  const [held] = await tx
    .select({ label: label ?? r.idColumn })
    .from(r.table)
    // built by the query builder: only it renders an aliased table as `table alias`
    .where(and(own, exists(tx.select({ one: sql`1` }).from(inner).where(others))))
    .limit(1)
  return held
}

/** Refuse the remove (409) when any rule holds any of the ids. */
export async function assertNotInUse(tx: Tx, r: Resource, auth: AuthContext, ids: readonly string[]) {
  for (const rule of r.inUse ?? []) {
    const held = await blockedBy(tx, r, auth, [...ids], rule)
    if (held) throw new AppError(IN_USE_STATUS, rule.message.replaceAll('{label}', String(held.label ?? '')))
  }
}

import { and, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AuthContext } from './auth/tokens.js'
import { nextId } from './ids.js'
import { countWithin, narrowed } from './query/forms.js'

/**
 * Tenant scoping, in one place. Every query of a tenant table goes through `scoped`, every insert
 * through `stamped`: a module never writes its own `where tenant_id = …`.
 */

type Columns = Record<string, PgColumn>

function columnsOf(table: PgTable): Columns {
  return getTableColumns(table) as Columns
}

/** Tables whose `tenant_id` is the row's own key (a tenant), not its owner: see `keyedByTenant`. */
const KEYED_BY_TENANT = new WeakSet<PgTable>()

/**
 * Declare a table whose `tenant_id` column names the row itself (`blade_tenant`: a tenant is keyed by
 * its tenant id) rather than the tenant that owns it. Such a table is platform data: `scoped` does not
 * narrow it to the caller's tenant and `stamped` does not set its key (the resource makes one).
 */
export function keyedByTenant<T extends PgTable>(table: T): T {
  KEYED_BY_TENANT.add(table)
  return table
}

/** A table of tenant-owned rows: it has a `tenant_id` that names the owner. */
export function isTenantTable(table: PgTable): boolean {
  return 'tenantId' in columnsOf(table) && !KEYED_BY_TENANT.has(table)
}

/** tenant = caller's tenant (for tenant tables) and not soft-deleted, plus any extra conditions. */
export function scoped(
  table: PgTable,
  auth: Pick<AuthContext, 'tenantId'>,
  ...conditions: (SQL | undefined)[]
): SQL {
  const cols = columnsOf(table)
  const parts: (SQL | undefined)[] = []
  if (cols.tenantId && !KEYED_BY_TENANT.has(table)) parts.push(eq(cols.tenantId, auth.tenantId))
  if (cols.isDeleted) parts.push(eq(cols.isDeleted, 0))
  const given = conditions.filter((c) => c !== undefined)
  const where = and(...parts, ...given) ?? and(eq(cols.id!, cols.id!))!
  if (!given.length || !parts.length) return where
  // the list it narrows, and a tenant's live rows under one condition another table may count alone
  // (core/query/forms.ts)
  narrowed(where, and(...parts)!)
  return cols.tenantId && !KEYED_BY_TENANT.has(table) && cols.isDeleted && given.length === 1
    ? countWithin(where, given[0]!, auth.tenantId)
    : where
}

/** Values for an insert: new id, the caller's tenant and audit columns (a client cannot choose them). */
export function stamped<T extends Record<string, unknown>>(
  table: PgTable,
  auth: Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>,
  values: T,
): T & Record<string, unknown> {
  const cols = columnsOf(table)
  const now = new Date()
  const out: Record<string, unknown> = { ...values, id: values.id ?? nextId() }
  if (cols.tenantId && !KEYED_BY_TENANT.has(table)) out.tenantId = auth.tenantId
  if (cols.createUser) out.createUser = auth.userId
  if (cols.createDept) out.createDept = auth.deptIds[0] ?? null
  if (cols.createTime) out.createTime = now
  if (cols.updateUser) out.updateUser = auth.userId
  if (cols.updateTime) out.updateTime = now
  if (cols.isDeleted) out.isDeleted = 0
  return out as T & Record<string, unknown>
}

/** Values for an update: audit columns set, identity and tenant columns never changed by a client. */
export function touched<T extends Record<string, unknown>>(
  table: PgTable,
  auth: Pick<AuthContext, 'userId'>,
  values: T,
): Record<string, unknown> {
  const cols = columnsOf(table)
  const {
    id: _id,
    tenantId: _t,
    createUser: _cu,
    createDept: _cd,
    createTime: _ct,
    isDeleted: _d,
    ...rest
  } = values
  const out: Record<string, unknown> = { ...rest }
  if (cols.updateUser) out.updateUser = auth.userId
  if (cols.updateTime) out.updateTime = new Date()
  return out
}

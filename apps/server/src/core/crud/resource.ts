import type { SQL } from 'drizzle-orm'
import { getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { z } from 'zod'
import type { Tx } from '../../db/client.js'
import type { RoutePermission } from '../auth/route-permissions.js'
import type { AuthContext } from '../auth/tokens.js'
import { FilterSet, type FilterSpec, SortSet } from '../query/index.js'
import { isTenantTable } from '../tenancy.js'

/**
 * A CRUD resource, declared once: the factory (routes.ts) turns it into BladeX's
 * `list | page | detail | remove | submit` (+ `save | update`) with tenant scope, validation,
 * audit columns and permission guards.
 */

/** Who may write: holders of the permission code, or additionally only the platform administrator. */
export type WriteGuard = 'permission' | 'administrator'

/** Extra WHERE for every read and write of a caller: the seam for data scope (role × resource). */
export type ScopeHook = (auth: AuthContext) => SQL | undefined | Promise<SQL | undefined>

/** The routes the factory can make; a module may write some of them by hand instead (`skip`). */
export type Verb = 'list' | 'page' | 'detail' | 'remove' | 'submit' | 'save' | 'update'

/** Extra list conditions read from a request's query, for filters a whitelist cannot say (a dept and its children). */
export type QueryFilter = (
  query: Readonly<Record<string, unknown>>,
  auth: AuthContext,
) => SQL | undefined | Promise<SQL | undefined>

export interface RemoveContext {
  tx: Tx
  auth: AuthContext
  /** the ids asked for (deduplicated); the rows are still there */
  ids: readonly string[]
}

export interface WriteContext<T> {
  tx: Tx
  auth: AuthContext
  /** the validated fields about to be written (all of them on insert, those sent on update) */
  values: Partial<T>
  /** the row being updated; absent on insert */
  id?: string
}

export interface ResourceOptions<S extends z.ZodObject> {
  table: PgTable
  /** the editable fields (zod, shareable with the console); anything else in a body is dropped */
  schema: S
  /** URL path under the API base, e.g. `blade-system/param` */
  path: string
  /** OpenAPI tag; defaults to the last path segment */
  tag?: string
  /**
   * button codes of the writes, and what reading needs: a `_view` code, or a marker of
   * core/auth/route-permissions.ts (`SIGNED_IN` for data every screen reads, such as dictionaries)
   */
  permissions: { add: string; edit: string; delete: string; view: RoutePermission }
  /** whitelisted filter fields and the operator of their bare parameter (suffix forms work on them too) */
  filters?: FilterSpec
  /** whitelisted sort fields (`id` always) */
  sorts?: readonly string[]
  /** asserted against the table: a declaration that says global must not hit a tenant table */
  tenant?: boolean
  /** defaults to 'administrator' for a global table: tenant admins must not edit platform data (BladeX #41) */
  writeGuard?: WriteGuard
  /** columns never sent to a client */
  omit?: readonly string[]
  /** register `save` and `update` beside `submit` (default true, as BladeX controllers do) */
  aliases?: boolean
  scope?: ScopeHook
  /**
   * rules before a write, inside its transaction (uniqueness and the like); throw AppError to refuse.
   * It may add derived columns to `values` (a dept's `ancestors`): they are written with the rest.
   */
  beforeWrite?: (ctx: WriteContext<z.infer<S>>) => Promise<void>
  /** rules before a remove, inside its transaction (a dept with children, a role in use); throw to refuse */
  beforeRemove?: (ctx: RemoveContext) => Promise<void>
  /**
   * after a write's transaction has committed (drop what caches the rows: a record read back before
   * the commit would be stale); not called when the write failed
   */
  afterCommit?: (ctx: {
    auth: AuthContext
    ids: readonly string[]
    verb: 'insert' | 'update' | 'remove'
  }) => Promise<void>
  /** extra list/page conditions from the query (beside the whitelisted filters) */
  queryFilter?: QueryFilter
  /** extra preHandlers on every route of the resource (API scope and the like), after the permission check */
  guards?: readonly preHandlerAsyncHookHandler[]
  /** routes the module writes by hand (a tree `list`, a `submit` that hashes a password) */
  skip?: readonly Verb[]
}

export interface Resource<S extends z.ZodObject = z.ZodObject> extends ResourceOptions<S> {
  tag: string
  tenant: boolean
  writeGuard: WriteGuard
  idColumn: PgColumn
  filterSet: FilterSet
  sortSet: SortSet
}

/** Columns the server alone sets (tenancy.ts stamps them); a schema that offers them is a bug. */
const SERVER_OWNED = [
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'isDeleted',
]

export function defineResource<S extends z.ZodObject>(options: ResourceOptions<S>): Resource<S> {
  const { table, schema, path } = options
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const where = `resource ${path}`
  const idColumn = columns.id
  if (!idColumn) throw new Error(`${where}: the table needs an id column`)
  const tenant = isTenantTable(table)
  if (options.tenant !== undefined && options.tenant !== tenant)
    throw new Error(
      `${where}: declared tenant=${options.tenant} but the table ${tenant ? 'has' : 'has no'} tenant_id`,
    )
  for (const field of Object.keys(schema.shape)) {
    if (!columns[field]) throw new Error(`${where}: schema field ${field} is not a column`)
    if (SERVER_OWNED.includes(field))
      throw new Error(`${where}: ${field} is set by the server, not the schema`)
  }
  // every BaseEntity list takes Saber's date range (spec 01 §5: createTime_dategt / createTime_datelt)
  const filters: FilterSpec = {
    ...(columns.createTime ? { createTime: 'eq' as const } : {}),
    ...options.filters,
  }
  return {
    ...options,
    path: path.replace(/^\/+|\/+$/g, ''),
    tag: options.tag ?? path.split('/').filter(Boolean).at(-1) ?? path,
    tenant,
    writeGuard: options.writeGuard ?? (tenant ? 'permission' : 'administrator'),
    idColumn,
    filterSet: new FilterSet(table, filters),
    sortSet: new SortSet(table, options.sorts ?? []),
  }
}

import type { CallPermission } from '@xpark/contract/calls'
import {
  type ActionContract,
  buttonCodes,
  type CrudVerb,
  type ResourceContract,
  type RouteSpec,
  type StateValue,
} from '@xpark/contract/kit'
import type { SQL } from 'drizzle-orm'
import { getTableColumns } from 'drizzle-orm'
import { getTableConfig, IndexedColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { z } from 'zod'
import type { Tx } from '../../db/client.js'
import type { RoutePermission } from '../auth/route-permissions.js'
import type { AuthContext } from '../auth/tokens.js'
import { FilterSet, type FilterSpec, SortSet, trigramFields } from '../query/index.js'
import type { ScopeHook } from '../scope/index.js'
import { isTenantTable } from '../tenancy.js'
import type { ExcelOptions } from './excel-options.js'
import type { Expand } from './expand.js'
import { assertInUseDeclared, type InUseRule } from './in-use-rules.js'
import { bindProcessRows, PROCESS_ROW_READONLY, type WorkflowDeclaration } from './process-rows.js'
import { assertReferencesDeclared, type References } from './references.js'

/**
 * A resource, declared once: the factory (routes.ts) turns it into its routes — BladeX's
 * `list | page | detail | remove | submit | save | update`, and as declared a tree, a select,
 * header + lines, named state transitions and Excel — with tenant scope, data scope, validation,
 * audit columns and permission guards. The wire side (paths, codes, forms, rows) comes from a
 * contract in `packages/contract` shared with the console; see docs/modules.md.
 */

/** Who may write: holders of the permission code, or additionally only the platform administrator. */
export type WriteGuard = 'permission' | 'administrator'

/** The routes the factory can make; a module may write some of them by hand instead (`skip`). */
export type Verb = CrudVerb

/** The rows a reader is shown (`present`): same rows, some values replaced for this caller. */
export type Present = (
  rows: Record<string, unknown>[],
  reader: { auth: AuthContext; can: (code: string) => Promise<boolean> },
) => Record<string, unknown>[] | Promise<Record<string, unknown>[]>

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

/** Columns whose values must not repeat among a tenant's live rows, and the message when they do. */
export interface UniqueRule {
  fields: readonly string[]
  /** `{field}` in it names the value that repeats (`域名已被其他租户使用: {domain}`) */
  message: string
}

/** A row may not change (update, remove, lines) while its state is one of these. */
export interface ReadonlyWhen {
  field: string
  in: readonly StateValue[]
  message: string
}

export interface LinesContext {
  tx: Tx
  auth: AuthContext
  /** the header's id (new or existing) */
  headerId: string
  /** a new header (no row yet) */
  created: boolean
  /** the header fields about to be written: `prepare` may add derived ones (a total) */
  header: Record<string, unknown>
  /** the validated lines about to be written: `prepare` may add derived fields (an amount) */
  lines: Record<string, unknown>[]
  /** the header's lines before this write (empty for a new header) */
  previous: Record<string, unknown>[]
}

/** Server side of header + lines (the wire side is the contract's `lines`). */
export interface LinesOptions {
  table: PgTable
  /** labels a line carries beside its columns (the goods' name) */
  expand?: Readonly<Record<string, Expand>>
  /** derive and check, in the write's transaction, before anything is written; throw to refuse */
  prepare?: (ctx: LinesContext) => Promise<void>
  /** a line's fields naming rows elsewhere (the goods of a bill line): checked as the header's are */
  references?: References
}

export interface ActionContext {
  tx: Tx
  auth: AuthContext
  /** the rows moved, locked, as they were before the move */
  rows: Record<string, unknown>[]
  /** the action's validated input (besides the ids) */
  input: Record<string, unknown>
  from: readonly StateValue[]
  to: StateValue
}

/** Server side of a named transition (the wire side is the contract's `actions`). */
export interface ActionOptions {
  /** rules before the move, in its transaction (rows locked); throw AppError to refuse */
  guard?: (ctx: ActionContext) => Promise<void>
  /** side effects after the state is written, in the same transaction (ledger entries, stock) */
  run?: (ctx: ActionContext) => Promise<void>
  /**
   * after the transaction has committed (what must not happen for a move that rolled back: a
   * meeting's end firing its scene linkages); not called when the move failed
   */
  after?: (ctx: Omit<ActionContext, 'tx'>) => Promise<void>
}

interface ResourceBase<S extends z.ZodObject> {
  table: PgTable
  /** OpenAPI tag; defaults to the last path segment */
  tag?: string
  /** asserted against the table: a declaration that says global must not hit a tenant table */
  tenant?: boolean
  /** defaults to 'administrator' for a global table: tenant admins must not edit platform data (BladeX #41) */
  writeGuard?: WriteGuard
  /** columns never sent to a client */
  omit?: readonly string[]
  /**
   * form fields that are not columns (a new tenant's products, its admin's first password): validated
   * with the form and handed to the hooks in `values`, never written to the table
   */
  inputs?: readonly string[]
  /**
   * data scope: the hook narrowing every read and write; a resource of a tenant table gets the
   * role × resource rules of its contract's `code` unless it brings its own hook or says `scope: false`
   * (the system screens written before the kit: BladeX narrows them by hand, or not at all)
   */
  scope?: ScopeHook | false
  /**
   * API scope (the role's allowed paths, `api.scopes.api.guard`) on every route; default: for a tenant
   * table. `false`: not checked here (the system screens BladeX never put under API scope, or one whose
   * own `guards` carry it)
   */
  apiScope?: boolean
  /**
   * rules before a write, inside its transaction (uniqueness and the like); throw AppError to refuse.
   * It may add derived columns to `values` (a dept's `ancestors`): they are written with the rest.
   */
  beforeWrite?: (ctx: WriteContext<z.infer<S>>) => Promise<void>
  /**
   * after the row is written, in the same transaction (what must exist with it: a new tenant's first
   * account and roles); throw to roll the write back
   */
  afterWrite?: (ctx: WriteContext<z.infer<S>> & { id: string; created: boolean }) => Promise<void>
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
    /** an insert's or update's validated fields, as the hooks left them (none on remove) */
    values?: Readonly<Record<string, unknown>>
  }) => Promise<void>
  /** extra list/page conditions from the query (beside the whitelisted filters) */
  queryFilter?: QueryFilter
  /**
   * what a reader is shown of the rows read (list, page and detail replies): a phone number masked for
   * a caller without the code to see it, a signed link made from a stored key. Rows as read, answered
   * in the row's shape; never used for writes.
   */
  present?: Present
  /** extra preHandlers on every route of the resource (API scope and the like), after the permission check */
  guards?: readonly preHandlerAsyncHookHandler[]
  /** routes the module writes by hand (a tree `list`, a `submit` that hashes a password) */
  skip?: readonly Verb[]
  unique?: readonly UniqueRule[]
  /**
   * form fields naming rows elsewhere: each value must be a live row of the caller's tenant (and data
   * scope, for a resource) inside the write's transaction, else 400 naming the field (references.ts).
   * Every form field named `…Id`/`…Ids` must be declared (`false`: names nothing of ours).
   */
  references?: References
  /** what keeps a row from removal, checked for every id of a batch: 409 with the message (in-use.ts) */
  inUse?: readonly InUseRule[]
  readonlyWhen?: ReadonlyWhen
  /** labels a row carries beside its columns (names of its parent, its user, its dict values) */
  expand?: Readonly<Record<string, Expand>>
  /** a tree's `ancestors` column (comma-joined ids from `0`), kept up to date when present */
  ancestors?: string
  lines?: LinesOptions
  actions?: Readonly<Record<string, ActionOptions>>
  excel?: ExcelOptions
  /**
   * its rows are processes (core/processes.ts): a new row starts `process` in its write's transaction,
   * `approvalStatus` mirrors the instance (审批中, 已通过, 已驳回, 已撤销), and a row is read-only while
   * running or once approved; a rejected or withdrawn row, edited, starts its process again. The table
   * needs `processInstanceId` and `approvalStatus` columns.
   */
  workflow?: WorkflowDeclaration
}

/**
 * A system screen as BladeX had it before the kit: narrowed by no role data-scope rule and no API
 * scope (its rows are still only the caller's tenant's). Spread into the declaration.
 */
export const BLADEX_SYSTEM_SCOPES = { scope: false, apiScope: false } as const

/** A resource, described by a contract (`packages/contract`). */
export interface ResourceOptions<S extends z.ZodObject> extends ResourceBase<S> {
  contract: ResourceContract<S, z.ZodObject, CallPermission>
}

export interface Resource<S extends z.ZodObject = z.ZodObject>
  extends Omit<ResourceBase<S>, 'scope' | 'apiScope'> {
  scope?: ScopeHook
  /**
   * its data scope is the role × resource rules of its contract's code (a tenant table, neither its
   * own hook nor `scope: false`): the factory sets `scope` to that hook when it registers the routes
   */
  scopeByRules: boolean
  /** its routes check API scope (`apiScope`, default: a tenant table) */
  apiScope: boolean
  contract: ResourceContract<S, z.ZodObject, CallPermission>
  schema: S
  path: string
  tag: string
  permissions: { add: string; edit: string; delete: string; view: RoutePermission }
  filters?: FilterSpec
  sorts?: readonly string[]
  tenant: boolean
  writeGuard: WriteGuard
  idColumn: PgColumn
  filterSet: FilterSet
  sortSet: SortSet
  /** every route the factory makes, by verb (what `skip` and the contract leave) */
  routes: Partial<Record<Verb, Required<RouteSpec>>>
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

function fail(where: string, problem: string): never {
  throw new Error(`${where}: ${problem}`)
}

export function defineResource<S extends z.ZodObject>(options: ResourceOptions<S>): Resource<S> {
  const { contract, table } = options
  const path = contract.path
  const schema = contract.form
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const where = `resource ${path}`
  const idColumn = columns.id ?? fail(where, 'the table needs an id column')
  const tenant = isTenantTable(table)
  if (options.tenant !== undefined && options.tenant !== tenant)
    fail(where, `declared tenant=${options.tenant} but the table ${tenant ? 'has' : 'has no'} tenant_id`)
  for (const field of options.inputs ?? []) {
    if (!Object.hasOwn(schema.shape, field)) fail(where, `input ${field} is not a form field`)
    if (columns[field]) fail(where, `input ${field} is a column: write it, or name it otherwise`)
  }
  for (const field of Object.keys(schema.shape)) {
    if (options.lines && field === contract.lines?.field) continue
    if (options.inputs?.includes(field)) continue
    if (!columns[field]) fail(where, `form field ${field} is not a column (or declare it among inputs)`)
    if (SERVER_OWNED.includes(field)) fail(where, `${field} is set by the server, not the form`)
  }
  const known = new Set([...Object.keys(columns), ...Object.keys(options.expand ?? {})])
  for (const field of Object.keys(contract.row.shape))
    if (
      !known.has(field) &&
      field !== contract.lines?.field &&
      field !== 'hasChildren' &&
      field !== 'children'
    )
      fail(where, `row field ${field} is neither a column nor an expand`)
  const treeParent = contract.tree ? [contract.tree.parent ?? 'parentId'] : []
  assertReferencesDeclared(where, schema, options.references, [
    ...treeParent,
    ...(contract.lines ? [contract.lines.field] : []),
  ])
  if (contract.lines && options.lines)
    assertReferencesDeclared(`${where} lines`, contract.lines.form, options.lines.references, [])
  assertInUseDeclared(where, table, options.inUse)
  for (const rule of options.unique ?? [])
    for (const f of rule.fields) if (!columns[f]) fail(where, `unique field ${f} is not a column`)
  if (options.readonlyWhen && !columns[options.readonlyWhen.field])
    fail(where, `readonlyWhen field ${options.readonlyWhen.field} is not a column`)
  if (options.workflow) bindProcessRows(where, table, columns)
  if (contract.tree && !columns[contract.tree.parent ?? 'parentId'])
    fail(where, 'the tree needs a parent column')
  if (contract.lines && !options.lines) fail(where, 'the contract has lines: give the lines table')
  if (options.lines && !contract.lines) fail(where, 'lines need the contract to describe them')
  for (const [name, a] of Object.entries(contract.actions ?? {}) as [string, ActionContract][]) {
    if (!columns[a.state]) fail(where, `action ${name}: state ${a.state} is not a column`)
    for (const t of a.transitions)
      if (t.by && !columns[t.by.field]) fail(where, `action ${name}: by ${t.by.field} is not a column`)
  }
  for (const name of Object.keys(options.actions ?? {}))
    if (!contract.actions?.[name]) fail(where, `action ${name} is not in the contract`)
  if (contract.excel && !options.excel) fail(where, 'the contract has Excel routes: give the columns')
  for (const field of contract.writeOnly ?? []) {
    if (!columns[field]) fail(where, `write-only field ${field} is not a column`)
    if (Object.hasOwn(contract.row.shape, field)) fail(where, `write-only field ${field} is in the row`)
  }

  // every BaseEntity list takes Saber's date range (spec 01 §5: createTime_dategt / createTime_datelt)
  const filters: FilterSpec = {
    ...(columns.createTime ? { createTime: 'eq' as const } : {}),
    ...contract.filters,
  }
  const routes = { ...contract.resolved }
  for (const verb of options.skip ?? []) delete routes[verb]
  const { scope, apiScope, ...rest } = options
  if (options.workflow) rest.readonlyWhen ??= PROCESS_ROW_READONLY
  assertTrigramIndexes(table, filters, where)
  return {
    ...rest,
    // write-only fields are never read back
    ...(contract.writeOnly?.length ? { omit: [...(rest.omit ?? []), ...contract.writeOnly] } : {}),
    ...(scope ? { scope } : {}),
    scopeByRules: tenant && scope === undefined,
    apiScope: apiScope ?? tenant,
    contract,
    schema,
    path,
    tag: options.tag ?? path.split('/').filter(Boolean).at(-1) ?? path,
    permissions: contract.permissions,
    filters: contract.filters,
    ...(contract.sorts ? { sorts: contract.sorts } : {}),
    tenant,
    writeGuard: options.writeGuard ?? (tenant ? 'permission' : 'administrator'),
    idColumn,
    filterSet: new FilterSet(table, filters),
    sortSet: new SortSet(table, contract.sorts ?? []),
    routes,
  }
}

/** The button codes a resource's screen needs, for its seeded menu (written once, in the contract). */
export function resourceButtons(r: Resource): string[] {
  return buttonCodes(r.contract)
}

/** A filter that asks for a trigram index must find one on its table (built by `tenantIndexes`). */
function assertTrigramIndexes(table: PgTable, filters: FilterSpec, where: string): void {
  const wanted = trigramFields(filters)
  if (!wanted.length) return
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const indexed = new Set(
    getTableConfig(table)
      .indexes.filter((i) => i.config.method === 'gin')
      .flatMap((i) => i.config.columns)
      .filter(
        (c): c is IndexedColumn => c instanceof IndexedColumn && c.indexConfig.opClass === 'gin_trgm_ops',
      )
      .map((c) => c.name),
  )
  for (const field of wanted)
    if (!indexed.has(columns[field]?.name))
      throw new Error(
        `${where}: filter ${field} asks for a trigram index; pass the filters to tenantIndexes() in the table`,
      )
}

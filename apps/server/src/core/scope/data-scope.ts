import { parseCustomScope } from '@xpark/contract/schemas'
import { getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { isTenantAdmin } from '../auth/guards.js'
import type { AuthContext } from '../auth/tokens.js'
import type { Cache } from '../cache/index.js'
import type { ScopeHook } from '../crud/index.js'
import { columnKind } from '../query/values.js'

/**
 * Data scope (BladeX `blade-starter-datascope`), as data: a role × resource rule narrows every read
 * and write of that resource through the CRUD factory's `scope` hook. The rule is turned into bound
 * SQL conditions on whitelisted columns of the resource's own table; nothing from a rule is ever
 * spliced into SQL text.
 *
 * Types: 1 all, 2 own (column = user id), 3 own dept (column in the user's depts), 4 own dept and
 * children, 5 custom (a structured rule, see `CustomScopeRule` in the contract).
 * A text column is read as BladeX's comma-joined id list (`blade_user.dept_id`): it matches when any
 * of its ids is in scope.
 * The platform administrator and a tenant's `admin` bypass; a caller whose roles hold no rule for a
 * resource is not narrowed; rules of several roles are ORed (the widest wins).
 */

export const SCOPE_ALL = 1
export const SCOPE_OWN = 2
export const SCOPE_OWN_DEPT = 3
export const SCOPE_OWN_DEPT_CHILDREN = 4
export const SCOPE_CUSTOM = 5

export interface DataScopeRule {
  scopeType: number
  /** snake_case or camelCase name of a column of the resource's table */
  scopeColumn: string
  scopeValue: string
}

/** Where the rules come from: the module owning roles and scopes provides it. */
export interface ScopeSource {
  /** the data scope rules granted to any of these roles for a resource code */
  dataRules(roleIds: readonly string[], resourceCode: string): Promise<DataScopeRule[]>
  /** a `select id` of these depts and all their descendants in a tenant (a subquery, not a list) */
  deptAndChildren(tenantId: string, deptIds: readonly string[]): SQL
  /** scope paths: every defined one (`roleIds` null), or those granted to these roles */
  apiPaths(roleIds: readonly string[] | null): Promise<string[]>
}

const CACHE_TTL = 600
/** every scope cache key starts here; `sys:` clears (grant, clear-cache) drop them too */
export const SCOPE_CACHE_PREFIX = 'sys:scope:'

const NOTHING = sql`false`

function roleKey(auth: AuthContext): string {
  return [...auth.roleIds].sort().join(',')
}

export function columnNamed(table: PgTable, name: string): PgColumn | undefined {
  const columns = getTableColumns(table) as Record<string, PgColumn>
  return columns[name] ?? Object.values(columns).find((c) => c.name === name)
}

/** `column` matches one of these ids (a list, or a subquery of ids). */
function matchIds(column: PgColumn, ids: readonly string[] | SQL): SQL {
  if (columnKind(column) === 'text') {
    const wanted = Array.isArray(ids)
      ? sql`array[${sql.join(
          (ids as string[]).map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`
      : sql`array(${ids})::text[]`
    if (Array.isArray(ids) && !ids.length) return NOTHING
    return sql`string_to_array(${column}, ',') && ${wanted}`
  }
  if (Array.isArray(ids)) return ids.length ? inArray(column, ids as string[]) : NOTHING
  return sql`${column} in (${ids})`
}

function placeholder(value: string, auth: AuthContext): string[] {
  switch (value) {
    case `\${userId}`:
      return [auth.userId]
    case `\${deptId}`:
      return auth.deptIds.slice(0, 1)
    case `\${deptIds}`:
      return auth.deptIds
    case `\${tenantId}`:
      return [auth.tenantId]
    case `\${roleIds}`:
      return auth.roleIds
    default:
      return [value]
  }
}

/** One rule as a condition on the table; a rule that does not fit the table denies (fail closed). */
export function ruleCondition(
  table: PgTable,
  rule: DataScopeRule,
  auth: AuthContext,
  source: Pick<ScopeSource, 'deptAndChildren'>,
): SQL | undefined {
  if (rule.scopeType === SCOPE_ALL) return undefined
  if (rule.scopeType === SCOPE_CUSTOM) {
    const custom = parseCustomScope(rule.scopeValue)
    if (!custom) return NOTHING
    const parts: SQL[] = []
    for (const c of custom) {
      const column = columnNamed(table, c.column)
      if (!column) return NOTHING
      const values = c.values.flatMap((v) => placeholder(v, auth))
      parts.push(matchIds(column, values))
    }
    return sql.join(parts, sql` and `)
  }
  const column = columnNamed(table, rule.scopeColumn)
  if (!column) return NOTHING
  switch (rule.scopeType) {
    case SCOPE_OWN:
      return matchIds(column, [auth.userId])
    case SCOPE_OWN_DEPT:
      return matchIds(column, auth.deptIds)
    case SCOPE_OWN_DEPT_CHILDREN:
      return auth.deptIds.length
        ? matchIds(column, source.deptAndChildren(auth.tenantId, auth.deptIds))
        : NOTHING
    default:
      return NOTHING
  }
}

export class DataScopes {
  constructor(
    private readonly source: ScopeSource,
    private readonly cache: Cache,
  ) {}

  /** The rules of a caller's roles for a resource: one cached lookup per (role set, resource). */
  async rules(auth: AuthContext, resourceCode: string): Promise<DataScopeRule[]> {
    if (!auth.roleIds.length) return []
    const key = `${SCOPE_CACHE_PREFIX}data:${roleKey(auth)}:${resourceCode}`
    const hit = await this.cache.get(key)
    if (hit !== null) return JSON.parse(hit) as DataScopeRule[]
    const rules = await this.source.dataRules(auth.roleIds, resourceCode)
    await this.cache.set(key, JSON.stringify(rules), CACHE_TTL)
    return rules
  }

  /** The WHERE a caller gets on a resource's table; undefined when nothing narrows it. */
  async condition(auth: AuthContext, resourceCode: string, table: PgTable): Promise<SQL | undefined> {
    if (isTenantAdmin(auth)) return undefined
    const rules = await this.rules(auth, resourceCode)
    if (!rules.length || rules.some((r) => r.scopeType === SCOPE_ALL)) return undefined
    const parts = rules.map((r) => ruleCondition(table, r, auth, this.source)).filter((c) => c !== undefined)
    return parts.length === 1 ? parts[0] : or(...parts.map((p) => sql`(${p})`))
  }

  /** The factory hook for a resource: `defineResource({ …, scope: scopes.hook('user', user) })`. */
  hook(resourceCode: string, table: PgTable): ScopeHook {
    return (auth) => this.condition(auth, resourceCode, table)
  }
}

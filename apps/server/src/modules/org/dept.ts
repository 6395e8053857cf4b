import {
  deptContract,
  deptLazyListCall,
  deptLazyTreeCall,
  deptListCall,
  deptSearchCall,
  deptSelectCall,
  deptTreeCall,
} from '@xpark/contract/schemas'
import { asc, eq, inArray, like, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { escapeLike } from '../../core/query/index.js'
import { SCOPE_CACHE_PREFIX } from '../../core/scope/index.js'
import { scoped } from '../../core/tenancy.js'
import type { DbOrTx } from '../../db/client.js'
import { user, userDept } from '../identity/index.js'
import { dept } from './schema.js'
import { forestOf, tenantFor, treeOf } from './tree.js'

/**
 * blade-system/dept: a tenant's organisation tree. `ancestors` ("0,root,…,parent") is kept by the
 * server on every insert and move, so "a dept and its children" is one indexed condition.
 */

type DeptRow = typeof dept.$inferSelect

export const deptResource = defineResource({
  contract: deptContract,
  table: dept,
  ...BLADEX_SYSTEM_SCOPES,
  skip: ['list'], // list is the tree (BladeX: not paged)
  references: { parentId: 'checked' }, // a live dept of the tenant, not below itself
  beforeWrite: async ({ tx, auth, values, id }) => {
    if (id && values.parentId === undefined) return // not moved
    const parentId = values.parentId ?? '0'
    let ancestors = '0'
    if (parentId !== '0') {
      const [parent] = await tx
        .select({ id: dept.id, ancestors: dept.ancestors })
        .from(dept)
        .where(scoped(dept, auth, eq(dept.id, parentId)))
      if (!parent) throw badRequest('上级机构不存在')
      if (id && (parent.id === id || parent.ancestors.split(',').includes(id)))
        throw badRequest('上级机构不能是自身或其下级')
      ancestors = `${parent.ancestors},${parent.id}`
    }
    Object.assign(values, { parentId, ancestors })
    if (!id) return
    // moved: every descendant's ancestors change with it
    const [self] = await tx
      .select({ ancestors: dept.ancestors })
      .from(dept)
      .where(scoped(dept, auth, eq(dept.id, id)))
    const oldPrefix = `${self!.ancestors},${id}`
    const newPrefix = `${ancestors},${id}`
    if (oldPrefix === newPrefix) return
    await tx
      .update(dept)
      .set({ ancestors: sql`${newPrefix} || substr(${dept.ancestors}, ${oldPrefix.length + 1})` })
      .where(
        scoped(
          dept,
          auth,
          sql`(${dept.ancestors} = ${oldPrefix} or ${dept.ancestors} like ${`${oldPrefix},%`})`,
        ),
      )
  },
  beforeRemove: async ({ tx, auth, ids }) => {
    const [child] = await tx
      .select({ id: dept.id })
      .from(dept)
      .where(scoped(dept, auth, inArray(dept.parentId, [...ids]), notInArray(dept.id, [...ids])))
      .limit(1)
    if (child) throw badRequest('请先删除子节点!')
    const [member] = await tx
      .select({ id: user.id })
      .from(userDept)
      .innerJoin(user, eq(user.id, userDept.userId))
      .where(scoped(user, auth, inArray(userDept.deptId, [...ids])))
      .limit(1)
    if (member) throw badRequest('请先删除该机构下的用户!')
  },
})

/** `array[…]::text[]` of ids, to compare with a comma-joined id column split by `string_to_array`. */
export function textArray(ids: readonly string[]) {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`
}

/**
 * These depts of a tenant and every descendant, by `ancestors` prefix ("0,root,…,parent"): the
 * children of X are the rows whose ancestors are X's ancestors plus X, or start with them and a comma,
 * a range of the (tenant_id, ancestors) index. Data scope caches the answer (DataScopes.deptSubtree).
 */
export async function deptSubtree(
  db: DbOrTx,
  tenantId: string,
  deptIds: readonly string[],
): Promise<string[]> {
  if (!deptIds.length) return []
  const roots = await db
    .select({ id: dept.id, ancestors: dept.ancestors })
    .from(dept)
    .where(scoped(dept, { tenantId }, inArray(dept.id, [...deptIds])))
  if (!roots.length) return []
  const prefixes = roots.map((r) => `${r.ancestors},${r.id}`)
  const below = await db
    .select({ id: dept.id })
    .from(dept)
    .where(
      scoped(
        dept,
        { tenantId },
        or(...prefixes.flatMap((p) => [eq(dept.ancestors, p), like(dept.ancestors, `${escapeLike(p)},%`)])),
      ),
    )
  return [...new Set([...roots.map((r) => r.id), ...below.map((r) => r.id)])]
}

export async function deptRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  // dept writes change which depts a "dept and children" scope covers: drop the cached subtrees
  await api.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode === 200)
        await ctx.cache.clearPrefix(SCOPE_CACHE_PREFIX)
      return payload
    })
    await registerResource(scope as Api, db, deptResource)
  })

  const withParentNames = (rows: DeptRow[]) => {
    const names = new Map(rows.map((r) => [r.id, r.deptName]))
    return rows.map((r) => ({ ...r, parentName: names.get(r.parentId) ?? '' }))
  }
  const rowsOf = (tenant: { tenantId: string }, ...conditions: ReturnType<typeof sql>[]) =>
    db
      .select()
      .from(dept)
      .where(scoped(dept, tenant, ...conditions))
      .orderBy(asc(dept.sort), asc(dept.id))
  const hasChildren = sql<boolean>`exists (select 1 from blade_dept c where c.parent_id = blade_dept.id and c.is_deleted = 0)`
  /** One level of the tree; with search conditions, the matching depts at any level instead. */
  const lazyRows = (tenant: { tenantId: string }, parentId: string, ...search: SQL[]) =>
    db
      .select({
        id: dept.id,
        parentId: dept.parentId,
        deptName: dept.deptName,
        fullName: dept.fullName,
        deptCategory: dept.deptCategory,
        sort: dept.sort,
        remark: dept.remark,
        ancestors: dept.ancestors,
        tenantId: dept.tenantId,
        hasChildren,
      })
      .from(dept)
      .where(scoped(dept, tenant, ...(search.length ? search : [eq(dept.parentId, parentId)])))
      .orderBy(asc(dept.sort), asc(dept.id))

  handle(api, deptListCall, async (query, request) => {
    const filters = deptResource.filterSet.conditions(query)
    return forestOf(withParentNames(await rowsOf(authOf(request), ...filters)))
  })

  handle(api, deptLazyListCall, async (query, request) => {
    const search = deptResource.filterSet.conditions(query)
    return lazyRows(authOf(request), query.parentId ?? '0', ...search)
  })

  handle(api, deptTreeCall, async ({ tenantId }, request) => {
    const rows = await rowsOf(tenantFor(authOf(request), tenantId))
    return treeOf(rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.deptName })))
  })

  handle(api, deptLazyTreeCall, async ({ parentId, tenantId }, request) => {
    const rows = await lazyRows(tenantFor(authOf(request), tenantId), parentId ?? '0')
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parentId,
      title: r.deptName,
      key: r.id,
      value: r.id,
      hasChildren: Boolean(r.hasChildren),
    }))
  })

  const picks = { id: dept.id, parentId: dept.parentId, deptName: dept.deptName, fullName: dept.fullName }
  // BladeX SearchController: the tenant's depts matching a name (and parent), flat, for pickers
  handle(api, deptSearchCall, async ({ deptName, parentId }, request) =>
    db
      .select(picks)
      .from(dept)
      .where(scoped(dept, authOf(request), ...deptResource.filterSet.conditions({ deptName, parentId })))
      .orderBy(asc(dept.sort), asc(dept.id)),
  )

  handle(api, deptSelectCall, async (_params, request) =>
    db
      .select(picks)
      .from(dept)
      .where(scoped(dept, authOf(request)))
      .orderBy(asc(dept.sort), asc(dept.id)),
  )
}

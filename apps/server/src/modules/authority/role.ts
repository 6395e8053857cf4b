import {
  roleAliasFreeCall,
  roleContract,
  roleListCall,
  roleSearchCall,
  roleTreeByIdCall,
  roleTreeCall,
} from '@xpark/contract/schemas'
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm'
import { isAdministrator, isTenantAdmin } from '../../core/auth/guards.js'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { forestOf, treeOf } from '../../core/tree.js'
import type { DbOrTx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { roleMenu } from '../menu/index.js'
import { tenantFor, textArray } from '../org/index.js'
import { role, roleScope } from './schema.js'

/** blade-system/role: a tenant's roles (a tree by parentId), with BladeX's alias rules. */

export const ADMINISTRATOR = 'administrator'
export const ADMIN = 'admin'

/** BladeX: only the administrator configures `administrator` roles, only an admin `admin` roles. */
export function assertMayConfigure(auth: AuthContext, alias: string): void {
  if (alias === ADMINISTRATOR && !isAdministrator(auth)) throw badRequest('无权配置超管角色!')
  if (alias === ADMIN && !isTenantAdmin(auth)) throw badRequest('无权配置管理员角色!')
}

/** Every descendant of these roles in the caller's tenant. */
export async function descendantRoles(
  db: DbOrTx,
  auth: AuthContext,
  ids: readonly string[],
): Promise<string[]> {
  const all = await db.select({ id: role.id, parentId: role.parentId }).from(role).where(scoped(role, auth))
  const out = new Set<string>()
  let frontier = new Set(ids)
  while (frontier.size) {
    const next = new Set<string>()
    for (const r of all) if (frontier.has(r.parentId) && !out.has(r.id) && !ids.includes(r.id)) next.add(r.id)
    for (const id of next) out.add(id)
    frontier = next
  }
  return [...out]
}

export const roleResource = defineResource({
  contract: roleContract,
  table: role,
  ...BLADEX_SYSTEM_SCOPES,
  skip: ['list'], // list is the tree
  references: { parentId: 'checked' }, // a live role of the tenant, not below itself
  beforeWrite: async ({ tx, auth, values, id }) => {
    if (id) {
      const [current] = await tx.select({ alias: role.roleAlias }).from(role).where(eq(role.id, id))
      assertMayConfigure(auth, current!.alias)
    }
    if (values.roleAlias !== undefined) {
      assertMayConfigure(auth, values.roleAlias)
      const [clash] = await tx
        .select({ id: role.id })
        .from(role)
        .where(scoped(role, auth, eq(role.roleAlias, values.roleAlias), id ? ne(role.id, id) : undefined))
        .limit(1)
      if (clash) throw badRequest(`角色别名已存在: ${values.roleAlias}`)
    }
    if (values.parentId !== undefined && values.parentId !== '0') {
      const [parent] = await tx
        .select({ id: role.id })
        .from(role)
        .where(scoped(role, auth, eq(role.id, values.parentId)))
      if (!parent) throw badRequest('上级角色不存在')
      if (id && (values.parentId === id || (await descendantRoles(tx, auth, [id])).includes(values.parentId)))
        throw badRequest('上级角色不能是自身或其下级')
    }
  },
  beforeRemove: async ({ tx, auth, ids }) => {
    const rows = await tx
      .select({ alias: role.roleAlias })
      .from(role)
      .where(scoped(role, auth, inArray(role.id, [...ids])))
    for (const r of rows) assertMayConfigure(auth, r.alias)
    const [child] = await tx
      .select({ id: role.id })
      .from(role)
      .where(scoped(role, auth, inArray(role.parentId, [...ids]), notInArray(role.id, [...ids])))
      .limit(1)
    if (child) throw badRequest('请先删除子节点!')
    const [holder] = await tx
      .select({ id: user.id })
      .from(user)
      .where(scoped(user, auth, sql`string_to_array(${user.roleId}, ',') && ${textArray(ids)}`))
      .limit(1)
    if (holder) throw badRequest('请先解除用户与该角色的关联!')
    await tx.delete(roleMenu).where(inArray(roleMenu.roleId, [...ids]))
    await tx.delete(roleScope).where(inArray(roleScope.roleId, [...ids]))
  },
})

export async function roleRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, {
    ...roleResource,
    // a removed role's grants go with it: drop the cached permissions of every role set
    beforeRemove: async (c) => {
      await roleResource.beforeRemove!(c)
      await ctx.cache.clearPrefix('sys:')
    },
    // an alias changed or a role gone: every account of the tenant acts with its roles as they now are
    afterCommit: ({ auth }) => api.principals.forget(auth.tenantId),
  })

  const rowsOf = (tenant: { tenantId: string }, ...conditions: (ReturnType<typeof sql> | undefined)[]) =>
    db
      .select()
      .from(role)
      .where(scoped(role, tenant, ...conditions))
      .orderBy(asc(role.sort), asc(role.id))
  const nodes = (rows: (typeof role.$inferSelect)[]) =>
    treeOf(rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.roleName })))

  handle(api, roleListCall, async (query, request) => {
    const rows = await rowsOf(authOf(request), ...roleResource.filterSet.conditions(query))
    const names = new Map(rows.map((r) => [r.id, r.roleName]))
    return forestOf(rows.map((r) => ({ ...r, parentName: names.get(r.parentId) ?? '' })))
  })

  handle(api, roleTreeCall, async ({ tenantId }, request) =>
    nodes(await rowsOf(tenantFor(authOf(request), tenantId))),
  )

  handle(api, roleTreeByIdCall, async ({ roleId }, request) => {
    const auth = authOf(request)
    const [owner] = await db
      .select({ tenantId: role.tenantId })
      .from(role)
      .where(and(eq(role.id, roleId), eq(role.isDeleted, 0)))
    // another tenant's role is simply not there, unless the administrator asks
    if (!owner || (owner.tenantId !== auth.tenantId && !isAdministrator(auth))) throw notFound('角色不存在')
    return nodes(await rowsOf({ tenantId: owner.tenantId }))
  })

  // BladeX SearchController: the tenant's roles matching a name (and parent), flat, for pickers
  handle(api, roleSearchCall, async ({ roleName, parentId }, request) =>
    db
      .select({ id: role.id, parentId: role.parentId, roleName: role.roleName, roleAlias: role.roleAlias })
      .from(role)
      .where(scoped(role, authOf(request), ...roleResource.filterSet.conditions({ roleName, parentId })))
      .orderBy(asc(role.sort), asc(role.id)),
  )

  handle(api, roleAliasFreeCall, async ({ roleAlias, id }, request) => {
    const [clash] = await db
      .select({ id: role.id })
      .from(role)
      .where(scoped(role, authOf(request), eq(role.roleAlias, roleAlias), id ? ne(role.id, id) : undefined))
      .limit(1)
    return !clash
  })
}

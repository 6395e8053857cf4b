import { grantTreeCall, roleGrantCall, roleTreeKeysCall, type TreeNode } from '@xpark/contract/schemas'
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import { isAdministrator } from '../../core/auth/guards.js'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { treeOf } from '../../core/tree.js'
import type { DbOrTx, Tx } from '../../db/client.js'
import { APP_MENUS, type MenuTree, WEB_MENUS } from '../menu/index.js'
import { assertMayConfigure, descendantRoles } from './role.js'
import { role, roleScope, scopeApi, scopeData } from './schema.js'
import { API_SCOPE, DATA_SCOPE } from './scope-source.js'

/**
 * Role grant (BladeX `role/grant`, `menu/grant-tree`, `menu/role-tree-keys`). A caller grants only
 * what it holds itself: the administrator every menu and scope, anyone else the menus of its own
 * roles and the scopes hung on those menus — so a tenant can never hand out platform screens.
 * App menus (`menuAppIds`) follow the same rules over their own tree (`menu-trees.ts`).
 */

/** Roles of the caller's tenant; of any tenant for the administrator (BladeX `role/tree?tenantId=`). */
function rolesOf(auth: AuthContext, ids: string[]) {
  return isAdministrator(auth)
    ? and(inArray(role.id, ids), eq(role.isDeleted, 0))
    : scoped(role, auth, inArray(role.id, ids))
}

type MenuRow = { id: string; parentId: string; name: string; category: number }

/** Menus of one tree the caller may grant (and sees in the grant tree). */
async function grantableMenus(db: DbOrTx, auth: AuthContext, tree: MenuTree): Promise<MenuRow[]> {
  const { table: menu, grants } = tree
  const columns = { id: menu.id, parentId: menu.parentId, name: menu.name, category: menu.category }
  const all = await db
    .select(columns)
    .from(menu)
    .where(eq(menu.isDeleted, 0))
    .orderBy(asc(menu.sort), asc(menu.id))
  if (isAdministrator(auth)) return all
  if (!auth.roleIds.length) return []
  const held = await db
    .selectDistinct({ menuId: grants.menuId })
    .from(grants)
    .where(inArray(grants.roleId, auth.roleIds))
  const ids = new Set(held.map((r) => r.menuId))
  return all.filter((m) => ids.has(m.id))
}

/**
 * Replace the roles' grants of one menu tree, then trim their child roles to the new set (a child
 * role never holds more than its parent). Refuses menus the caller does not hold.
 */
async function replaceMenuGrants(
  tx: Tx,
  auth: AuthContext,
  tree: MenuTree,
  roleIds: string[],
  childRoleIds: string[],
  menuIds: string[],
): Promise<Set<string>> {
  const allowed = new Set((await grantableMenus(tx, auth, tree)).map((m) => m.id))
  if (menuIds.some((id) => !allowed.has(id))) throw badRequest('无权分配未拥有的菜单')
  const { grants } = tree
  await tx.delete(grants).where(inArray(grants.roleId, roleIds))
  if (menuIds.length)
    await tx
      .insert(grants)
      .values(roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ id: nextId(), roleId, menuId }))))
  if (childRoleIds.length)
    await tx
      .delete(grants)
      .where(
        and(
          inArray(grants.roleId, childRoleIds),
          menuIds.length ? notInArray(grants.menuId, menuIds) : undefined,
        ),
      )
  return allowed
}

type ScopeRow = { id: string; menuId: string; scopeName: string }

async function grantableScopes(
  db: DbOrTx,
  table: typeof scopeData | typeof scopeApi,
  menuIds: ReadonlySet<string>,
): Promise<ScopeRow[]> {
  const rows = await db
    .select({ id: table.id, menuId: table.menuId, scopeName: table.scopeName })
    .from(table)
    .where(eq(table.isDeleted, 0))
    .orderBy(asc(table.id))
  return rows.filter((r) => menuIds.has(r.menuId))
}

/** Scopes as leaves under their menus (and those menus' ancestors). */
function scopeTree(menus: MenuRow[], scopes: ScopeRow[]): TreeNode[] {
  const byId = new Map(menus.map((m) => [m.id, m]))
  const keep = new Map<string, MenuRow>()
  for (const s of scopes) {
    let m = byId.get(s.menuId)
    while (m && !keep.has(m.id)) {
      keep.set(m.id, m)
      m = byId.get(m.parentId)
    }
  }
  return treeOf([
    ...[...keep.values()].map((m) => ({ id: m.id, parentId: m.parentId, title: m.name })),
    ...scopes.map((s) => ({ id: s.id, parentId: s.menuId, title: s.scopeName })),
  ])
}

export async function grantRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db

  handle(api, roleGrantCall, async (body, request) => {
    const auth = authOf(request)
    const roleIds = [...new Set(body.roleIds)]
    const menuIds = [...new Set(body.menuIds)]
    const appIds = body.menuAppIds && [...new Set(body.menuAppIds)]
    const dataIds = [...new Set(body.dataScopeIds)]
    const apiIds = [...new Set(body.apiScopeIds)]

    await db.transaction(async (tx) => {
      const roles = await tx
        .select({ id: role.id, alias: role.roleAlias, tenantId: role.tenantId })
        .from(role)
        .where(rolesOf(auth, roleIds))
      if (roles.length !== roleIds.length) throw notFound('角色不存在')
      for (const r of roles) assertMayConfigure(auth, r.alias)

      const children: string[] = []
      for (const tenantId of new Set(roles.map((r) => r.tenantId)))
        children.push(...(await descendantRoles(tx, { ...auth, tenantId }, roleIds)))
      const allowed = await replaceMenuGrants(tx, auth, WEB_MENUS, roleIds, children, menuIds)
      // absent (a client that knows no app menus) leaves the app grants as they are
      if (appIds) await replaceMenuGrants(tx, auth, APP_MENUS, roleIds, children, appIds)
      for (const [ids, table] of [
        [dataIds, scopeData],
        [apiIds, scopeApi],
      ] as const) {
        if (!ids.length) continue
        const ok = new Set((await grantableScopes(tx, table, allowed)).map((s) => s.id))
        if (ids.some((id) => !ok.has(id))) throw badRequest('无权分配该数据或接口权限')
      }

      await tx.delete(roleScope).where(inArray(roleScope.roleId, roleIds))
      const scopes = [
        ...dataIds.map((scopeId) => ({ scopeId, scopeCategory: DATA_SCOPE })),
        ...apiIds.map((scopeId) => ({ scopeId, scopeCategory: API_SCOPE })),
      ]
      if (scopes.length)
        await tx
          .insert(roleScope)
          .values(roleIds.flatMap((roleId) => scopes.map((s) => ({ id: nextId(), roleId, ...s }))))
    })
    // menus, buttons, permission codes and scopes are cached per role set under sys:
    await ctx.cache.clearPrefix('sys:')
    return {}
  })

  handle(api, grantTreeCall, async (_params, request) => {
    const auth = authOf(request)
    const menus = await grantableMenus(db, auth, WEB_MENUS)
    const appMenus = await grantableMenus(db, auth, APP_MENUS)
    const ids = new Set(menus.map((m) => m.id))
    const nodes = (rows: MenuRow[]) =>
      treeOf(rows.map((m) => ({ id: m.id, parentId: m.parentId, title: m.name })))
    return {
      menu: nodes(menus),
      dataScope: scopeTree(menus, await grantableScopes(db, scopeData, ids)),
      apiScope: scopeTree(menus, await grantableScopes(db, scopeApi, ids)),
      menuApp: nodes(appMenus),
    }
  })

  handle(api, roleTreeKeysCall, async ({ roleIds: csv }, request) => {
    const auth = authOf(request)
    const wanted = csv.split(',')
    const roles = await db.select({ id: role.id }).from(role).where(rolesOf(auth, wanted))
    const roleIds = roles.map((r) => r.id)
    if (!roleIds.length) return { menu: [], dataScope: [], apiScope: [], menuApp: [] }
    const granted = async ({ grants }: MenuTree) =>
      (
        await db.selectDistinct({ id: grants.menuId }).from(grants).where(inArray(grants.roleId, roleIds))
      ).map((m) => m.id)
    const menus = await granted(WEB_MENUS)
    const scopes = await db
      .selectDistinct({ id: roleScope.scopeId, category: roleScope.scopeCategory })
      .from(roleScope)
      .where(inArray(roleScope.roleId, roleIds))
    return {
      menu: menus,
      dataScope: scopes.filter((s) => s.category === DATA_SCOPE).map((s) => s.id),
      apiScope: scopes.filter((s) => s.category === API_SCOPE).map((s) => s.id),
      menuApp: await granted(APP_MENUS),
    }
  })
}

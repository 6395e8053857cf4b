import { grantTopTreeCall, topMenuContract, topMenuGrantCall, topTreeKeysCall } from '@xpark/contract/schemas'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { isAdministrator } from '../../core/auth/guards.js'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { tenantCache } from '../../core/cache/index.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { bySort, treeOf } from '../../core/tree.js'
import type { Db } from '../../db/client.js'
import { menu, roleMenu, topMenu, topMenuSetting } from './schema.js'

/**
 * blade-system/topmenu (BladeX TopMenuController) and the two menu-tree reads of its grant dialog
 * (BladeX serves those from MenuController: `menu/grant-top-tree`, `menu/top-tree-keys`; both paths
 * answer here). A tenant's top menus narrow `menu/routes?topMenuId=` to the menus granted to them.
 */

/** `menu/routes` and `menu/buttons` of a tenant are cached under this prefix (modules/menu/menus.ts). */
const menuCache = (tenantId: string) => `${tenantCache(tenantId)}menu:`

export const topMenuResource = defineResource({
  contract: topMenuContract,
  table: topMenu,
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
})

/** The menus (category 1) a caller may place in a top menu: the administrator's are all, others' their roles' and their ancestors. */
async function grantableMenus(db: Db, auth: AuthContext) {
  const all = await db
    .select({ id: menu.id, parentId: menu.parentId, name: menu.name, sort: menu.sort })
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), eq(menu.category, 1)))
    .orderBy(asc(menu.sort))
  if (isAdministrator(auth)) return all
  if (!auth.roleIds.length) return []
  const granted = new Set(
    (
      await db
        .selectDistinct({ menuId: roleMenu.menuId })
        .from(roleMenu)
        .where(inArray(roleMenu.roleId, auth.roleIds))
    ).map((r) => r.menuId),
  )
  const byId = new Map(all.map((m) => [m.id, m]))
  const out = new Map<string, (typeof all)[number]>()
  for (const m of all) {
    if (!granted.has(m.id)) continue
    for (
      let node: (typeof all)[number] | undefined = m;
      node && !out.has(node.id);
      node = byId.get(node.parentId)
    )
      out.set(node.id, node)
  }
  return [...out.values()]
}

/** The caller's own top menus among these ids; a foreign or unknown id answers 404. */
async function ownTopMenus(db: Db, auth: AuthContext, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)]
  const rows = await db
    .select({ id: topMenu.id })
    .from(topMenu)
    .where(scoped(topMenu, auth, inArray(topMenu.id, wanted)))
  if (rows.length !== wanted.length) throw notFound('顶部菜单不存在')
  return wanted
}

export async function topMenuRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db

  // the factory's CRUD, in a scope whose writes drop the cached menu trees once they have committed
  await api.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode === 200 && request.auth)
        await ctx.cache.clearPrefix(menuCache(request.auth.tenantId))
      return payload
    })
    await registerResource(scope as Api, db, topMenuResource)
  })

  handle(api, topMenuGrantCall, async (body, request) => {
    const auth = authOf(request)
    const topMenuIds = await ownTopMenus(db, auth, body.topMenuIds)
    const menuIds = [...new Set(body.menuIds)]
    const allowed = new Set((await grantableMenus(db, auth)).map((m) => m.id))
    const refused = menuIds.filter((id) => !allowed.has(id))
    if (refused.length) throw badRequest(`不可授权的菜单: ${refused.slice(0, 5).join(',')}`)
    await db.transaction(async (tx) => {
      await tx.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topMenuIds))
      const rows = topMenuIds.flatMap((topMenuId) =>
        menuIds.map((menuId) => ({ id: nextId(), topMenuId, menuId })),
      )
      if (rows.length) await tx.insert(topMenuSetting).values(rows)
    })
    await ctx.cache.clearPrefix(menuCache(auth.tenantId))
    return {}
  })

  handle(api, grantTopTreeCall, async (_, request) => {
    const rows = await grantableMenus(db, authOf(request))
    return { menu: treeOf(bySort(rows).map((m) => ({ ...m, title: m.name }))) }
  })
  handle(api, topTreeKeysCall, async ({ topMenuIds: ids }, request) => {
    const topMenuIds = await ownTopMenus(db, authOf(request), ids.split(','))
    const rows = await db
      .selectDistinct({ menuId: topMenuSetting.menuId })
      .from(topMenuSetting)
      .where(inArray(topMenuSetting.topMenuId, topMenuIds))
    return { menu: rows.map((r) => r.menuId) }
  })
}

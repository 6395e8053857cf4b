import { menuAppCalls, menuCalls, type TreeNode } from '@xpark/contract/schemas'
import { and, asc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { forestOf, treeOf } from '../../core/tree.js'
import type { Tx } from '../../db/client.js'
import { APP_MENUS, type MenuTree, WEB_MENUS } from './menu-trees.js'

/**
 * blade-system/menu and blade-system/menuApp management (BladeX MenuController: list, lazy-list,
 * menu-list, lazy-menu-list, tree, detail, submit, remove), one implementation over either menu
 * table (`menu-trees.ts`). Menus are platform data: every route here is the platform administrator's;
 * tenant users read their menus through `routes`, `buttons`, `top-menu` and `grant-tree`
 * (modules/menu/shell.ts, authority/grant.ts). Every write drops the cached menu trees.
 */

type MenuRow = MenuTree['table']['$inferSelect']

/** Cached routes, buttons and permission codes live under this prefix (menus.ts, role scopes). */
const SYSTEM_CACHE = 'sys:'

/** The management resource of one menu tree (its contract: codes `<code>_add/_edit/_delete`, reads the platform administrator's). */
export function menuResourceOf(tree: MenuTree) {
  const { table } = tree
  const liveMenu = async (tx: Tx, id: string) => {
    const [row] = await tx
      .select({ id: table.id, parentId: table.parentId, category: table.category })
      .from(table)
      .where(and(eq(table.id, id), eq(table.isDeleted, 0)))
    return row
  }
  return defineResource({
    // reads too: the management endpoints are the platform administrator's (the contract's `view`)
    contract: tree.contract,
    table,
    tag: tree.tag,
    tenant: false,
    writeGuard: 'administrator',
    skip: ['list', 'page'], // list is the tree (BladeX: not paged)
    references: { parentId: 'checked' }, // a live menu, not a button, not below itself
    beforeWrite: async ({ tx, values, id }) => {
      if (values.code !== undefined) {
        const [clash] = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.code, values.code), eq(table.isDeleted, 0), id ? ne(table.id, id) : undefined))
          .limit(1)
        if (clash) throw badRequest(`菜单编号已存在: ${values.code}`)
      }
      const current = id ? await liveMenu(tx, id) : undefined
      const parentId = values.parentId ?? current?.parentId ?? '0'
      const category = values.category ?? current?.category ?? 1
      if (parentId !== '0') {
        const parent = await liveMenu(tx, parentId)
        if (!parent) throw badRequest('上级菜单不存在')
        if (parent.category !== 1) throw badRequest('上级菜单必须是菜单, 不能是按钮')
        // walk up from the new parent: meeting the row itself means a cycle
        for (let node: typeof parent | undefined = parent, hops = 0; node; hops++) {
          if (node.id === id) throw badRequest('上级菜单不能是自身或其下级')
          if (node.parentId === '0' || hops > 100) break
          node = await liveMenu(tx, node.parentId)
        }
      }
      if (id && category === 2) {
        const [child] = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.parentId, id), eq(table.isDeleted, 0)))
          .limit(1)
        if (child) throw badRequest('有子节点的菜单不能改为按钮')
      }
      if (values.parentId === undefined && !id) values.parentId = '0'
    },
    beforeRemove: async ({ tx, ids }) => {
      const [child] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.parentId, [...ids]), notInArray(table.id, [...ids]), eq(table.isDeleted, 0)))
        .limit(1)
      if (child) throw badRequest('请先删除子节点!')
      // grants (and top-menu settings) of a removed menu go with it (same transaction)
      for (const link of tree.links) await tx.delete(link.table).where(inArray(link.menuId, [...ids]))
    },
  })
}

export const menuResource = menuResourceOf(WEB_MENUS)

/** blade-system/menu and blade-system/menuApp. */
export async function menuRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await menuTreeRoutes(api, ctx, WEB_MENUS, menuCalls)
  await menuTreeRoutes(api, ctx, APP_MENUS, menuAppCalls)
}

async function menuTreeRoutes(
  api: Api,
  ctx: ModuleContext,
  menuTree: MenuTree,
  calls: typeof menuCalls,
): Promise<void> {
  const db = ctx.database.db
  const { table: menu } = menuTree
  const menuResource = menuResourceOf(menuTree)
  const hasChildrenOf = (menusOnly: boolean) =>
    sql<boolean>`exists (select 1 from ${menu} c where c.parent_id = ${menu}.id and c.is_deleted = 0${
      menusOnly ? sql` and c.category = 1` : sql``
    })`

  // the factory's detail/submit/remove, in a scope whose writes drop the cached menus once committed
  await api.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode === 200) await ctx.cache.clearPrefix(SYSTEM_CACHE)
      return payload
    })
    await registerResource(scope as Api, db, menuResource)
  })

  const rowsOf = (...conditions: (SQL | undefined)[]) =>
    db
      .select()
      .from(menu)
      .where(and(eq(menu.isDeleted, 0), ...conditions))
      .orderBy(asc(menu.sort), asc(menu.id))
  const withParentNames = (rows: MenuRow[], names: Map<string, string>) =>
    rows.map((r) => ({ ...r, parentName: names.get(r.parentId) ?? '' }))
  const allNames = async () =>
    new Map(
      (await db.select({ id: menu.id, name: menu.name }).from(menu).where(eq(menu.isDeleted, 0))).map((r) => [
        r.id,
        r.name,
      ]),
    )
  const filtersOf = (query: Record<string, unknown>) => menuResource.filterSet.conditions(query)

  const tree = (menusOnly: boolean) => async (query: { name?: string; code?: string }) => {
    const filters = filtersOf({ name: query.name, code: query.code })
    const rows = await rowsOf(menusOnly ? eq(menu.category, 1) : undefined, ...filters)
    return forestOf(withParentNames(rows, await allNames()))
  }
  const lazy =
    (menusOnly: boolean) =>
    async ({ parentId, name, code }: { parentId?: string; name?: string; code?: string }) => {
      const filters = filtersOf({ name, code })
      // with a name/code filter and no parent, the matches at any depth (BladeX lazyList)
      const level = parentId !== undefined || !filters.length ? eq(menu.parentId, parentId ?? '0') : undefined
      const rows = await db
        .select({ row: menu, hasChildren: hasChildrenOf(menusOnly) })
        .from(menu)
        .where(and(eq(menu.isDeleted, 0), menusOnly ? eq(menu.category, 1) : undefined, level, ...filters))
        .orderBy(asc(menu.sort), asc(menu.id))
      const names = await allNames()
      return rows.map(({ row, hasChildren }) => ({
        ...row,
        parentName: names.get(row.parentId) ?? '',
        hasChildren: Boolean(hasChildren),
      }))
    }

  handle(api, calls.list, tree(false))
  handle(api, calls.lazyList, lazy(false))
  handle(api, calls.menuList, tree(true))
  handle(api, calls.lazyMenuList, lazy(true))
  handle(api, calls.tree, async () => {
    const rows = await rowsOf(eq(menu.category, 1))
    return treeOf(rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.name }))).map(stripFlags)
  })
}

/** TreeNode `{id,parentId,title,key,value,children?}` (no hasChildren on the full tree). */
function stripFlags(node: TreeNode): TreeNode {
  const { hasChildren: _h, children, ...rest } = node
  return children ? { ...rest, children: children.map(stripFlags) } : rest
}

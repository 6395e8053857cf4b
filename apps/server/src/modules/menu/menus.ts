import type { MenuNode, TopMenu } from '@xpark/contract'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { isAdministrator } from '../../core/auth/guards.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { type Cache, parsedOnce, tenantCache } from '../../core/cache/index.js'
import { toWireJson } from '../../core/envelope.js'
import { scoped } from '../../core/tenancy.js'
import { bySort, forestOf } from '../../core/tree.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { APP_MENUS, type MenuTree, WEB_MENUS } from './menu-trees.js'
import { topMenu, topMenuSetting } from './schema.js'

type MenuRow = MenuTree['table']['$inferSelect']

const CACHE_TTL = 600

/** Menu ids of one tree granted to these roles; the platform administrator has every menu. */
async function grantedMenuIds(db: Db, auth: AuthContext, tree: MenuTree): Promise<Set<string> | 'all'> {
  if (isAdministrator(auth)) return 'all'
  if (!auth.roleIds.length) return new Set()
  const { grants } = tree
  const rows = await db
    .selectDistinct({ menuId: grants.menuId })
    .from(grants)
    .where(inArray(grants.roleId, auth.roleIds))
  return new Set(rows.map((r) => r.menuId))
}

function toNode(row: MenuRow): MenuNode {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    alias: row.alias,
    path: row.path,
    source: row.source,
    sort: row.sort,
    category: row.category === 2 ? 2 : 1,
    action: row.action,
    isOpen: row.isOpen === 2 ? 2 : 1,
    remark: row.remark,
    hidden: row.hidden,
    roles: row.roles.split(',').filter(Boolean),
    keepAlive: row.keepAlive,
    hasChildren: false,
  }
}

/** A console menu (category 1) the caller holds, or undefined: what a desk shortcut may point at. */
export async function heldMenu(
  db: DbOrTx,
  auth: AuthContext,
  menuId: string,
): Promise<{ id: string; name: string; path: string } | undefined> {
  const { table, grants } = WEB_MENUS
  const held = isAdministrator(auth)
    ? undefined
    : inArray(
        table.id,
        db.select({ id: grants.menuId }).from(grants).where(inArray(grants.roleId, auth.roleIds)),
      )
  const [row] = await db
    .select({ id: table.id, name: table.name, path: table.path })
    .from(table)
    .where(and(eq(table.id, menuId), eq(table.isDeleted, 0), eq(table.category, 1), held))
  return row
}

/** Build the menu forest by parentId, each level in `sort` order. */
export function forest(rows: MenuRow[]): MenuNode[] {
  return forestOf(bySort(rows).map(toNode))
}

/** Include every ancestor of the given rows, so a granted leaf always has its path to the root. */
function withAncestors(all: MenuRow[], picked: MenuRow[]): MenuRow[] {
  const byId = new Map(all.map((r) => [r.id, r]))
  const out = new Map(picked.map((r) => [r.id, r]))
  for (const row of picked) {
    let parent = byId.get(row.parentId)
    while (parent && !out.has(parent.id)) {
      out.set(parent.id, parent)
      parent = byId.get(parent.parentId)
    }
  }
  return [...out.values()]
}

/** A cached answer: its cache key and its `data` as wire JSON text (core/http/prepared.ts sends it). */
export interface CachedJson {
  key: string
  json: string
}

export class MenuService {
  constructor(
    private readonly db: Db,
    private readonly cache: Cache,
  ) {}

  private async allMenus({ table }: MenuTree): Promise<MenuRow[]> {
    return this.db.select().from(table).where(eq(table.isDeleted, 0)).orderBy(asc(table.sort))
  }

  private async visible(
    auth: AuthContext,
    category: 1 | 2,
    tree: MenuTree = WEB_MENUS,
  ): Promise<{ all: MenuRow[]; picked: MenuRow[] }> {
    const [all, granted] = await Promise.all([this.allMenus(tree), grantedMenuIds(this.db, auth, tree)])
    const picked = all.filter((m) => m.category === category && (granted === 'all' || granted.has(m.id)))
    return { all, picked }
  }

  /**
   * Per role set, cached as the wire JSON text (the menu tree is read on every console start and the
   * codes on every request); `clear-cache` and every menu, role and grant write drop it on every node.
   */
  private async cachedJson(
    auth: AuthContext,
    what: string,
    build: () => Promise<unknown>,
    tree: MenuTree = WEB_MENUS,
  ): Promise<CachedJson> {
    const key = `${tenantCache(auth.tenantId)}${tree.key}:${what}:${[...auth.roleIds].sort().join(',')}`
    const hit = await this.cache.get(key)
    if (hit !== null) return { key, json: hit }
    const json = toWireJson(await build())
    await this.cache.set(key, json, CACHE_TTL)
    return { key, json }
  }

  /** `menu/routes`: the caller's menus as a tree, optionally narrowed to one top menu. */
  routes(auth: AuthContext, topMenuId?: string): Promise<CachedJson> {
    return this.cachedJson(auth, `routes:${topMenuId ?? ''}`, () => this.buildRoutes(auth, topMenuId))
  }

  private async buildRoutes(auth: AuthContext, topMenuId?: string): Promise<MenuNode[]> {
    const { all, picked } = await this.visible(auth, 1)
    let rows = picked
    if (topMenuId) {
      const [owner] = await this.db
        .select({ id: topMenu.id })
        .from(topMenu)
        .where(scoped(topMenu, auth, eq(topMenu.id, topMenuId)))
      if (!owner) return []
      const settings = await this.db
        .select({ menuId: topMenuSetting.menuId })
        .from(topMenuSetting)
        .where(eq(topMenuSetting.topMenuId, topMenuId))
      const inTop = new Set(settings.map((s) => s.menuId))
      rows = rows.filter((m) => inTop.has(m.id))
    }
    return forest(withAncestors(all, rows).filter((m) => m.category === 1))
  }

  /** `menu/buttons` (`menuApp/buttons`): menus that own granted buttons, with those buttons as children. */
  buttons(auth: AuthContext, tree: MenuTree = WEB_MENUS): Promise<CachedJson> {
    return this.cachedJson(
      auth,
      'buttons',
      async () => {
        const { all, picked } = await this.visible(auth, 2, tree)
        return forest(withAncestors(all, picked))
      },
      tree,
    )
  }

  /** `menuApp/routes`: the mobile app's menus of the caller's roles as a tree (with their ancestors). */
  appRoutes(auth: AuthContext): Promise<CachedJson> {
    return this.cachedJson(
      auth,
      'routes',
      async () => {
        const { all, picked } = await this.visible(auth, 1, APP_MENUS)
        return forest(withAncestors(all, picked).filter((m) => m.category === 1))
      },
      APP_MENUS,
    )
  }

  /**
   * The button codes a caller holds (cached per role set; `clear-cache` drops it). Asked on every
   * request that names a code: the set is built once per cached text, not parsed each time.
   */
  async permissionCodes(auth: AuthContext): Promise<ReadonlySet<string>> {
    const { key, json } = await this.cachedJson(auth, 'codes', async () =>
      (await this.visible(auth, 2)).picked.map((m) => m.code),
    )
    return parsedOnce(key, json, (text) => new Set(JSON.parse(text) as string[]))
  }

  async topMenus(auth: AuthContext): Promise<TopMenu[]> {
    const rows = await this.db.select().from(topMenu).where(scoped(topMenu, auth)).orderBy(asc(topMenu.sort))
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, source: r.source, sort: r.sort }))
  }
}

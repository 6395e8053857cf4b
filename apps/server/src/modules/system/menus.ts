import type { MenuNode, TopMenu } from '@xpark/contract'
import { asc, eq, inArray } from 'drizzle-orm'
import { isAdministrator } from '../../core/auth/guards.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import type { Cache } from '../../core/cache/index.js'
import { scoped } from '../../core/tenancy.js'
import { bySort, forestOf } from '../../core/tree.js'
import type { Db } from '../../db/client.js'
import { menu, roleMenu, topMenu, topMenuSetting } from './schema.js'

type MenuRow = typeof menu.$inferSelect

const CACHE_TTL = 600

/** Menu ids granted to these roles; the platform administrator has every menu. */
async function grantedMenuIds(db: Db, auth: AuthContext): Promise<Set<string> | 'all'> {
  if (isAdministrator(auth)) return 'all'
  if (!auth.roleIds.length) return new Set()
  const rows = await db
    .selectDistinct({ menuId: roleMenu.menuId })
    .from(roleMenu)
    .where(inArray(roleMenu.roleId, auth.roleIds))
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

export class MenuService {
  constructor(
    private readonly db: Db,
    private readonly cache: Cache,
  ) {}

  private async allMenus(): Promise<MenuRow[]> {
    return this.db.select().from(menu).where(eq(menu.isDeleted, 0)).orderBy(asc(menu.sort))
  }

  private async visible(auth: AuthContext, category: 1 | 2): Promise<{ all: MenuRow[]; picked: MenuRow[] }> {
    const [all, granted] = await Promise.all([this.allMenus(), grantedMenuIds(this.db, auth)])
    const picked = all.filter((m) => m.category === category && (granted === 'all' || granted.has(m.id)))
    return { all, picked }
  }

  /** Per role set, cached (the menu tree is read on every console start); `clear-cache` drops it. */
  private async cached<T>(auth: AuthContext, what: string, build: () => Promise<T>): Promise<T> {
    const key = `sys:menu:${what}:${auth.tenantId}:${[...auth.roleIds].sort().join(',')}`
    const hit = await this.cache.get(key)
    if (hit !== null) return JSON.parse(hit) as T
    const value = await build()
    await this.cache.set(key, JSON.stringify(value), CACHE_TTL)
    return value
  }

  /** `menu/routes`: the caller's menus as a tree, optionally narrowed to one top menu. */
  routes(auth: AuthContext, topMenuId?: string): Promise<MenuNode[]> {
    return this.cached(auth, `routes:${topMenuId ?? ''}`, () => this.buildRoutes(auth, topMenuId))
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

  /** `menu/buttons`: menus that own granted buttons, with those buttons as children. */
  buttons(auth: AuthContext): Promise<MenuNode[]> {
    return this.cached(auth, 'buttons', async () => {
      const { all, picked } = await this.visible(auth, 2)
      return forest(withAncestors(all, picked))
    })
  }

  /** The button codes a caller holds (cached per role set; `clear-cache` drops it). */
  async permissionCodes(auth: AuthContext): Promise<ReadonlySet<string>> {
    const codes = await this.cached(auth, 'codes', async () =>
      (await this.visible(auth, 2)).picked.map((m) => m.code),
    )
    return new Set(codes)
  }

  async topMenus(auth: AuthContext): Promise<TopMenu[]> {
    const rows = await this.db.select().from(topMenu).where(scoped(topMenu, auth)).orderBy(asc(topMenu.sort))
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, source: r.source, sort: r.sort }))
  }
}

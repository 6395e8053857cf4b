import { nextId } from '../../core/ids.js'
import { type MenuSeed, mergeMenuSeeds, SYSTEM_MENU } from '../../core/module.js'
import type { Tx } from '../../db/client.js'
import { MODULES } from '../../modules/index.js'
import type { menu, menuApp } from '../schema.js'

export type { MenuSeed }

/**
 * The app's own entries: the hidden 工作台 and, under 系统管理, the OpenAPI document. Every screen
 * is its module's (the manifest's `menus`); the system area's modules put theirs under 系统管理.
 */
export const APP_MENUS: MenuSeed[] = [
  {
    code: 'wel_dashboard',
    name: '工作台',
    path: '/wel/dashboard',
    source: 'DashboardOutlined',
    hidden: true,
  },
  {
    ...SYSTEM_MENU,
    children: [
      {
        code: 'api_docs',
        name: '接口文档',
        path: '/xparkApi/docs/static/index.html',
        source: 'FileTextOutlined',
        sort: 18,
        keepAlive: false,
      },
    ],
  },
]

/** The app's menus and every module's, merged by code (a section several modules fill is one entry). */
export function allMenuSeeds(): MenuSeed[] {
  return mergeMenuSeeds([APP_MENUS, ...MODULES.map((m) => m.menus ?? [])])
}

/** Write a seeded menu tree into `blade_menu` or `blade_menu_app`; `ids` collects code → id. */
export async function insertMenuTree(
  tx: Tx,
  table: typeof menu | typeof menuApp,
  nodes: readonly MenuSeed[],
  parentId = '0',
  ids = new Map<string, string>(),
): Promise<Map<string, string>> {
  for (const [i, m] of nodes.entries()) {
    const id = nextId()
    ids.set(m.code, id)
    await tx.insert(table).values({
      id,
      parentId,
      code: m.code,
      name: m.name,
      alias: m.alias ?? (m.category === 2 ? m.code.split('_').pop()! : 'menu'),
      path: m.path ?? '',
      source: m.source ?? '',
      sort: m.sort ?? i + 1,
      category: m.category ?? 1,
      action: m.action ?? 0,
      isOpen: m.isOpen ?? 1,
      hidden: m.hidden ?? false,
      keepAlive: m.keepAlive ?? true,
    })
    if (m.children) await insertMenuTree(tx, table, m.children, id, ids)
  }
  return ids
}

import type { Db, Tx } from '../../db/client.js'
import { dict, menu, menuApp } from '../schema.js'
import { APP_MENU_SEED } from './app.js'
import { dictRows, moduleDicts } from './dicts.js'
import { allMenuSeeds, insertMenuTree, type MenuSeed } from './menus.js'

/**
 * Seeded menus a database does not have yet, for a data folder made by an earlier version: the
 * seed runs only on an empty database, so a new screen would otherwise never reach the menu tree.
 * A code counts as present even when an administrator removed it (soft delete): removed stays
 * removed, and so does everything under it. Seeded codes are the entries' identities: a renamed
 * code comes back as a new entry. New entries go under their seeded parent; nothing existing is changed and nothing is
 * granted (the platform administrator sees every menu and grants the new ones to roles/products).
 * Returns the codes added.
 */
export async function syncSeededMenus(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => [
    ...(await syncTree(tx, menu, allMenuSeeds())),
    ...(await syncTree(tx, menuApp, APP_MENU_SEED)),
    ...(await syncDicts(tx)),
  ])
}

/** The modules' system dictionaries a database does not have yet (by code; removed ones stay removed). */
async function syncDicts(tx: Tx): Promise<string[]> {
  const present = new Set((await tx.selectDistinct({ code: dict.code }).from(dict)).map((r) => r.code))
  const missing = moduleDicts().filter((d) => !present.has(d.code))
  if (missing.length) await tx.insert(dict).values(dictRows(missing, false))
  return missing.map((d) => `dict:${d.code}`)
}

async function syncTree(tx: Tx, table: typeof menu | typeof menuApp, seed: readonly MenuSeed[]) {
  const rows = await tx.select({ id: table.id, code: table.code, isDeleted: table.isDeleted }).from(table)
  const ids = new Map(rows.map((r) => [r.code, r.id]))
  const removed = new Set(rows.filter((r) => r.isDeleted).map((r) => r.code))
  const added: string[] = []
  async function walk(nodes: readonly MenuSeed[], parentId: string) {
    for (const [i, node] of nodes.entries()) {
      const existing = ids.get(node.code)
      if (existing) {
        // under a removed entry nothing is added: it would surface as a top-level menu
        if (node.children && !removed.has(node.code)) await walk(node.children, existing)
        continue
      }
      // keep the seeded position among its siblings (insertMenuTree numbers a lone node 1)
      const placed = await insertMenuTree(tx, table, [{ ...node, sort: node.sort ?? i + 1 }], parentId)
      for (const [code, id] of placed) {
        ids.set(code, id)
        added.push(code)
      }
    }
  }
  await walk(seed, '0')
  return added
}

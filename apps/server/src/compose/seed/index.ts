import type { PrepareDatabase } from '../../db/open.js'
import { seedIfEmpty } from './demo.js'
import { syncSeededMenus } from './sync.js'

/**
 * The start's database work after the migrations (main.ts hands it to db/open.ts): seed a new
 * database; an older data folder gains the menus and dictionaries of screens added since it was made.
 */
export function seedOrSync(adminPassword: string | undefined): PrepareDatabase {
  return async (db) => {
    const fresh = await seedIfEmpty(db, adminPassword)
    if (!fresh) await syncSeededMenus(db)
    return fresh
  }
}

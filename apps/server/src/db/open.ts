import { resolve } from 'node:path'
import type { Config } from '../config.js'
import { type Database, openDatabase } from './client.js'
import { lockDataDir } from './lock.js'
import { scheduleMaintenance } from './maintenance.js'
import { seedIfEmpty } from './seed/demo.js'
import { syncSeededMenus } from './seed/sync.js'

export interface OpenedDatabase {
  database: Database
  seeded: boolean
  /** close the database and release the data folder */
  close(): Promise<void>
}

/** Open the configured database, lock its folder (PGlite), run migrations and seed a new one. */
export async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  const release = config.databaseUrl ? () => {} : lockDataDir(resolve(config.dataDir))
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pg'),
      logQuery: config.sqlLog
        ? (query, params) =>
            process.stderr.write(
              `xpark-sql ${JSON.stringify({ query, params }, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}\n`,
            )
        : undefined,
    })
    // several nodes starting at once on one PostgreSQL: one migrates and seeds, the others wait and
    // then find the work done
    const seeded = await database.exclusive('xpark:migrate-and-seed', async () => {
      await database.migrate()
      const fresh = await seedIfEmpty(database.db, config.adminPassword)
      // an older data folder gains the menus of screens added since it was made
      if (!fresh) await syncSeededMenus(database.db)
      return fresh
    })
    const stopMaintenance = scheduleMaintenance(database, (message) => console.log(`xpark: ${message}`))
    return {
      database,
      seeded,
      close: async () => {
        stopMaintenance()
        try {
          await database.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

import { resolve } from 'node:path'
import type { Config } from '../config.js'
import { emptyClusterFile } from '../paths.js'
import { type Database, type Db, openDatabase } from './client.js'
import { lockDataDir } from './lock.js'
import { scheduleMaintenance } from './maintenance.js'

export interface OpenedDatabase {
  database: Database
  seeded: boolean
  /** close the database and release the data folder */
  close(): Promise<void>
}

/**
 * What runs once the migrations have, under the same lock: seed a new database or bring an older one
 * up to date. It answers whether the database was new. The app's composition passes it in
 * (compose/seed), since the seeds know every module and this folder knows none.
 */
export type PrepareDatabase = (db: Db) => Promise<boolean>

/** Open the configured database, lock its folder (PGlite), run migrations, then `prepare` it. */
export async function openConfiguredDatabase(
  config: Config,
  prepare: PrepareDatabase,
): Promise<OpenedDatabase> {
  const release = config.databaseUrl ? () => {} : lockDataDir(resolve(config.dataDir))
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pg'),
      emptyCluster: emptyClusterFile,
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
      return prepare(database.db)
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

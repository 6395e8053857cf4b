import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrationsDir } from '../paths.js'
import { casing, type Database, type DatabaseOptions, type Db, loggerOf } from './types.js'

/**
 * The extensions PGlite must load for the schema: pg_trgm backs the trigram indexes of `like`
 * filters. Migration 0002 creates it (`create extension if not exists pg_trgm`) on both servers;
 * PostgreSQL has it in its contrib package (Debian ships it with the server).
 */
export const pgliteExtensions = { pg_trgm }

/**
 * PostgreSQL settings of the embedded database. initdb writes `shared_buffers = 128MB`, and in
 * PGlite the buffers live in the WebAssembly heap, which never shrinks: every buffer once touched
 * stays in the process's memory. 32 MB holds the hot pages of a park (the file reads below it go
 * through the OS page cache) and keeps an idle server near 300 MB instead of 400 (bench section 1).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB']

/** The embedded database (PGlite) in `dataDir`, or in memory. */
export async function openPglite(options: DatabaseOptions): Promise<Database> {
  const open = (loadDataDir: Blob | undefined) =>
    PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: pgliteExtensions,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    })
  const prepared = options.loadDataDir ? undefined : preparedCluster(options)
  let client: PGlite
  try {
    client = await open(options.loadDataDir ?? prepared)
  } catch (error) {
    if (!prepared || !options.dataDir) throw error
    // a damaged or foreign dump: start over with initdb, as without one
    console.warn(`xpark: the prepared database could not be used (${String(error)}); running initdb`)
    rmSync(options.dataDir, { recursive: true, force: true })
    client = await open(undefined)
  }
  const pgliteDb = drizzle(client, { casing, ...loggerOf(options) })
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(pgliteDb, { migrationsFolder: migrationsDir }),
    exclusive: (_name, work) => work(),
    reachable: async () => !client.closed,
    close: () => client.close(),
  }
}

/**
 * The build's empty cluster (initdb + migrations, see build.mjs) for a data folder that does not
 * exist yet or is empty: loading it takes about a second where initdb and the migrations take
 * about three (bench section 1, first start). Anything already in the folder is never replaced.
 */
function preparedCluster(options: DatabaseOptions): Blob | undefined {
  const { dataDir, emptyCluster } = options
  if (!dataDir || !emptyCluster || !existsSync(emptyCluster)) return undefined
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return undefined
  return new Blob([readFileSync(emptyCluster)])
}

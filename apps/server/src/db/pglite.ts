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
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  })
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

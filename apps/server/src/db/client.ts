import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { migrationsDir } from '../paths.js'

/**
 * The one database type every module uses, whichever driver is behind it. It carries no schema: the
 * code builds its queries from the tables it imports (`db.select().from(table)`), never through
 * drizzle's relational `db.query.*`, so this low layer knows no module's tables.
 */
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>
type NoSchema = Record<string, never>
export type DbOrTx = Db | Tx

/**
 * Let the event loop turn. PGlite runs each statement on the main thread and resolves without a
 * turn of the loop in between, so a long run of statements (a big import in one transaction) holds
 * every other request; work that issues many statements awaits this between them.
 */
export const letLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /**
   * Run `work` while no other process holds the same named lock (a PostgreSQL session advisory lock;
   * the embedded database has one process by construction): N nodes starting at once migrate and seed
   * the database one after another, never together.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>
  /** whether the database answers now (the health check) */
  reachable(): Promise<boolean>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite embedded */
  url?: string | undefined
  /** PGlite data folder; absent means in memory */
  dataDir?: string | undefined
  /** a PGlite data dump (from dumpDataDir) to start from: tests clone a prepared database this way */
  loadDataDir?: Blob | undefined
  /** every statement and its parameters, as sent (XPARK_SQL_LOG) */
  logQuery?: ((query: string, params: unknown[]) => void) | undefined
}

const casing = 'snake_case' as const

function loggerOf(options: DatabaseOptions) {
  const log = options.logQuery
  return log ? { logger: { logQuery: (query: string, params: unknown[]) => log(query, params) } } : {}
}

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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // while the server is unreachable a request fails within seconds (503) instead of waiting
      connectionTimeoutMillis: 5000,
    })
    // An idle client can be cut off (server restart, administrator terminate): the pool replaces it,
    // and an unhandled 'error' event must not take the process down.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.warn(`xpark: idle database connection lost: ${error.message}`)
    })
    // A client checked out of the pool (a transaction between two statements) has no pool listener:
    // its connection cut there would be an unhandled 'error' event and end the process. The statement
    // that follows fails (a 503 to its caller) and the pool drops the client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {})
    })
    const db = drizzlePg(pool, { casing, ...loggerOf(options) }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { casing }), { migrationsFolder: migrationsDir }),
      exclusive: async (name, work) => {
        // one connection holds the lock for the whole work (a session lock lives with its connection)
        const holder = await pool.connect()
        try {
          await holder.query('select pg_advisory_lock(hashtext($1))', [name])
          try {
            return await work()
          } finally {
            await holder.query('select pg_advisory_unlock(hashtext($1))', [name])
          }
        } finally {
          holder.release()
        }
      },
      reachable: async () => {
        try {
          await pool.query('select 1')
          return true
        } catch {
          return false
        }
      },
      close: () => pool.end(),
    }
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  })
  const pgliteDb = drizzlePglite(client, { casing, ...loggerOf(options) })
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: migrationsDir }),
    exclusive: (_name, work) => work(),
    reachable: async () => !client.closed,
    close: () => client.close(),
  }
}

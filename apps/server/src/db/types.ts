import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'

/**
 * The one database type every module uses, whichever driver is behind it. It carries no schema: the
 * code builds its queries from the tables it imports (`db.select().from(table)`), never through
 * drizzle's relational `db.query.*`, so this low layer knows no module's tables.
 */
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>
type NoSchema = Record<string, never>
export type DbOrTx = Db | Tx

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
  /**
   * a PGlite cluster dump, initialised and migrated at build time, that a new (absent or empty)
   * `dataDir` starts from instead of running initdb (`dist/empty-database.tar.gz`; first start)
   */
  emptyCluster?: string | undefined
  /** every statement and its parameters, as sent (XPARK_SQL_LOG) */
  logQuery?: ((query: string, params: unknown[]) => void) | undefined
}

export const casing = 'snake_case' as const

export function loggerOf(options: DatabaseOptions) {
  const log = options.logQuery
  return log ? { logger: { logQuery: (query: string, params: unknown[]) => log(query, params) } } : {}
}

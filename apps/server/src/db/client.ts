export type { Database, DatabaseOptions, Db, DbOrTx, Tx } from './types.js'

import type { Database, DatabaseOptions } from './types.js'

/**
 * Let the event loop turn. PGlite runs each statement on the main thread and resolves without a
 * turn of the loop in between, so a long run of statements (a big import in one transaction) holds
 * every other request; work that issues many statements awaits this between them.
 */
export const letLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Open the configured database. Each driver is its own file, loaded only when chosen: a server on the
 * embedded database never loads `pg`, and one on PostgreSQL never loads PGlite's WebAssembly.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return (await import('./postgres.js')).openPostgres(options.url, options)
  return (await import('./pglite.js')).openPglite(options)
}

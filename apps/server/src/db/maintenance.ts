import { sql } from 'drizzle-orm'
import type { Database } from './client.js'

/**
 * PGlite runs no autovacuum: without this, planner statistics stay as the first rows left them and
 * the visibility map is never set. The page reader trusts both (the planner's row estimate chooses
 * one pass or the index walk and, above EXACT_TOTAL_MAX, is the total; counts and deep pages read
 * indexes only where pages are all-visible), and dead row versions of updates would never be reused.
 * So an embedded server runs `VACUUM (ANALYZE)` a minute after it starts, then every hour. After the
 * first run, VACUUM skips pages that stayed all-visible. PostgreSQL does all this itself.
 */
export const MAINTENANCE_FIRST_MS = 60_000
export const MAINTENANCE_EVERY_MS = 60 * 60_000

export async function maintainPglite(database: Pick<Database, 'db'>): Promise<number> {
  const started = performance.now()
  await database.db.execute(sql`vacuum (analyze)`)
  return performance.now() - started
}

/** Schedule the maintenance of an embedded database; the returned function stops it. */
export function scheduleMaintenance(
  database: Pick<Database, 'db' | 'kind'>,
  log: (message: string) => void,
): () => void {
  if (database.kind !== 'pglite') return () => {}
  let running = false
  const run = async () => {
    if (running) return
    running = true
    try {
      log(`database maintenance (vacuum, analyze) took ${Math.round(await maintainPglite(database))} ms`)
    } catch (error) {
      log(`database maintenance failed: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      running = false
    }
  }
  const first = setTimeout(run, MAINTENANCE_FIRST_MS)
  const every = setInterval(run, MAINTENANCE_EVERY_MS)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}

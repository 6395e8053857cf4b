import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { migrationsDir } from '../paths.js'
import { casing, type Database, type DatabaseOptions, type Db, loggerOf } from './types.js'

/** PostgreSQL through a pool of `pg` connections (DATABASE_URL). */
export async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
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
  const db = drizzle(pool, { casing, ...loggerOf(options) }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    migrate: () => migrate(drizzle(pool, { casing }), { migrationsFolder: migrationsDir }),
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

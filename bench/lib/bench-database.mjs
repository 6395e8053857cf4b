// A database a bench owns for one run: a new PGlite data folder, or a new database on the PostgreSQL
// of DATABASE_URL (created here, dropped at the end; nothing else on that server is touched).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'

/**
 * `kind` is 'pglite' or 'postgres'. Returns { kind, dataDir, env, rawWhileServing, url?, openRaw(),
 * drop() }: `env` is what the built server needs to use it, `openRaw()` a connection of this process
 * ({ query(text, params) → rows, exec(text), close() }). PGlite's folder has one user at a time, so
 * `rawWhileServing` is false there: close the raw connection before a server opens the folder.
 */
export async function makeTarget(kind, prefix = 'xpark_bench') {
  const dataDir = mkdtempSync(join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-${kind}-`))
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      env: {},
      rawWhileServing: false,
      async openRaw() {
        const db = await PGlite.create({ dataDir: join(dataDir, 'pg'), extensions: { pg_trgm } })
        return {
          query: async (text, params) => (await db.query(text, params)).rows,
          exec: (text) => db.exec(text),
          close: () => db.close(),
        }
      },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const base = process.env.DATABASE_URL
  if (!base) throw new Error('DATABASE_URL is not set')
  const name = `${prefix}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    kind,
    dataDir,
    url: url.toString(),
    env: { DATABASE_URL: url.toString() },
    rawWhileServing: true,
    async openRaw() {
      const client = new pg.Client({ connectionString: url.toString() })
      await client.connect()
      return {
        query: async (text, params) => (await client.query(text, params)).rows,
        exec: (text) => client.query(text),
        close: () => client.end(),
      }
    },
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

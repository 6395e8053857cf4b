import { randomUUID } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { seedIfEmpty } from '../compose/seed/demo.js'
import { openDatabase } from '../db/client.js'

/**
 * Prepare one migrated, seeded database for the whole run; every test file then starts from a copy
 * (PGlite: a data-dir dump, loaded in about a second instead of a four-second initdb; PostgreSQL:
 * a template database).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const template = `xpark_tpl_${randomUUID().slice(0, 8)}`
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`create database ${template}`)
    const url = new URL(databaseUrl)
    url.pathname = `/${template}`
    const db = await openDatabase({ url: url.toString() })
    await db.migrate()
    await seedIfEmpty(db.db, undefined)
    await db.close()
    process.env.XPARK_TEST_TEMPLATE = template
    console.log(`server tests: PostgreSQL at ${url.host}, template database ${template}`)
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`)
      await admin.end()
    }
  }
  const db = await openDatabase({})
  await db.migrate()
  await seedIfEmpty(db.db, undefined)
  const client = (db.db as unknown as { $client: PGlite }).$client
  const dump = await client.dumpDataDir('none')
  const file = join(tmpdir(), `xpark-test-${randomUUID()}.tar`)
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await db.close()
  process.env.XPARK_TEST_DUMP = file
  console.log('server tests: PGlite (embedded); set DATABASE_URL to run them on PostgreSQL')
  return async () => rmSync(file, { force: true })
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from './pglite.js'

/** A new data folder starts from the build's prepared cluster; an existing one is never replaced. */
describe('the prepared empty cluster (first start)', () => {
  let dir: string
  let dump: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'xpark-cluster-'))
    // a cluster with a marker table stands in for the build's migrated one
    const cluster = await PGlite.create()
    await cluster.exec('create table prepared_marker (id int); insert into prepared_marker values (7)')
    dump = join(dir, 'empty-database.tar.gz')
    writeFileSync(dump, Buffer.from(await (await cluster.dumpDataDir('gzip')).arrayBuffer()))
    await cluster.close()
  }, 60_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const marker = async (dataDir: string, emptyCluster: string) => {
    const database = await openPglite({ dataDir, emptyCluster })
    try {
      // the database type is driver-neutral: its `execute` answer is typed as unknown
      const found = (await database.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'prepared_marker'`,
      )) as { rows: { n: number }[] }
      return found.rows[0]?.n === 1
    } finally {
      await database.close()
    }
  }

  it('loads it into a folder that does not exist yet, and keeps what is written there', async () => {
    const folder = join(dir, 'new')
    expect(await marker(folder, dump)).toBe(true)
    // reopened without the dump: the folder holds the cluster
    expect(await marker(folder, join(dir, 'absent.tar.gz'))).toBe(true)
  }, 60_000)

  it('never replaces a folder that holds a database', async () => {
    const folder = join(dir, 'existing')
    expect(await marker(folder, join(dir, 'absent.tar.gz'))).toBe(false)
    expect(await marker(folder, dump)).toBe(false)
  }, 60_000)

  it('runs initdb when the dump is damaged', async () => {
    const damaged = join(dir, 'damaged.tar.gz')
    writeFileSync(damaged, 'not a cluster')
    expect(await marker(join(dir, 'fallback'), damaged)).toBe(false)
  }, 60_000)
})

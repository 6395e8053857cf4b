import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './client.js'
import { maintainPglite, scheduleMaintenance } from './maintenance.js'

describe('embedded database maintenance', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({})
    await database.db.execute(sql`create table probe (id int primary key, v text)`)
    await database.db.execute(sql`insert into probe select g, 't' || g from generate_series(1, 5000) g`)
  })
  afterAll(() => database.close())

  const stats = async () =>
    (
      (await database.db.execute(
        sql`select reltuples::int as n, relallvisible::int as visible from pg_class where relname = 'probe'`,
      )) as unknown as { rows: { n: number; visible: number }[] }
    ).rows[0]!

  it('gives the planner statistics and sets the visibility map, which PGlite never does by itself', async () => {
    expect((await stats()).n).toBeLessThan(0) // never analyzed
    await maintainPglite(database)
    const after = await stats()
    expect(after.n).toBe(5000)
    expect(after.visible).toBeGreaterThan(0)
  })

  it('is scheduled for PGlite only, and stops', () => {
    const stop = scheduleMaintenance({ db: database.db, kind: 'postgres' }, () => {})
    stop()
    const stopPglite = scheduleMaintenance(database, () => {})
    stopPglite()
  })
})

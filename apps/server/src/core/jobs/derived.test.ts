import { and, eq, sql } from 'drizzle-orm'
import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbOrTx } from '../../db/client.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { derived } from './derived.js'
import { derivedTouch } from './schema.js'

// a source (punches by person and day) and its result (a count a person-day), made for this test only
const punch = pgTable('test_derived_punch', {
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  person: varchar('person', { length: 20 }).notNull(),
  day: varchar('day', { length: 10 }).notNull(),
})
const personDay = pgTable(
  'test_derived_person_day',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    person: varchar('person', { length: 20 }).notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    punches: integer('punches').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.person, t.day] })],
)
type Key = { tenantId: string; person: string; day: string }

const countsOf = async (db: DbOrTx, keys: Key[]) => {
  const rows = []
  for (const key of keys) {
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(punch)
      .where(
        and(eq(punch.tenantId, key.tenantId), eq(punch.person, key.person), eq(punch.day, key.day)),
      )) as [{ n: number }]
    // a person-day without punches has no result row (as attendance's would say 缺卡, here: nothing)
    if (n) rows.push({ ...key, punches: n })
  }
  return rows
}

describe('derived results (core/jobs/derived.ts)', () => {
  let t: TestContext
  const computed: Key[][] = []
  const dueDays: string[] = []
  let touchDuringCompute: ((tx: DbOrTx) => Promise<void>) | null = null
  const results = derived<Key>({
    name: 'test-person-day',
    everySeconds: 60,
    into: personDay,
    key: ['tenantId', 'person', 'day'],
    compute: async (keys, tx) => {
      computed.push(keys)
      await touchDuringCompute?.(tx)
      return countsOf(tx, keys)
    },
    dueEachDay: async (day) => {
      dueDays.push(day)
      return [{ tenantId: '000000', person: 'p-due', day }]
    },
    batch: 3,
  })
  const rowsNow = () => t.database.db.select().from(personDay).orderBy(personDay.person, personDay.day)
  const addPunch = (person: string, day: string) =>
    t.database.db.transaction(async (tx) => {
      await tx.insert(punch).values({ tenantId: '000000', person, day })
      await results.touch(tx, [{ tenantId: '000000', person, day }])
    })

  beforeAll(async () => {
    t = await startTestApp()
    await t.database.db.execute(
      sql`create table test_derived_punch (tenant_id varchar(12) not null, person varchar(20) not null, day varchar(10) not null)`,
    )
    await t.database.db.execute(
      sql`create table test_derived_person_day (tenant_id varchar(12) not null, person varchar(20) not null, day varchar(10) not null, punches int not null, primary key (tenant_id, person, day))`,
    )
  })
  afterAll(() => t.close())

  it('a touched key is recomputed by the job once however often it was touched, and equals its source rows', async () => {
    await addPunch('a', '2026-11-02')
    await addPunch('a', '2026-11-02')
    await addPunch('b', '2026-11-02')
    // nothing is computed before the job runs
    expect(await rowsNow()).toEqual([])
    computed.length = 0
    // a, b and the first day come due (p-due on 2026-11-01)
    expect(await results.drain(t.database.db, { today: '2026-11-02' })).toBe(3)
    expect(computed.flat().filter((k) => k.person !== 'p-due')).toHaveLength(2)
    expect(await rowsNow()).toMatchObject([
      { person: 'a', day: '2026-11-02', punches: 2 },
      { person: 'b', day: '2026-11-02', punches: 1 },
    ])
    // drained: a second run does nothing
    expect(await results.drain(t.database.db, { today: '2026-11-02' })).toBe(0)
  })

  it('recompute is idempotent, touches only its keys, and removes the result of a key whose rows are gone', async () => {
    const db = t.database.db
    await db.transaction((tx) =>
      results.recompute(tx, [{ tenantId: '000000', person: 'a', day: '2026-11-02' }]),
    )
    await db.transaction((tx) =>
      results.recompute(tx, [{ tenantId: '000000', person: 'a', day: '2026-11-02' }]),
    )
    expect((await rowsNow()).filter((r) => r.person === 'a')).toMatchObject([{ punches: 2 }])
    await db.delete(punch).where(eq(punch.person, 'b'))
    await db.transaction((tx) =>
      results.recompute(tx, [{ tenantId: '000000', person: 'b', day: '2026-11-02' }]),
    )
    expect((await rowsNow()).map((r) => r.person)).toEqual(['a'])
  })

  it('many keys go in batches, every one computed', async () => {
    for (let i = 0; i < 8; i++) await addPunch(`m${i}`, '2026-11-02')
    expect(await results.drain(t.database.db, { today: '2026-11-02' })).toBe(8)
    expect((await rowsNow()).filter((r) => r.person.startsWith('m'))).toHaveLength(8)
    expect(
      await t.database.db.select().from(derivedTouch).where(eq(derivedTouch.name, 'test-person-day')),
    ).toEqual([])
  })

  it('a batch of hundreds of keys recomputes in one transaction, on PGlite too (it aborted on one lock a key and one expression for all)', async () => {
    const keys = Array.from({ length: 600 }, (_, i) => ({
      tenantId: '000000',
      person: `w${i}`,
      day: '2026-11-03',
    }))
    await t.database.db.insert(punch).values(keys)
    await t.database.db.transaction((tx) => results.recompute(tx, keys))
    expect((await rowsNow()).filter((r) => r.person.startsWith('w'))).toHaveLength(600)
  })

  it('a key marked again while the job recomputed it stays marked for the next run', async () => {
    await addPunch('c', '2026-11-02')
    // another write lands after the job read the marks: it adds a punch and marks the key again (here
    // in the job's own transaction, as PGlite has one connection; on PostgreSQL it is another one's)
    touchDuringCompute = async (tx) => {
      touchDuringCompute = null
      await tx.insert(punch).values({ tenantId: '000000', person: 'c', day: '2026-11-02' })
      await results.touch(tx, [{ tenantId: '000000', person: 'c', day: '2026-11-02' }])
    }
    await results.drain(t.database.db, { today: '2026-11-02' })
    const marks = await t.database.db
      .select()
      .from(derivedTouch)
      .where(eq(derivedTouch.name, 'test-person-day'))
    expect(marks.map((m) => m.key)).toEqual([JSON.stringify(['000000', 'c', '2026-11-02'])])
    await results.drain(t.database.db, { today: '2026-11-02' })
    expect((await rowsNow()).find((r) => r.person === 'c')).toMatchObject({ punches: 2 })
  })

  it('a batch whose recompute fails keeps its marks: the next run takes them, oldest first', async () => {
    await addPunch('f1', '2026-11-02')
    await addPunch('f2', '2026-11-02')
    touchDuringCompute = async () => {
      touchDuringCompute = null
      throw new Error('the database went away')
    }
    await expect(results.drain(t.database.db, { today: '2026-11-02' })).rejects.toThrow('went away')
    const marks = await t.database.db
      .select()
      .from(derivedTouch)
      .where(eq(derivedTouch.name, 'test-person-day'))
    expect(marks.map((m) => m.key).sort()).toEqual([
      JSON.stringify(['000000', 'f1', '2026-11-02']),
      JSON.stringify(['000000', 'f2', '2026-11-02']),
    ])
    computed.length = 0
    expect(await results.drain(t.database.db, { today: '2026-11-02' })).toBe(2)
    expect(computed[0]!.map((k) => k.person)).toEqual(['f1', 'f2'])
    expect((await rowsNow()).filter((r) => r.person.startsWith('f'))).toHaveLength(2)
  })

  it('the days come due are queued each once, none skipped, from yesterday of the first run', async () => {
    // the first run above queued 2026-11-01 (yesterday of 2026-11-02) only: no history is made up
    expect(dueDays).toEqual(['2026-11-01'])
    await results.drain(t.database.db, { today: '2026-11-05' })
    expect(dueDays).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'])
    await results.drain(t.database.db, { today: '2026-11-05' })
    expect(dueDays).toHaveLength(4)
  })
})

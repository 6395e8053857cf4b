import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../test/harness.js'
import { id } from './columns.js'
import { insertRows } from './insert-rows.js'

// every kind of value a derived result carries, in a table made for this test only
const sample = pgTable('test_insert_rows', {
  id: id('id').notNull(),
  name: varchar('name', { length: 16 }).notNull(),
  count: integer('count').notNull(),
  flag: smallint('flag'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  line: jsonb('line').notNull(),
  note: varchar('note', { length: 16 }).notNull().default('none'),
})

describe('insertRows (one array parameter a column)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
    await t.database.db.execute(
      sql`create table test_insert_rows (id bigint not null, name varchar(16) not null, count int not null, flag smallint, at timestamptz, line jsonb not null, note varchar(16) not null default 'none')`,
    )
  })
  afterAll(() => t.close())
  const read = () => t.database.db.select().from(sample).orderBy(sample.id)

  it('stores every value as drizzle would: ids, numbers, nulls, instants, json, quotes', async () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => ({
      id: String(9_007_199_254_740_993n + BigInt(i)),
      name: i % 2 ? `it's "${i}"` : `{${i},x}`,
      count: i - 5,
      flag: i % 3 ? i % 3 : null,
      at: i % 4 ? new Date(Date.UTC(2026, 10, 1, 8, 0, 0, i)) : null,
      line: { punches: [`08:${String(i % 60).padStart(2, '0')}`], note: 'a "b"', nested: { n: i } },
      note: 'set',
    }))
    await t.database.db.transaction((tx) => insertRows(tx, sample, rows))
    const stored = await read()
    expect(stored).toHaveLength(rows.length)
    expect(stored).toEqual(rows)
  })

  it('rows of different shapes, or leaving a column to its default, go through drizzle (defaults kept)', async () => {
    await t.database.db.execute(sql`delete from test_insert_rows`)
    await insertRows(t.database.db, sample, [
      { id: '1', name: 'a', count: 1, flag: null, at: null, line: [] },
      { id: '2', name: 'b', count: 2, flag: 1, at: null, line: [], note: 'given' },
      { id: '3', name: 'c', count: 3, flag: 1, at: null, line: [], note: undefined },
    ])
    expect((await read()).map((r) => r.note)).toEqual(['none', 'given', 'none'])
  })

  it('a failing row fails the statement and leaves nothing', async () => {
    await t.database.db.execute(sql`delete from test_insert_rows`)
    const bad = [
      { id: '1', name: 'fits', count: 1, flag: null, at: null, line: {}, note: 'x' },
      { id: '2', name: 'far too long for sixteen', count: 2, flag: null, at: null, line: {}, note: 'x' },
    ]
    await expect(t.database.db.transaction((tx) => insertRows(tx, sample, bad))).rejects.toThrow()
    expect(await read()).toEqual([])
  })
})

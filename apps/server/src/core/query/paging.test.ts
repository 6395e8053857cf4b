import { type SQL, sql } from 'drizzle-orm'
import { integer, PgDialect, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { id } from '../../db/columns.js'
import { MAX_SIZE, readPaging, SortSet } from './paging.js'

const thing = pgTable('thing', {
  id: id('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  sort: integer('sort').notNull(),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull(),
})
const sorts = new SortSet(thing, ['name', 'createTime'])
const dialect = new PgDialect()

function orderBy(query: Record<string, unknown>): string {
  return dialect.sqlToQuery(sql.join(sorts.orderBy(query) as SQL[], sql`, `)).sql
}

describe('paging parameters', () => {
  it('defaults to page 1 of 10', () => {
    expect(readPaging({})).toEqual({ current: 1, size: 10, offset: 0 })
    expect(readPaging({ current: '', size: '' })).toEqual({ current: 1, size: 10, offset: 0 })
  })

  it('computes the offset of a later page', () => {
    expect(readPaging({ current: '3', size: '20' })).toEqual({ current: 3, size: 20, offset: 40 })
  })

  it(`accepts size up to ${MAX_SIZE} and refuses more, or zero, or text`, () => {
    expect(readPaging({ size: String(MAX_SIZE) }).size).toBe(MAX_SIZE)
    expect(() => readPaging({ size: String(MAX_SIZE + 1) })).toThrow(/size/)
    expect(() => readPaging({ size: '0' })).toThrow(/size/)
    expect(() => readPaging({ current: 'x' })).toThrow(/current/)
    expect(() => readPaging({ current: '-1' })).toThrow(/current/)
  })
})

describe('sorting', () => {
  it('sorts newest first (id desc) by default', () => {
    expect(orderBy({})).toBe('"thing"."id" desc')
  })

  it('takes ascs then descs from the whitelist, with id as the tie-breaker', () => {
    expect(orderBy({ ascs: 'name', descs: 'createTime' })).toBe(
      '"thing"."name" asc, "thing"."create_time" desc, "thing"."id" desc',
    )
    // MyBatis-era clients send column names
    expect(orderBy({ descs: 'create_time' })).toBe('"thing"."create_time" desc, "thing"."id" desc')
    expect(orderBy({ ascs: 'id' })).toBe('"thing"."id" asc')
  })

  it('refuses a field that is not sortable, naming it', () => {
    expect(() => orderBy({ ascs: 'sort' })).toThrow(/sort/)
    expect(() => orderBy({ descs: 'name,(select 1)' })).toThrow(/\(select 1\)/)
  })

  it('offers a keyset only when the order is by id alone', () => {
    expect(sorts.order({}).keyset).toMatchObject({ column: thing.id, descending: true })
    expect(sorts.order({ ascs: 'id' }).keyset).toMatchObject({ column: thing.id, descending: false })
    expect(sorts.order({ descs: 'id' }).keyset).toMatchObject({ descending: true })
    expect(sorts.order({ ascs: 'name' }).keyset).toBeUndefined()
    expect(sorts.order({ descs: 'id,name' }).keyset).toBeUndefined()
  })
})

import { and, type SQL } from 'drizzle-orm'
import { integer, PgDialect, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { id } from '../../db/columns.js'
import { AppError } from '../errors.js'
import { FilterSet } from './filters.js'
import { hasMatchesAnywhere } from './forms.js'
import { parseDateTime } from './values.js'

const thing = pgTable('thing', {
  id: id('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  note: text('note').notNull(),
  sort: integer('sort').notNull(),
  ownerId: id('owner_id'),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull(),
  secret: text('secret').notNull(),
})

const dialect = new PgDialect()
const filters = new FilterSet(thing, {
  name: 'like',
  note: 'eq',
  sort: 'ge',
  ownerId: 'in',
  createTime: 'eq',
})

/** The WHERE text and bound values a query string becomes. */
function where(query: Record<string, unknown>): { sql: string; params: unknown[] } {
  const conditions = filters.conditions(query)
  if (!conditions.length) return { sql: '', params: [] }
  const { sql, params } = dialect.sqlToQuery(and(...conditions) as SQL)
  return { sql, params }
}

function refused(query: Record<string, unknown>): AppError {
  try {
    filters.conditions(query)
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('expected a 400')
}

describe('list filters (spec 01 §5)', () => {
  it('applies each declared operator to its bare parameter', () => {
    expect(where({ name: 'gate' })).toEqual({ sql: '"thing"."name" ilike $1', params: ['%gate%'] })
    expect(where({ note: 'x' })).toEqual({ sql: '"thing"."note" = $1', params: ['x'] })
    expect(where({ sort: '3' })).toEqual({ sql: '"thing"."sort" >= $1', params: [3] })
    expect(where({ ownerId: '11,12' })).toEqual({
      sql: '"thing"."owner_id" in ($1, $2)',
      params: ['11', '12'],
    })
  })

  it('understands the BladeX suffix forms on whitelisted fields', () => {
    const cases: [string, string][] = [
      ['sort_equal', '='],
      ['sort_notequal', '<>'],
      ['sort_gt', '>'],
      ['sort_ge', '>='],
      ['sort_lt', '<'],
      ['sort_le', '<='],
    ]
    for (const [param, op] of cases) {
      expect(where({ [param]: '5' })).toEqual({ sql: `"thing"."sort" ${op} $1`, params: [5] })
    }
    expect(where({ note_like: 'a' }).sql).toBe('"thing"."note" ilike $1')
    expect(where({ sort_in: '1,2,,3' })).toEqual({ sql: '"thing"."sort" in ($1, $2, $3)', params: [1, 2, 3] })
    expect(where({ name_likeright: 'a' }).params).toEqual(['a%'])
  })

  it('escapes % and _ in like values so they match literally', () => {
    expect(where({ name: '50%_off\\' }).params).toEqual(['%50\\%\\_off\\\\%'])
  })

  it('drops empty values', () => {
    expect(where({ name: '', note: undefined, sort: '   ', ownerId: null })).toEqual({ sql: '', params: [] })
  })

  it('reads createTime_dategt / _datelt (and _datege, _datele) as dates, with or without a time', () => {
    const q = where({ createTime_dategt: '2024-03-01', createTime_datelt: '2024-03-31 23:59:59' })
    expect(q.sql).toBe('("thing"."create_time" > $1 and "thing"."create_time" < $2)')
    expect(q.params).toEqual([
      new Date(2024, 2, 1).toISOString(),
      new Date(2024, 2, 31, 23, 59, 59).toISOString(),
    ])
    expect(where({ createTime_datege: '2024-03-01' }).sql).toContain('>=')
    expect(where({ createTime_datele: '2024-03-01' }).sql).toContain('<=')
    expect(refused({ createTime_dategt: '01/03/2024' }).message).toContain('createTime_dategt')
    expect(refused({ sort_dategt: '2024-03-01' }).message).toContain('sort_dategt')
  })

  it('refuses a suffix form on a field that is not whitelisted, naming it', () => {
    const e = refused({ secret_like: 'x' })
    expect(e.code).toBe(400)
    expect(e.message).toContain('secret_like')
    // the SpringBlade#9 shape: a "field" that is SQL
    expect(refused({ '1=1) or (1_equal': '1' }).code).toBe(400)
  })

  it('ignores unknown parameters, as BladeX clients send extras', () => {
    expect(where({ secret: 'x', tenantId: '000000', _t: '123', name_ignore: 'x' })).toEqual({
      sql: '',
      params: [],
    })
  })

  it('refuses values that do not fit the column type, naming the parameter', () => {
    expect(refused({ sort: 'abc' }).message).toContain('sort')
    expect(refused({ ownerId: '1,x' }).message).toContain('ownerId')
    expect(refused({ sort_like: '1' }).code).toBe(400)
    expect(refused({ name: ['a', 'b'] }).code).toBe(400)
  })

  it('rejects a declaration naming a column that does not exist', () => {
    expect(() => new FilterSet(thing, { nope: 'eq' })).toThrow(/nope/)
    expect(() => new FilterSet(thing, { sort: 'like' })).toThrow(/like/)
  })
})

describe('date values', () => {
  it('accepts yyyy-MM-dd and yyyy-MM-dd HH:mm:ss, refuses impossible dates', () => {
    expect(parseDateTime('2024-02-29')).toEqual(new Date(2024, 1, 29))
    expect(parseDateTime('2024-02-29 08:30:05')).toEqual(new Date(2024, 1, 29, 8, 30, 5))
    expect(parseDateTime('2023-02-29')).toBeNull()
    expect(parseDateTime('2024-13-01')).toBeNull()
    expect(parseDateTime('2024-1-1')).toBeNull()
  })
})

describe('contains-searches through a trigram index', () => {
  const indexed = new FilterSet(thing, { name: { op: 'like', index: 'trigram' }, note: 'like' })

  it('are marked as matched anywhere (their page is read from the matches), others are not', () => {
    const [byName] = indexed.conditions({ name: 'ab' })
    const [byNameSuffix] = indexed.conditions({ name_likeleft: 'ab' })
    const [byNamePrefix] = indexed.conditions({ name_likeright: 'ab' })
    const [byNote] = indexed.conditions({ note: 'ab' })
    expect([byName, byNameSuffix].map((c) => hasMatchesAnywhere(and(c)))).toEqual([true, true])
    // a prefix search walks the index like any range; a column without the index has no other way
    expect([byNamePrefix, byNote].map((c) => hasMatchesAnywhere(and(c)))).toEqual([false, false])
  })
})

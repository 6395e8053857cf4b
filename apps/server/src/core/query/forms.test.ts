import { and, eq, or, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { post } from '../../compose/schema.js'
import { largeForm, withLargeForm } from './forms.js'

const text = (q: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(q).sql

describe('largeForm', () => {
  it('is the same condition when no part has a large form', () => {
    const where = and(eq(post.tenantId, '1'), or(eq(post.category, 1), eq(post.category, 2)))
    expect(largeForm(where)).toBe(where)
    expect(largeForm(undefined)).toBeUndefined()
  })

  it('replaces a part at any depth and leaves the rest and the original alone', () => {
    const part = withLargeForm(sql`${post.id} = any(array[1])`, sql`${post.id} in (select 1)`)
    const where = and(eq(post.tenantId, '1'), or(eq(post.category, 1), part))!
    const before = text(where)
    const large = largeForm(where)!
    expect(text(large)).toBe(
      before.replace('"blade_post"."id" = any(array[1])', '"blade_post"."id" in (select 1)'),
    )
    expect(text(large)).not.toBe(before)
    expect(text(where)).toBe(before)
  })
})

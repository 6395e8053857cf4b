import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { post } from '../../compose/schema.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { nextId } from '../ids.js'
import { scoped } from '../tenancy.js'
import { matchedAnywhere, withLargeForm } from './forms.js'
import { estimateRows, forgetKeptFigures, type PageQuery, selectPage } from './page.js'

/**
 * selectPage answers exactly what `order by … limit/offset` and `count(*)` answer, whichever way it
 * reads the page (one pass for small answers, the index walk, a keyset start for deep pages), and
 * estimates the total only above its threshold.
 */

const TENANT = '900001'
const ROWS = 137

describe('selectPage', () => {
  let t: TestContext
  const tenant = { tenantId: TENANT }

  beforeAll(async () => {
    t = await startTestApp()
    const rows = Array.from({ length: ROWS + 6 }, (_, i) => ({
      id: nextId(),
      tenantId: TENANT,
      postCode: `p${i}`,
      postName: `post ${i}`,
      category: (i % 3) + 1,
      sort: i % 5, // ties, so the id decides within a sort value
      // six soft-deleted rows spread through the ids: never counted, never shown
      isDeleted: i % 24 === 5 ? 1 : 0,
    }))
    await t.database.db.insert(post).values(rows)
  })
  afterAll(() => t.close())

  /** What plain SQL answers for a page. */
  async function reference(where: SQL, orderBy: SQL[], size: number, offset: number) {
    const db = t.database.db
    const records = await db
      .select()
      .from(post)
      .where(where)
      .orderBy(...orderBy)
      .limit(size)
      .offset(offset)
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(post).where(where)
    return { ids: records.map((r) => r.id), total: n }
  }

  const ways: { name: string; tune: Partial<PageQuery>; keyset: boolean; anywhere?: boolean }[] = [
    { name: 'one pass', tune: { onePassMax: Number.MAX_SAFE_INTEGER }, keyset: true },
    { name: 'index walk with keyset start', tune: { onePassMax: -1 }, keyset: true },
    { name: 'index walk with offset', tune: { onePassMax: -1 }, keyset: false },
    { name: 'matches sorted (matched anywhere)', tune: { onePassMax: -1 }, keyset: true, anywhere: true },
    { name: 'index walk from kept anchors', tune: { onePassMax: -1, anchorStep: 7 }, keyset: true },
  ]

  for (const way of ways) {
    it(`${way.name}: every page equals the offset page, in both directions, filtered or not`, async () => {
      const category2 = eq(post.category, 2)
      for (const filter of [undefined, way.anywhere ? matchedAnywhere(category2) : category2]) {
        const where = scoped(post, tenant, filter)
        for (const descending of [true, false]) {
          const orderBy = [descending ? desc(post.id) : asc(post.id)]
          for (const size of [1, 7, 10, 25]) {
            const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(post).where(where)
            const pages = Math.ceil(n / size) + 1
            // size 1: the first and last pages are enough to prove the start of each
            const wanted = Array.from({ length: pages }, (_, i) => i + 1).filter(
              (p) => size > 1 || p <= 3 || p >= pages - 2,
            )
            for (const current of wanted) {
              const offset = (current - 1) * size
              const got = await selectPage(t.database.db, {
                table: post,
                where,
                orderBy,
                paging: { current, size, offset },
                keyset: way.keyset ? { column: post.id, descending } : undefined,
                ...way.tune,
              })
              const want = await reference(where, orderBy, size, offset)
              const label = `${filter ? 'filtered' : 'all'} ${descending ? 'desc' : 'asc'} size ${size} page ${current}`
              expect(
                got.records.map((r) => (r as { id: string }).id),
                label,
              ).toEqual(want.ids)
              expect(got.total, label).toBe(want.total)
              expect(got.pages, label).toBe(Math.ceil(want.total / size))
            }
          }
        }
      }
    })
  }

  it('reads a condition matched anywhere from a fenced subquery the planner cannot walk in order', async () => {
    const spy = vi.spyOn(t.database.db, 'execute')
    try {
      await selectPage(t.database.db, {
        table: post,
        where: scoped(post, tenant, matchedAnywhere(eq(post.category, 2))),
        orderBy: [desc(post.id)],
        paging: { current: 1, size: 5, offset: 0 },
        onePassMax: -1,
      })
      const texts = spy.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql)
      expect(texts.some((text) => /\) offset 0\) as "blade_post" order by/.test(text))).toBe(true)
    } finally {
      spy.mockRestore()
    }
  })

  it('one pass and the walk agree on an order by another column with ties', async () => {
    const where = scoped(post, tenant)
    const orderBy = [asc(post.sort), desc(post.id)]
    for (const current of [1, 2, 5, 14]) {
      const paging = { current, size: 10, offset: (current - 1) * 10 }
      const onePass = await selectPage(t.database.db, {
        table: post,
        where,
        orderBy,
        paging,
        onePassMax: 1e9,
      })
      const walk = await selectPage(t.database.db, { table: post, where, orderBy, paging, onePassMax: -1 })
      const sorted = await selectPage(t.database.db, {
        table: post,
        where: scoped(post, tenant, matchedAnywhere(sql`true`)),
        orderBy,
        paging,
        onePassMax: -1,
      })
      const want = await reference(where, orderBy, 10, paging.offset)
      expect(onePass.records.map((r) => (r as { id: string }).id)).toEqual(want.ids)
      expect(walk.records.map((r) => (r as { id: string }).id)).toEqual(want.ids)
      expect(sorted.records.map((r) => (r as { id: string }).id)).toEqual(want.ids)
      expect([onePass.total, walk.total, sorted.total]).toEqual([want.total, want.total, want.total])
    }
  })

  it('a one pass that finds far more rows than estimated stops and reads them as a large answer', async () => {
    // the planner guesses 10 ids for an array probe; it matches every row
    const where = scoped(
      post,
      tenant,
      sql`${post.id} = any(array(select id from blade_post where tenant_id = ${TENANT}))`,
    )
    expect(await estimateRows(t.database.db, post, where)).toBeLessThanOrEqual(20)
    for (const current of [1, 4]) {
      const paging = { current, size: 10, offset: (current - 1) * 10 }
      const orderBy = [desc(post.id)]
      const got = await selectPage(t.database.db, {
        table: post,
        where,
        orderBy,
        paging,
        keyset: { column: post.id, descending: true },
        onePassMax: 20,
      })
      const want = await reference(where, orderBy, 10, paging.offset)
      expect(got.records.map((r) => (r as { id: string }).id)).toEqual(want.ids)
      expect(got.total).toBe(want.total)
    }
  })

  it('leaves out omitted columns on every path', async () => {
    const where = scoped(post, tenant)
    for (const onePassMax of [1e9, -1]) {
      const got = await selectPage(t.database.db, {
        table: post,
        where,
        orderBy: [desc(post.id)],
        paging: { current: 2, size: 5, offset: 5 },
        keyset: { column: post.id, descending: true },
        omit: ['remark'],
        onePassMax,
      })
      expect(got.records).toHaveLength(5)
      expect(got.records[0]).not.toHaveProperty('remark')
      expect(got.records[0]).toHaveProperty('postName')
    }
  })

  it("reads a page with a condition's large form and counts it with its own form", async () => {
    // two forms that differ on purpose, to see which one answered (real ones are equivalent)
    const asked = () => withLargeForm(sql`${post.category} = any(array[2])`, sql`${post.category} in (3)`)
    const read = (tune: Partial<PageQuery>) =>
      selectPage<{ category: number }>(t.database.db, {
        table: post,
        where: scoped(post, tenant, asked()),
        orderBy: [desc(post.id)],
        keyset: { column: post.id, descending: true },
        paging: { current: 2, size: 5, offset: 5 },
        ...tune,
      })
    const categoryCount = async (category: number) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(post)
          .where(scoped(post, tenant, eq(post.category, category)))
      )[0]!.n
    // a few matches: one pass with the condition's own form
    const few = await read({ onePassMax: Number.MAX_SAFE_INTEGER, linkedOnePassMax: Number.MAX_SAFE_INTEGER })
    expect(few.records.map((r) => r.category)).toEqual([2, 2, 2, 2, 2])
    expect(few.total).toBe(await categoryCount(2))
    // more: the page walked with the large form, the total counted with the own form
    const more = await read({ onePassMax: Number.MAX_SAFE_INTEGER, linkedOnePassMax: -1 })
    expect(more.records.map((r) => r.category)).toEqual([3, 3, 3, 3, 3])
    expect(more.total).toBe(await categoryCount(2))
    // above ONE_PASS_MAX the total is the estimate: counting would be one probe a row
    const many = await read({ onePassMax: -1 })
    expect(many.records.map((r) => r.category)).toEqual([3, 3, 3, 3, 3])
    const estimate = await estimateRows(t.database.db, post, scoped(post, tenant, eq(post.category, 3)))
    expect(many.total).toBe(Math.max(estimate, 11))
  })

  it('reads a narrowed list of a list too long to count like a linked scope: its total estimated', async () => {
    await t.database.db.execute(sql`analyze ${post}`)
    forgetKeptFigures(t.database.db)
    const read = (where: SQL, exactTotalMax: number) =>
      selectPage(t.database.db, {
        table: post,
        where,
        orderBy: [desc(post.id)],
        paging: { current: 1, size: 5, offset: 0 },
        exactTotalMax,
        linkedOnePassMax: -1,
      })
    // an expression the planner has no statistics for: its estimate is far from the count
    const sortIsOne = () => sql`(${post.sort} + 0) = 1`
    const plain = () => and(eq(post.tenantId, TENANT), eq(post.isDeleted, 0), sortIsOne())!
    const [{ n } = { n: -1 }] = await t.database.db.select({ n: count() }).from(post).where(plain())
    const estimate = await estimateRows(t.database.db, post, plain())
    expect(estimate).not.toBe(n)
    const estimated = Math.max(estimate, 6)
    // the tenant's list (137 rows) is short enough to count: exact
    expect((await read(scoped(post, tenant, sortIsOne()), 1000)).total).toBe(n)
    // longer than the threshold: the narrowed list's total is the estimate
    expect((await read(scoped(post, tenant, sortIsOne()), 100)).total).toBe(estimated)
    // the same condition written by hand is not known to narrow a list: the threshold is its own
    expect((await read(plain(), 100)).total).toBe(n)
  })

  it("keeps a deep page's anchor a minute: a row written above it shifts that page only once forgotten", async () => {
    const read = () =>
      selectPage<{ id: string }>(t.database.db, {
        table: post,
        where: scoped(post, tenant),
        orderBy: [desc(post.id)],
        keyset: { column: post.id, descending: true },
        paging: { current: 4, size: 10, offset: 30 },
        onePassMax: -1,
        anchorStep: 25,
      })
    const before = (await read()).records.map((r) => r.id)
    const newest = nextId()
    await t.database.db
      .insert(post)
      .values({ id: newest, tenantId: TENANT, postCode: 'n', postName: 'n', category: 1 })
    try {
      expect((await read()).records.map((r) => r.id)).toEqual(before)
      forgetKeptFigures(t.database.db)
      const after = (await read()).records.map((r) => r.id)
      expect(after.slice(1)).toEqual(before.slice(0, -1))
    } finally {
      await t.database.db.delete(post).where(eq(post.id, newest))
      forgetKeptFigures(t.database.db)
    }
  })

  describe('totals', () => {
    const where = () => scoped(post, tenant)
    const walk = (current: number, size: number, exactTotalMax?: number) =>
      selectPage(t.database.db, {
        table: post,
        where: where(),
        orderBy: [desc(post.id)],
        keyset: { column: post.id, descending: true },
        paging: { current, size, offset: (current - 1) * size },
        onePassMax: -1,
        ...(exactTotalMax === undefined ? {} : { exactTotalMax }),
      })

    it('are counted exactly below the threshold', async () => {
      expect((await walk(1, 10)).total).toBe(ROWS)
      expect((await walk(3, 10)).total).toBe(ROWS)
    })

    it('are the planner estimate above it, never less than the rows seen and one more', async () => {
      const estimate = await estimateRows(t.database.db, post, where())
      expect(estimate).toBeGreaterThan(0)
      const first = await walk(1, 10, 0)
      expect(first.records).toHaveLength(10)
      expect(first.total).toBe(Math.max(estimate, 11))
      const deep = await walk(10, 10, 0)
      expect(deep.records).toHaveLength(10)
      expect(deep.total).toBe(Math.max(estimate, 101))
    })

    it('stay exact on the last page whatever the threshold: the page tells them', async () => {
      const last = await walk(14, 10, 0)
      expect(last.records).toHaveLength(7)
      expect(last.total).toBe(ROWS)
      // a full last page: the extra row asked for is missing, so nothing follows
      const exact = await walk(1, ROWS, 0)
      expect(exact.records).toHaveLength(ROWS)
      expect(exact.total).toBe(ROWS)
    })

    it('past the end, an estimated total is no more than the offset', async () => {
      const past = await walk(100, 10, 0)
      expect(past.records).toEqual([])
      expect(past.total).toBeLessThanOrEqual(990)
    })

    it('of an empty answer are 0', async () => {
      const none = await selectPage(t.database.db, {
        table: post,
        where: and(where(), eq(post.postCode, 'nothing')),
        orderBy: [desc(post.id)],
        paging: { current: 1, size: 10, offset: 0 },
      })
      expect(none).toMatchObject({ records: [], total: 0, pages: 0 })
    })
  })
})

// A data folder whose tenant 100001 holds 100,000 extra users, and the page query of blade-user timed
// over HTTP (the built server) and raw in PGlite (the same SQL the server sends, without the server).
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { startServer, stopServer } from './xpark-server.mjs'

export const USERS_TENANT = '100001'
export const USER_COUNT = 100_000
const ID_BASE = 9_000_000_000_000_000n

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
export function summarise(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const round = (ms) => Number(ms.toFixed(2))
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)),
  }
}

/**
 * Insert USER_COUNT users into tenant 100001 of a stopped server's data folder, in one
 * `insert … select generate_series` statement. Every row copies the tenant admin's password hash and dept.
 * Returns { insertMs, tenantUsers }.
 */
export async function insertUsers(dataDir) {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pg'), extensions: { pg_trgm } })
  try {
    const started = performance.now()
    await db.query(
      `insert into blade_user (id, tenant_id, create_time, update_time, status, is_deleted, code, user_type,
         account, password, password_default, name, real_name, avatar, email, phone, sex, role_id, dept_id,
         post_id, user_ext)
       select $1::bigint + n, a.tenant_id, now(), now(), 1, 0, '', 1,
         'user' || n, a.password, false, 'u' || n, '用户' || n, '', 'user' || n || '@example.com',
         '138' || lpad(n::text, 8, '0'), n % 2, a.role_id, a.dept_id, a.post_id, ''
       from generate_series(1, $2::int) as n,
         (select tenant_id, password, role_id, dept_id, post_id from blade_user
           where tenant_id = $3 and account = 'admin' and is_deleted = 0) as a`,
      [ID_BASE.toString(), USER_COUNT, USERS_TENANT],
    )
    const insertMs = performance.now() - started
    await db.query('analyze blade_user')
    const {
      rows: [{ n }],
    } = await db.query('select count(*)::int as n from blade_user where tenant_id = $1 and is_deleted = 0', [
      USERS_TENANT,
    ])
    return { insertMs, tenantUsers: n }
  } finally {
    await db.close()
  }
}

/**
 * First start on an empty folder (initdb, migrations, seed), stop, insert the users, start again.
 * Returns the running server ({ child, baseUrl, … }) and the insert figures.
 */
export async function serverWith100kUsers({ port, dataDir, onChild = () => {} }) {
  const first = await startServer({ port, dataDir })
  onChild(first.child)
  await stopServer(first.child)
  const inserted = await insertUsers(dataDir)
  if (inserted.tenantUsers < USER_COUNT) {
    throw new Error(`tenant ${USERS_TENANT} has ${inserted.tenantUsers} users after the insert`)
  }
  const server = await startServer({ port, dataDir })
  onChild(server.child)
  return { server, ...inserted }
}

/** The three pages timed: first, middle (offset 49,990) and filtered (account like %user5%). */
export const PAGE_CASES = [
  { name: 'first page', query: { current: 1, size: 10 } },
  { name: 'middle page', query: { current: 5000, size: 10 } },
  { name: 'filtered page', query: { current: 1, size: 10, account: 'user5' } },
]

/** GET /xparkApi/blade-user/page for each case, one request at a time (after 3 unmeasured ones). */
export async function timeHttpPages(baseUrl, token, { runs = 30, warmup = 3 } = {}) {
  const out = []
  for (const c of PAGE_CASES) {
    const url = `${baseUrl}/xparkApi/blade-user/page?${new URLSearchParams(
      Object.entries(c.query).map(([k, v]) => [k, String(v)]),
    )}`
    const samples = []
    let last = null
    for (let i = 0; i < warmup + runs; i++) {
      const started = performance.now()
      const response = await fetch(url, { headers: { 'blade-auth': `bearer ${token}` } })
      const text = await response.text()
      const ms = performance.now() - started
      if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`)
      if (i >= warmup) samples.push(ms)
      last = text
    }
    const body = JSON.parse(last)
    out.push({
      name: c.name,
      url: url.slice(baseUrl.length),
      records: body.data?.records?.length ?? 0,
      total: body.data?.total ?? null,
      firstAccount: body.data?.records?.[0]?.account ?? null,
      responseBytes: Buffer.byteLength(last),
      ...summarise(samples),
    })
  }
  return out
}

// The statement selectPage (apps/server/src/core/query/page.ts) builds for blade-user as the tenant
// admin (no data-scope condition): every column but password, where scoped(...) (tenant,
// is_deleted = 0) and the filters (account → ilike '%v%'), order by id desc, limit/offset; then
// count(*) with the same where (a full page cannot tell the total).
// The Excel export (users-export.mjs) reads the same columns.
export const USER_COLUMNS = [
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
  'code',
  'user_type',
  'account',
  'password_default',
  'name',
  'real_name',
  'avatar',
  'email',
  'phone',
  'sex',
  'role_id',
  'dept_id',
  'post_id',
  'user_ext',
]
/**
 * The statements selectPage (apps/server/src/core/query/page.ts) sends for a page of blade-user as the
 * tenant admin, with bound parameters, and how to read records and total from their answers:
 * the planner estimate, then for a small answer (≤ 50,000 estimated rows: the filtered page) count and
 * ids in one pass and the rows by id; for a large one the page (size + 1 rows; a deep page of the id
 * order starts at the id an index-only scan finds) and the count.
 */
export function rawPageStatements({ current, size, account }, estimate) {
  const columns = USER_COLUMNS.map((c) => `"${c}"`).join(', ')
  const params = [USERS_TENANT, 0]
  let where = '("blade_user"."tenant_id" = $1 and "blade_user"."is_deleted" = $2'
  if (account !== undefined) {
    params.push(`%${account}%`)
    where += ` and "blade_user"."account" ilike $${params.length}`
  }
  where += ')'
  const offset = (current - 1) * size
  const explain = { text: `explain (format json) select 1 from "blade_user" where ${where}`, params }
  if (estimate === undefined) return { explain }
  const n = params.length
  if (estimate <= 50_000) {
    return {
      explain,
      steps: [
        {
          // as selectPage's one pass: the matching ids capped at twice ONE_PASS_MAX (core/query/page.ts)
          text:
            `select count(*)::int as n, ((array_agg("blade_user"."id" order by "blade_user"."id" desc))` +
            `[$${n + 1}:$${n + 2}])::text[] as ids from (select "blade_user"."id" from "blade_user" where ${where} ` +
            `limit $${n + 3}) as "blade_user"`,
          params: [...params, offset + 1, offset + size, Math.max(100_000, offset + size) + 1],
        },
        (prev) => ({
          text: `select ${columns} from "blade_user" where "blade_user"."id" in (select unnest($1::bigint[]))`,
          params: [prev.rows[0].ids ?? []],
        }),
      ],
      read: ([counted, rows]) => ({ records: rows.rows.length, total: counted.rows[0].n }),
    }
  }
  const page =
    offset > 0
      ? {
          text:
            `select ${columns} from "blade_user" where (${where} and "blade_user"."id" <= (select "id" from "blade_user" ` +
            `where ${where} order by "id" desc offset $${n + 1} limit 1)) order by "blade_user"."id" desc limit $${n + 2}`,
          params: [...params, offset, size + 1],
        }
      : {
          text: `select ${columns} from "blade_user" where ${where} order by "blade_user"."id" desc limit $${n + 1} offset $${n + 2}`,
          params: [...params, size + 1, offset],
        }
  return {
    explain,
    steps: [page, { text: `select count(*) from "blade_user" where ${where}`, params }],
    read: ([rows, counted]) => ({
      records: Math.min(size, rows.rows.length),
      total: Number(counted.rows[0].count),
    }),
  }
}

/** The same pages as raw SQL in PGlite opened on the (stopped) server's data folder, in this process. */
export async function timeRawPages(dataDir, { runs = 30, warmup = 3 } = {}) {
  const openStarted = performance.now()
  const db = await PGlite.create({ dataDir: join(dataDir, 'pg'), extensions: { pg_trgm } })
  const openMs = performance.now() - openStarted
  try {
    const out = []
    for (const c of PAGE_CASES) {
      const { explain } = rawPageStatements(c.query)
      const plan = (await db.query(explain.text, explain.params)).rows[0]['QUERY PLAN']
      const estimate = Math.round((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows'])
      const { steps, read } = rawPageStatements(c.query, estimate)
      const samples = []
      let answer = null
      for (let i = 0; i < warmup + runs; i++) {
        const started = performance.now()
        await db.query(explain.text, explain.params)
        const results = []
        for (const step of steps) {
          const s = typeof step === 'function' ? step(results.at(-1)) : step
          results.push(await db.query(s.text, s.params))
        }
        const ms = performance.now() - started
        answer = read(results)
        if (i >= warmup) samples.push(ms)
      }
      out.push({ name: c.name, estimate, ...answer, ...summarise(samples) })
    }
    return { openMs, cases: out, sql: rawPageStatements(PAGE_CASES[2].query, 0).steps[0].text }
  } finally {
    await db.close()
  }
}

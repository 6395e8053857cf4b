// Mixed load (issue 13, "Load and faults"): parks' administrators signing in, reading menus, paged and
// filtered user lists and details, creating and removing users and exporting a few, held for a while
// against the built server on a seeded database (100 parks, 1,000,000 users), next to bare Fastify
// with the same SQL for the reads; then every acknowledged write looked up in the database, and the
// user page's latency and query plans as one park grows to 10k, 100k and 1M users. PGlite, and
// PostgreSQL too when DATABASE_URL is set. Run: `node bench/load.mjs` (after a server build).
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { makeTarget } from './lib/bench-database.mjs'
import { DEPTS, deptIdOf, insertParkUsers, PASSWORD, seedParks, userIdOf } from './lib/load-data.mjs'
import { random, runMix } from './lib/mixed-load.mjs'
import {
  explain,
  loggedStatements,
  planSummary,
  planText,
  seqScansOn,
  tenantScopedTables,
} from './lib/plans.mjs'
import { databaseKinds, runAsScript } from './lib/run.mjs'
import { freePort, signIn, startServer, stopServer } from './lib/xpark-server.mjs'

const env = process.env
const USERS = Number(env.XPARK_BENCH_LOAD_USERS ?? 1_000_000)
const TENANTS = Number(env.XPARK_BENCH_LOAD_TENANTS ?? 100)
const SECONDS = Number(env.XPARK_BENCH_LOAD_SECONDS ?? 60)
/** the reads alone, on xpark and on the baseline (default half the mix, at least 10 s) */
const BASELINE_SECONDS = Number(
  env.XPARK_BENCH_LOAD_BASELINE_SECONDS ?? Math.max(10, Math.round(SECONDS / 2)),
)
const CONNECTIONS = Number(env.XPARK_BENCH_CONNECTIONS ?? 16)
const WARMUP_SECONDS = 3
/** the page tenant's sizes: 10k, 100k and 1M at the full size */
const PAGE_SIZES = (env.XPARK_BENCH_LOAD_PAGE_SIZES ?? `${USERS / 100},${USERS / 10},${USERS}`)
  .split(',')
  .map((s) => Math.round(Number(s)))
  .filter((n) => n > 0)
const PAGE_RUNS = 20
/**
 * Every request comes from 127.0.0.1: the per-address sign-in limit (30 a minute) would refuse the
 * load's sign-ins with 429, so the bench lifts it (and the per-account one) on its server. The
 * accounts signed in are many (every park's users), so no account is locked or needs the captcha.
 */
const SERVER_ENV = {
  XPARK_LOGIN_RATE_PER_ADDRESS: '1000000',
  XPARK_LOGIN_RATE_PER_ACCOUNT: '1000000',
}
/** requests per 100 of the mix (the reads first: the baseline replays those) */
const MIX = { routes: 22, page: 24, filtered: 16, detail: 22, signIn: 4, submit: 5, remove: 5, export: 2 }
const READS = ['routes', 'page', 'filtered', 'detail']
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
const line = (text = '') => console.log(`   ${text}`)
const md5 = (text) => createHash('md5').update(text).digest('hex')
const n0 = (n) => n.toLocaleString('en-US')

/** Start the bare baseline on the database (PGlite: the folder, which no server may hold then). */
async function startBaseline(target) {
  const script = fileURLToPath(new URL('./lib/load-baseline-server.mjs', import.meta.url))
  const child = spawn(process.execPath, [script], {
    env: {
      ...env,
      ...(target.url ? { LOAD_BASELINE_DATABASE_URL: target.url } : { LOAD_BASELINE_PGLITE: target.dataDir }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const first = await Promise.race([
    new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
    sleep(120_000).then(() => null),
  ])
  if (!first) throw new Error('the bare baseline did not start within 2 minutes')
  return { child, origin: `http://127.0.0.1:${JSON.parse(first).port}` }
}

/**
 * The mix's operations for `kind` ('xpark' or 'baseline'). Each request picks a park (all alike),
 * then rows of it: details and sign-ins among the lower half of its users, removes from the top
 * down (never a row read by another operation), creates with new accounts. `ledger` collects the
 * acknowledged writes.
 */
function operations(kind, { parks, tokens, adminRoles, ledger, rnd, run }, names = Object.keys(MIX)) {
  const pick = (n) => 1 + Math.floor(rnd() * n)
  const park = () => parks[Math.floor(rnd() * parks.length)]
  const auth = (p) => ({ 'blade-auth': `bearer ${tokens[p.tenantId]}` })
  const lower = (p) => pick(Math.max(1, Math.floor(p.users / 2)))
  const api = '/xparkApi'
  const xpark = kind === 'xpark'
  const get = (path, p, query) => ({
    path: xpark
      ? `${api}${path}?${new URLSearchParams(query)}`
      : `${path.replace(/^.*\//, '/')}?${new URLSearchParams({ tenantId: p.tenantId, ...query })}`,
    headers: xpark ? auth(p) : {},
  })
  const ops = {
    routes: {
      make: () => {
        const p = park()
        return xpark
          ? { path: `${api}/blade-system/menu/routes`, headers: auth(p) }
          : { path: `/routes?roleId=${adminRoles[p.tenantId]}` }
      },
    },
    page: { make: () => get('/blade-user/page', park(), { current: String(pick(5)), size: '10' }) },
    filtered: {
      make: () => {
        const p = park()
        // half by account (contains user<1..99>), half by a department and its children
        return rnd() < 0.5
          ? get('/blade-user/page', p, { current: '1', size: '10', account: `user${pick(99)}` })
          : get('/blade-user/page', p, { current: '1', size: '10', deptId: deptIdOf(p.t, pick(DEPTS)) })
      },
      check: (_s, _h, text) => (JSON.parse(text).data.records.length ? null : 'an empty page'),
    },
    detail: {
      make: () => {
        const p = park()
        return get('/blade-user/detail', p, { id: userIdOf(p.t, lower(p)) })
      },
    },
  }
  // accounts are numbered across the calls of one run (warm-up, then the measured mix)
  const next = () => {
    ledger.sequence = (ledger.sequence ?? 0) + 1
    return ledger.sequence
  }
  if (xpark)
    Object.assign(ops, {
      signIn: {
        make: () => {
          const p = park()
          const query = new URLSearchParams({
            tenantId: p.tenantId,
            username: `user${lower(p)}`,
            password: md5(PASSWORD),
            grant_type: 'password',
            scope: 'all',
          })
          return {
            method: 'POST',
            path: `${api}/blade-auth/oauth/token?${query}`,
            headers: { authorization: `Basic ${Buffer.from('xpark:').toString('base64')}` },
          }
        },
        check: (_s, _h, text) => (JSON.parse(text).access_token ? null : `no token: ${text.slice(0, 120)}`),
      },
      submit: {
        make: () => {
          const p = park()
          const n = next()
          const account = `load-${run}-${n}`
          return {
            method: 'POST',
            path: `${api}/blade-user/submit`,
            headers: { ...auth(p), 'content-type': 'application/json' },
            body: JSON.stringify({
              account,
              realName: `负载 ${n}`,
              roleId: p.staffRole,
              deptId: deptIdOf(p.t, pick(DEPTS)),
              password: md5(PASSWORD),
            }),
            write: { tenantId: p.tenantId, account },
          }
        },
        acknowledged: (request) => ledger.created.push(request.write),
      },
      remove: {
        make: () => {
          const p = park()
          // from the top of the park down to its upper half's end
          if (p.removeNext <= Math.floor(p.users / 2)) return null
          const id = userIdOf(p.t, p.removeNext--)
          return { method: 'POST', path: `${api}/blade-user/remove?ids=${id}`, headers: auth(p), write: id }
        },
        acknowledged: (request) => ledger.removed.push(request.write),
      },
      export: {
        binary: true,
        make: () => {
          const p = park()
          // a few rows: accounts containing user<100..999> (at most 111 below 100,000 users, 1,111 above)
          return {
            path: `${api}/blade-user/export-user?${new URLSearchParams({ account: `user${99 + pick(900)}` })}`,
            headers: auth(p),
          }
        },
        check: (_s, headers, buffer) =>
          String(headers['content-type']).includes('spreadsheetml') &&
          buffer.subarray(0, 2).toString() === 'PK'
            ? null
            : `not an xlsx (${headers['content-type']}, ${buffer.length} bytes)`,
      },
    })
  return Object.fromEntries(names.map((name) => [name, { ...ops[name], weight: MIX[name] }]))
}

/** Every park administrator's token (four sign-ins at a time). */
async function adminTokens(baseUrl, parks) {
  const tokens = {}
  const queue = [...parks]
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let p = queue.shift(); p; p = queue.shift())
        tokens[p.tenantId] = await signIn(baseUrl, {
          tenantId: p.tenantId,
          username: 'admin',
          password: PASSWORD,
        })
    }),
  )
  return tokens
}

function printMix(xpark, reads, bare) {
  const figures = (m) =>
    `${String(m.perSecond).padStart(8)}${String(m.p50).padStart(7)}${String(m.p99).padStart(7)}`
  line(
    `${''.padEnd(10)}${'the mix'.padEnd(45)}│ ${'reads alone: xpark'.padEnd(23)}│ ${'bare Fastify + SQL'.padEnd(23)}│`,
  )
  line(
    `${'operation'.padEnd(10)}${'count'.padStart(8)}${'ok/s'.padStart(8)}${'p50'.padStart(7)}${'p99'.padStart(8)}${'errors'.padStart(7)}${''.padStart(7)}` +
      `│${'ok/s'.padStart(8)}${'p50'.padStart(7)}${'p99'.padStart(7)} │${'ok/s'.padStart(8)}${'p50'.padStart(7)}${'p99'.padStart(7)} │ xpark ÷ bare`,
  )
  let errors = 0
  for (const [name, m] of Object.entries(xpark.operations)) {
    const r = reads?.operations[name]
    const b = bare?.operations[name]
    errors += m.errors + (r?.errors ?? 0)
    line(
      `${name.padEnd(10)}${n0(m.sent).padStart(8)}${String(m.perSecond).padStart(8)}${String(m.p50).padStart(7)}${String(m.p99).padStart(8)}${String(m.errors).padStart(7)}${''.padStart(7)}` +
        (r && b
          ? `│${figures(r)} │${figures(b)} │ ${`${((100 * r.perSecond) / b.perSecond).toFixed(1)}%`.padStart(6)}` +
            (r.errors || b.errors ? `  (errors: xpark ${r.errors}, bare ${b.errors})` : '')
          : '│'),
    )
  }
  const answered = (run) => Object.values(run.operations).reduce((a, m) => a + m.ok, 0)
  line(
    `the mix: ${n0(answered(xpark))} answered in ${xpark.seconds} s = ${(answered(xpark) / xpark.seconds).toFixed(1)} req/s; ` +
      `reads alone: xpark ${(answered(reads) / reads.seconds).toFixed(1)} req/s, bare ${(answered(bare) / bare.seconds).toFixed(1)} req/s`,
  )
  line(`errors on xpark: ${errors} ${errors ? '(target 0: FAIL)' : '(target 0: PASS)'}`)
  for (const [label, run] of [
    ['', xpark],
    ['reads alone ', reads],
    ['bare ', bare],
  ])
    for (const [name, m] of Object.entries(run.operations))
      for (const s of m.errorSamples) line(`  ${label}${name} error: ${s}`)
}

/** Look up every acknowledged write in the database (the server stopped). */
async function countCheck(raw, ledger) {
  let createdFound = 0
  for (let i = 0; i < ledger.created.length; i += 1000) {
    const part = ledger.created.slice(i, i + 1000)
    const [row] = await raw.query(
      `select count(*)::int as n from blade_user u
       join unnest($1::text[], $2::text[]) as w(tenant_id, account) on u.tenant_id = w.tenant_id and u.account = w.account
       where u.is_deleted = 0`,
      [part.map((w) => w.tenantId), part.map((w) => w.account)],
    )
    createdFound += row.n
  }
  let removedFound = 0
  for (let i = 0; i < ledger.removed.length; i += 1000) {
    const [row] = await raw.query(
      `select count(*)::int as n from blade_user where id = any($1::bigint[]) and is_deleted = 1`,
      [ledger.removed.slice(i, i + 1000)],
    )
    removedFound += row.n
  }
  const created = { acknowledged: ledger.created.length, found: createdFound }
  const removed = { acknowledged: ledger.removed.length, found: removedFound }
  const ok = created.acknowledged === created.found && removed.acknowledged === removed.found
  line(`count check (database read directly, server stopped):`)
  line(`  created: acknowledged ${n0(created.acknowledged)}, found ${n0(created.found)}`)
  line(`  removed: acknowledged ${n0(removed.acknowledged)}, found ${n0(removed.found)} (is_deleted = 1)`)
  line(`  ${ok ? 'PASS: every acknowledged write is there' : 'FAIL: acknowledged writes are missing'}`)
  return { created, removed, ok }
}

/** The pages timed for the page tenant at one size. */
function pageCases(pageTenant, size) {
  const deep = Math.max(2, Math.min(5000, Math.floor(size / 10 / 2)))
  return [
    { key: 'first', label: 'first page', query: { current: 1, size: 10 } },
    { key: 'account', label: 'account like user5', query: { current: 1, size: 10, account: 'user5' } },
    {
      key: 'dept',
      label: 'dept 1 + children',
      query: { current: 1, size: 10, deptId: deptIdOf(pageTenant.t, 1) },
    },
    { key: 'deep', label: `page ${n0(deep)}`, query: { current: deep, size: 10 } },
    // the mix's small export, for its plan: the rows the page with this filter lists, in batches
    { key: 'export', label: 'export, account user123', query: { account: 'user123' }, export: true },
  ]
}

async function pageRequest(baseUrl, token, c) {
  const path = c.export ? 'export-user' : 'page'
  const response = await fetch(`${baseUrl}/xparkApi/blade-user/${path}?${new URLSearchParams(c.query)}`, {
    headers: { 'blade-auth': `bearer ${token}` },
  })
  if (c.export) {
    const bytes = (await response.arrayBuffer()).byteLength
    if (!response.ok || !String(response.headers.get('content-type')).includes('spreadsheetml'))
      throw new Error(`${c.label}: HTTP ${response.status} ${response.headers.get('content-type')}`)
    return { records: [], total: bytes, bytes }
  }
  const body = await response.json()
  if (!response.ok || body.success !== true)
    throw new Error(`${c.label}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`)
  return body.data
}

/** The page tenant grown to each size: the pages one at a time (p50/p99), then their plans. */
async function pageLatency(target, seeded, port, onChild) {
  const { pageTenant, template } = seeded
  let tables
  const out = []
  const texts = []
  let have = 0
  for (const size of PAGE_SIZES) {
    const loadStarted = performance.now()
    await withRaw(target, async (raw) => {
      tables ??= await tenantScopedTables(raw)
      await insertParkUsers(raw, template, [{ t: pageTenant.t, from: have + 1, to: size }])
      await raw.exec('vacuum analyze blade_user')
      await raw.exec('vacuum analyze blade_user_dept')
    })
    have = size
    const loadMs = performance.now() - loadStarted
    const cases = pageCases(pageTenant, size)
    const timing = {}
    const statements = {}
    // one server per size, with the SQL log on (statements to stderr): the pages are timed first,
    // then each is sent once more and the statements it ran are cut out of the log
    const server = await startServer({
      port,
      dataDir: target.dataDir,
      env: { ...SERVER_ENV, ...target.env, XPARK_SQL_LOG: 'on' },
    })
    onChild(server.child)
    try {
      const token = await signIn(server.baseUrl, {
        tenantId: pageTenant.tenantId,
        username: 'admin',
        password: PASSWORD,
      })
      for (const c of cases) {
        const samples = []
        let data
        for (let i = 0; i < 3 + PAGE_RUNS; i++) {
          const started = performance.now()
          data = await pageRequest(server.baseUrl, token, c)
          if (i >= 3) samples.push(performance.now() - started)
        }
        samples.sort((a, b) => a - b)
        timing[c.key] = {
          p50: Number(samples[Math.floor(samples.length / 2)].toFixed(1)),
          p99: Number(samples[Math.min(samples.length - 1, Math.ceil(0.99 * samples.length) - 1)].toFixed(1)),
          records: data.records.length,
          total: data.total,
          ...(c.export ? { bytes: data.bytes } : {}),
        }
      }
      for (const c of cases) {
        await sleep(50)
        const mark = server.child.log().length
        await pageRequest(server.baseUrl, token, c)
        await sleep(100)
        statements[c.key] = loggedStatements(server.child.log(), mark, (s) =>
          /blade_(user|dept)/.test(s.query),
        )
      }
    } finally {
      await stopServer(server.child)
    }
    const plans = await withRaw(target, (raw) => explain(raw, statements))
    const seqScans = seqScansOn(plans, tables)
    line(
      `${n0(size)} users in park ${pageTenant.tenantId} (${n0(have)} there, added in ${(loadMs / 1000).toFixed(1)} s with vacuum analyze)`,
    )
    for (const c of cases) {
      const m = timing[c.key]
      line(
        `  ${c.label.padEnd(24)} p50 ${`${m.p50} ms`.padStart(9)}  p99 ${`${m.p99} ms`.padStart(9)}   ` +
          (c.export ? `${(m.bytes / 1000).toFixed(1)} KB xlsx` : `${m.records}/${n0(m.total)}`),
      )
    }
    line(`  plans (first nodes; whole plans in bench/results/):`)
    planSummary(plans, (text) => line(`    ${text}`))
    const named = (list) => [...new Set(list.map((s) => `${s.table} (${s.key})`))].join(', ')
    const scoped = seqScans.filter((s) => s.tenantScoped)
    const other = seqScans.filter((s) => !s.tenantScoped)
    line(
      `  Seq Scan on a tenant-scoped table: ${scoped.length ? `YES: ${named(scoped)}` : 'none'}` +
        (other.length ? `; on other tables: ${named(other)}` : ''),
    )
    out.push({ size, loadMs: Math.round(loadMs), pages: timing, seqScans, plans })
    texts.push(planText(`${target.kind}, ${n0(size)} users in park ${pageTenant.tenantId}`, plans))
  }
  return { sizes: out, text: texts.join('\n\n') }
}

/** A raw connection for `use`, closed after (PGlite's folder is free again for a server). */
async function withRaw(target, use) {
  const raw = await target.openRaw()
  try {
    return await use(raw)
  } finally {
    await raw.close()
  }
}

async function benchLoad(kind, onChild) {
  const target = await makeTarget(kind, 'xpark_load')
  const run = Date.now().toString(36)
  const result = {
    kind,
    users: USERS,
    tenants: TENANTS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    mix: MIX,
  }
  try {
    console.log(`\n-- ${kind}`)
    const port = await freePort()
    const first = await startServer({ port, dataDir: target.dataDir, env: { ...SERVER_ENV, ...target.env } })
    onChild(first.child)
    await stopServer(first.child)

    const seedStarted = performance.now()
    const seeded = await withRaw(target, async (raw) => {
      const s = await seedParks(raw, {
        tenants: TENANTS,
        users: USERS,
        progress: (text) =>
          line(`seeding: ${text} (${((performance.now() - seedStarted) / 1000).toFixed(0)} s)`),
      })
      // what autovacuum does on PostgreSQL (PGlite has none): statistics and the visibility map
      await raw.exec('vacuum analyze')
      return s
    })
    result.seedMs = Math.round(performance.now() - seedStarted)
    const largest = seeded.parks[0].users
    const smallest = seeded.parks.at(-1).users
    line(
      `seeded ${n0(USERS)} users over ${TENANTS} parks (largest ${n0(largest)}, smallest ${n0(smallest)}; ${DEPTS} depts each) in ${(result.seedMs / 1000).toFixed(1)} s`,
    )

    // ---- the mix on the built server
    const parks = seeded.parks.map((p) => ({ ...p, removeNext: p.users }))
    const ledger = { created: [], removed: [] }
    const server = await startServer({ port, dataDir: target.dataDir, env: { ...SERVER_ENV, ...target.env } })
    onChild(server.child)
    let xpark
    let xparkReads
    try {
      const tokens = await adminTokens(server.baseUrl, parks)
      const context = { parks, tokens, adminRoles: {}, ledger, rnd: random(13), run }
      await runMix({
        origin: server.baseUrl,
        ops: operations('xpark', context),
        seconds: WARMUP_SECONDS,
        connections: CONNECTIONS,
        seed: 7,
      })
      xpark = await runMix({
        origin: server.baseUrl,
        ops: operations('xpark', context),
        seconds: SECONDS,
        connections: CONNECTIONS,
        seed: 13,
      })
      // the reads alone, as the baseline runs them: the like-for-like ratio
      xparkReads = await runMix({
        origin: server.baseUrl,
        ops: operations('xpark', context, READS),
        seconds: BASELINE_SECONDS,
        connections: CONNECTIONS,
        seed: 13,
      })
    } finally {
      const stopped = await stopServer(server.child)
      result.serverExit = stopped
      if (stopped.code !== 0) line(`the server exited with ${JSON.stringify(stopped)}`)
    }
    result.loadAverage = os.loadavg().map((n) => Number(n.toFixed(2)))

    // ---- the same reads on bare Fastify + the same SQL
    const adminRoles = Object.fromEntries(
      await withRaw(target, async (raw) =>
        (
          await raw.query(
            `select tenant_id, id::text from blade_role where role_alias = 'admin' and is_deleted = 0 and tenant_id = any($1::text[])`,
            [parks.map((p) => p.tenantId)],
          )
        ).map((r) => [r.tenant_id, r.id]),
      ),
    )
    const baseline = await startBaseline(target)
    onChild(baseline.child)
    let bare
    try {
      const context = { parks, tokens: {}, adminRoles, ledger, rnd: random(13), run }
      await runMix({
        origin: baseline.origin,
        ops: operations('baseline', context, READS),
        seconds: WARMUP_SECONDS,
        connections: CONNECTIONS,
        seed: 7,
      })
      bare = await runMix({
        origin: baseline.origin,
        ops: operations('baseline', context, READS),
        seconds: BASELINE_SECONDS,
        connections: CONNECTIONS,
        seed: 13,
      })
    } finally {
      await stopServer(baseline.child)
    }
    line(
      `${CONNECTIONS} connections; the mix ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, then the reads alone ${BASELINE_SECONDS} s on xpark and on bare Fastify + the same SQL; p50/p99 in ms; load average ${result.loadAverage.join(' ')}`,
    )
    printMix(xpark, xparkReads, bare)
    result.xpark = xpark
    result.xparkReads = xparkReads
    result.bare = bare

    result.countCheck = await withRaw(target, (raw) => countCheck(raw, ledger))

    // ---- one park's page at growing sizes, with plans
    line()
    line(
      `user page of one park at ${PAGE_SIZES.map(n0).join(' / ')} users (one request at a time, ${PAGE_RUNS} after 3):`,
    )
    const pages = await pageLatency(target, seeded, port, onChild)
    result.pages = pages.sizes
    mkdirSync(resultsDir, { recursive: true })
    writeFileSync(join(resultsDir, `load-${kind}.json`), `${JSON.stringify(result, null, 2)}\n`)
    writeFileSync(join(resultsDir, `load-plans-${kind}.txt`), `${pages.text}\n`)
    line(`wrote bench/results/load-${kind}.json and load-plans-${kind}.txt`)
    return result
  } finally {
    await target.drop()
  }
}

runAsScript(import.meta.url, 'load', 90, async (onChild) => {
  console.log(
    `\n== Mixed load: ${n0(USERS)} users over ${TENANTS} parks, ${SECONDS} s, ${CONNECTIONS} connections ` +
      `(load average at start ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, ${os.cpus().length} cores)`,
  )
  let failed = false
  for (const kind of databaseKinds('XPARK_BENCH_LOAD_KINDS')) {
    const r = await benchLoad(kind, onChild)
    if (!r.countCheck.ok) failed = true
  }
  return failed ? 1 : 0
})

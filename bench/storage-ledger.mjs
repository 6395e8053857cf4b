// The storage pages as the ledger grows: GET /xparkApi/park-storage/storage/summaryGoods (the goods
// summary over the last 30 days), storage/queryStorage (stock by batch) and storage/queryStorageRecord
// (the ledger's own list) for the demo park (tenant 100001) with 10,000, then 100,000 and 1,000,000
// ledger entries; on PGlite, and on PostgreSQL too when DATABASE_URL is set. Issue 9: each page at
// 1,000,000 entries within 2x of its time at 10,000. Run: `node bench/storage-ledger.mjs` (after a build).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { makeTarget } from './lib/bench-database.mjs'
import { explain, loggedStatements, planSummary, planText } from './lib/plans.mjs'
import { aloneMedianMs, databaseKinds, runAsScript } from './lib/run.mjs'
import { compare } from './lib/throughput.mjs'
import { freePort, signIn, startServer, stopServer } from './lib/xpark-server.mjs'

const SIZES = (process.env.XPARK_BENCH_LEDGER_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0)
const settings = {
  connections: Number(process.env.XPARK_BENCH_CONNECTIONS ?? 16),
  durationSeconds: Number(process.env.XPARK_BENCH_DURATION ?? 6),
  warmupSeconds: 1,
  rounds: Number(process.env.XPARK_BENCH_ROUNDS ?? 3),
  pauseMs: 500,
}
const TENANT = '100001'
const TARGET = 2
const SEQUENTIAL_RUNS = 7
const SERVER_ENV = { XPARK_LOGIN_RATE_PER_ADDRESS: '100000', XPARK_LOGIN_RATE_PER_ACCOUNT: '100000' }
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
const line = (text = '') => console.log(`   ${text}`)

const two = (n) => String(n).padStart(2, '0')
const wireTime = (d) =>
  `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`

function cases() {
  const now = new Date()
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600 * 1000)
  return [
    {
      key: 'summary',
      label: 'goods summary, last 30 days',
      path: 'park-storage/storage/summaryGoods',
      query: { current: 1, size: 10, startTime: wireTime(monthAgo), endTime: wireTime(now) },
    },
    {
      key: 'summaryDeep',
      label: 'goods summary, page 8',
      path: 'park-storage/storage/summaryGoods',
      query: { current: 8, size: 10, startTime: wireTime(monthAgo), endTime: wireTime(now) },
    },
    {
      key: 'stock',
      label: 'storage query (stock)',
      path: 'park-storage/storage/queryStorage',
      query: { current: 1, size: 10 },
    },
    {
      key: 'records',
      label: 'ledger records, first page',
      path: 'park-storage/storage/queryStorageRecord',
      query: { current: 1, size: 10 },
    },
  ]
}

const urlOf = (baseUrl, c) =>
  `${baseUrl}/xparkApi/${c.path}?${new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)]))}`

async function probe(baseUrl, c, token) {
  const response = await fetch(urlOf(baseUrl, c), { headers: { 'blade-auth': `bearer ${token}` } })
  const body = await response.json()
  if (!response.ok || body.success !== true)
    throw new Error(`${c.label}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`)
  return { records: body.data.records.length, total: body.data.total, first: body.data.records[0] }
}

/**
 * The model: every stock key (each demo goods in each demo warehouse, batch `bench`) moves once a day,
 * so the ledger grows by history, as a park's does; a size is that many entries in all, the newest
 * today. Each key starts with an init entry of 1000, then alternates +5 in and -3 out, and its stock
 * row holds its last balance, so ledger and stock agree as the server keeps them.
 */
async function seedLedger(raw, entries) {
  await raw.exec(`delete from xpark_storage_ledger where batch_code = 'bench'`)
  await raw.exec(`delete from xpark_storage_stock where batch_code = 'bench'`)
  const [{ keys }] = await raw.query(
    `select count(*)::int as keys from xpark_storage_goods g cross join xpark_storage_warehouse w
      where g.tenant_id = $1 and w.tenant_id = $1 and g.is_deleted = 0 and w.is_deleted = 0`,
    [TENANT],
  )
  const perKey = Math.max(2, Math.ceil(entries / keys))
  // balance after entry k of a key: 1000, then +5 on odd k and -3 on even k
  const after = (k) => `(1000 + 5 * ((${k} + 1) / 2) - 3 * (${k} / 2))`
  await raw.exec(`
    insert into xpark_storage_ledger (id, tenant_id, kind, warehouse_id, goods_id, batch_code, bill_id, bill_no,
      quantity, before, after, price, create_time, update_time)
    select 8000000000000000000 + key_no * 100000 + k, '${TENANT}',
      case when k = 0 then 8 when k % 2 = 1 then 1 else 2 end,
      warehouse_id, goods_id, 'bench', 8100000000000000000 + k, 'BENCH',
      case when k = 0 then 1000 when k % 2 = 1 then 5 else -3 end,
      ${after('k')} - case when k = 0 then 1000 when k % 2 = 1 then 5 else -3 end,
      ${after('k')}, price,
      now() - (${perKey - 1} - k) * interval '1 day' - key_no::int * interval '1 second',
      now() - (${perKey - 1} - k) * interval '1 day' - key_no::int * interval '1 second'
    from (select g.id as goods_id, w.id as warehouse_id, g.price,
            row_number() over (order by g.id, w.id) as key_no
          from xpark_storage_goods g cross join xpark_storage_warehouse w
          where g.tenant_id = '${TENANT}' and w.tenant_id = '${TENANT}' and g.is_deleted = 0 and w.is_deleted = 0) keys
    cross join generate_series(0, ${perKey - 1}) as k`)
  await raw.exec(`
    insert into xpark_storage_stock (id, tenant_id, warehouse_id, goods_id, batch_code, quantity, price)
    select 8200000000000000000 + row_number() over (order by goods_id, warehouse_id), '${TENANT}',
      warehouse_id, goods_id, 'bench', ${after(perKey - 1)}, price
    from (select distinct goods_id, warehouse_id, price from xpark_storage_ledger where batch_code = 'bench') k`)
  const [{ n }] = await raw.query(
    `select count(*)::int as n from xpark_storage_ledger where tenant_id = $1`,
    [TENANT],
  )
  return { keys, perKey, total: n }
}

async function measure(target, port, onChild) {
  const list = cases()
  const server = await startServer({ port, dataDir: target.dataDir, env: { ...SERVER_ENV, ...target.env } })
  onChild(server.child)
  try {
    const token = await signIn(server.baseUrl, { tenantId: TENANT, username: 'admin' })
    const answers = {}
    const alone = {}
    for (const c of list) {
      answers[c.key] = await probe(server.baseUrl, c, token)
      alone[c.key] = await aloneMedianMs(() => probe(server.baseUrl, c, token), SEQUENTIAL_RUNS)
    }
    const measured = await compare(
      Object.fromEntries(
        list.map((c) => [
          c.key,
          { url: urlOf(server.baseUrl, c), headers: { 'blade-auth': `bearer ${token}` } },
        ]),
      ),
      settings,
    )
    return { list, answers, alone, measured }
  } finally {
    await stopServer(server.child)
  }
}

async function captureStatements(target, port, onChild) {
  const server = await startServer({
    port,
    dataDir: target.dataDir,
    env: { ...SERVER_ENV, ...target.env, XPARK_SQL_LOG: 'on' },
  })
  onChild(server.child)
  try {
    const token = await signIn(server.baseUrl, { tenantId: TENANT, username: 'admin' })
    const out = {}
    for (const c of cases()) {
      await probe(server.baseUrl, c, token)
      await sleep(50)
      const mark = server.child.log().length
      await probe(server.baseUrl, c, token)
      await sleep(100)
      out[c.key] = loggedStatements(server.child.log(), mark, (st) =>
        /xpark_storage_(ledger|stock|goods)/.test(st.query),
      )
    }
    return out
  } finally {
    await stopServer(server.child)
  }
}

function report(kind, seeded, run) {
  line(
    `${kind}, ${seeded.total.toLocaleString('en-US')} ledger entries ` +
      `(${seeded.keys} keys × ${seeded.perKey.toLocaleString('en-US')} days of history)`,
  )
  line(`${'page'.padEnd(32)}  req/s   p50   p99    alone  records/total`)
  for (const c of run.list) {
    const m = run.measured[c.key]
    const a = run.answers[c.key]
    line(
      `${c.label.padEnd(32)}${String(Math.round(m.requestsPerSecond)).padStart(6)}${String(m.latencyMs.p50).padStart(6)}${String(
        m.latencyMs.p99,
      ).padStart(6)}${`${run.alone[c.key]} ms`.padStart(9)}  ${a.records}/${a.total}` +
        (m.non2xx || m.errors ? `  (${m.non2xx} non-2xx, ${m.errors} errors)` : ''),
    )
  }
}

export async function benchLedger(kind, { onChild = () => {} } = {}) {
  const target = await makeTarget(kind, 'xpark_ledger')
  const sizes = []
  const planTexts = []
  try {
    const port = await freePort()
    // the first start migrates and seeds the demo park (its goods and warehouses are the keys)
    const first = await startServer({ port, dataDir: target.dataDir, env: { ...SERVER_ENV, ...target.env } })
    onChild(first.child)
    await stopServer(first.child)
    for (const size of SIZES) {
      let raw = await target.openRaw()
      const started = performance.now()
      const seeded = await seedLedger(raw, size)
      await raw.exec('vacuum analyze')
      const loadMs = Math.round(performance.now() - started)
      if (!target.rawWhileServing) await raw.close()
      const run = await measure(target, port, onChild)
      const statements = await captureStatements(target, port, onChild)
      if (!target.rawWhileServing) raw = await target.openRaw()
      const plans = await explain(raw, statements)
      await raw.close()
      report(kind, seeded, run)
      line(`loaded in ${(loadMs / 1000).toFixed(1)} s; plans (first nodes):`)
      planSummary(plans, line)
      line()
      planTexts.push(planText(`${kind}, ${seeded.total} entries`, plans))
      sizes.push({
        entries: seeded.total,
        keys: seeded.keys,
        days: seeded.perKey,
        pages: Object.fromEntries(
          run.list.map((c) => [
            c.key,
            {
              label: c.label,
              requestsPerSecond: run.measured[c.key].requestsPerSecond,
              latencyMs: run.measured[c.key].latencyMs,
              aloneMsP50: run.alone[c.key],
              total: run.answers[c.key].total,
            },
          ]),
        ),
      })
    }
  } finally {
    await target.drop()
  }
  if (sizes.length > 1) {
    const [smallest, largest] = [sizes[0], sizes.at(-1)]
    const verdicts = Object.keys(largest.pages).map((key) => {
      const slower = smallest.pages[key].requestsPerSecond / largest.pages[key].requestsPerSecond
      const aloneSlower = largest.pages[key].aloneMsP50 / smallest.pages[key].aloneMsP50
      return `${key} ${slower.toFixed(2)}x slower by rate, ${aloneSlower.toFixed(2)}x alone ${
        Math.max(slower, aloneSlower) <= TARGET ? 'PASS' : 'OVER'
      }`
    })
    line(
      `${kind}: ${largest.entries.toLocaleString('en-US')} against ${smallest.entries.toLocaleString('en-US')} entries ` +
        `(target within ${TARGET}x): ${verdicts.join('; ')}`,
    )
  }
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(join(resultsDir, `ledger-${kind}.json`), `${JSON.stringify({ kind, sizes }, null, 2)}\n`)
  writeFileSync(join(resultsDir, `ledger-plans-${kind}.txt`), `${planTexts.join('\n\n')}\n`)
  line(`wrote bench/results/ledger-${kind}.json and ledger-plans-${kind}.txt`)
}

runAsScript(import.meta.url, 'storage-ledger', 30, async (onChild) => {
  console.log(
    `\n== Storage pages as the ledger grows: ${SIZES.map((s) => s.toLocaleString('en-US')).join(' / ')} entries ` +
      `(autocannon ${settings.connections} connections, ${settings.durationSeconds} s each in ${settings.rounds} rounds)`,
  )
  for (const kind of databaseKinds('XPARK_BENCH_LEDGER_KINDS')) await benchLedger(kind, { onChild })
})

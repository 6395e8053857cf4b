// Bench section 12 (issue 29): alarm fan-out on two server processes. Both built servers share one
// PostgreSQL database, one Redis and a private mosquitto (MQTT 5 shared subscriptions). A load process
// publishes R readings a second (5,000) of M sensors (100) for D s (60) against 1,000 metric rules (ten a
// sensor), all below their threshold but one crossing a second on a rule of its own. Each crossing opens
// an alarm whose rule notifies a group of 500 members. Measured: crossing publish → the alarm's SSE frame
// at C consoles (100, half on each process), p50/p95/p99 (budget p95 < 1 s); publish → the 500 message
// rows written; duplicate alarms (none). Then a filtered page of 1,000,000 alarm records against the
// same page at 10,000. Run: `node bench/alarms.mjs` after `npm run build`. See bench/README.md.
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { makeTarget } from './lib/bench-database.mjs'
import { writeSectionResults } from './lib/budgets.mjs'
import { percentile, pool } from './lib/device-load.mjs'
import { privateMosquitto } from './lib/private-mosquitto.mjs'
import { runAsScript } from './lib/run.mjs'
import { apiCall, freePort, signIn, startServer, stopServer } from './lib/xpark-server.mjs'

const TENANT = '100001'
const SENSORS = Number(process.env.XPARK_BENCH_ALARM_SENSORS ?? 100)
const RULES = Number(process.env.XPARK_BENCH_ALARM_RULES ?? 1000)
const RATE = Number(process.env.XPARK_BENCH_ALARM_RATE ?? 5000)
const SECONDS = Number(process.env.XPARK_BENCH_ALARM_SECONDS ?? 60)
const CONSOLES = Number(process.env.XPARK_BENCH_ALARM_CONSOLES ?? 100)
const MEMBERS = Number(process.env.XPARK_BENCH_ALARM_MEMBERS ?? 500)
const RECORDS = Number(process.env.XPARK_BENCH_ALARM_RECORDS ?? 1_000_000)
const SMALL = 10_000
const METRICS = Math.ceil(RULES / SENSORS)
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const MEMBER_BASE = 9_100_000_000_000_000n
const line = (text = '') => console.log(`   ${text}`)
const round = (n, d = 1) => (n === null || n === undefined || Number.isNaN(n) ? null : Number(n.toFixed(d)))

export const ALARM_BUDGETS = [
  { name: 'crossing → SSE frame p95', read: (r) => r.fanOut?.frameP95Ms, max: 1000, show: (v) => `${v} ms` },
  { name: 'duplicate alarms', read: (r) => r.fanOut?.duplicates, max: 0, show: (v) => String(v) },
  {
    name: `filtered page at ${RECORDS.toLocaleString('en-US')} ÷ at ${SMALL.toLocaleString('en-US')}`,
    read: (r) => r.page?.ratio,
    max: 2,
    show: (v) => v.toFixed(2),
  },
]

async function redisReachable() {
  const { Redis } = await import('ioredis')
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await r.connect()
    await r.ping()
    return true
  } catch {
    return false
  } finally {
    r.disconnect()
  }
}

/** A console's live stream of the alarm list: the time each alarm id was first seen in a frame. */
function openConsole(baseUrl, token, seen) {
  const controller = new AbortController()
  const ready = (async () => {
    const res = await fetch(`${baseUrl}/xparkApi/park-manage/AlarmRecord/live`, {
      headers: { 'Blade-Auth': `bearer ${token}` },
      signal: controller.signal,
    })
    if (!res.ok) throw new Error(`live: HTTP ${res.status}`)
    const reader = res.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return
          const now = Date.now()
          text += decoder.decode(value, { stream: true })
          for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
            const frame = text.slice(0, end)
            text = text.slice(end + 2)
            const data = /^data: (.*)$/m.exec(frame)?.[1]
            if (!data) continue
            let changes
            try {
              changes = JSON.parse(data)
            } catch {
              continue
            }
            if (Array.isArray(changes))
              for (const c of changes) if (c.opened && !seen.has(c.id)) seen.set(c.id, now)
          }
        }
      } catch {
        // closed at the end
      }
    })()
  })()
  return { ready, close: () => controller.abort() }
}

function readingsLoad(options, onChild) {
  const child = fork(
    fileURLToPath(new URL('./lib/readings-load-child.mjs', import.meta.url)),
    [JSON.stringify(options)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  onChild(child)
  return new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m.done) resolve({ ...m.done, finish: () => child.send({ exit: true }) })
      else if (m.second > 0 && m.second % 10 === 0)
        line(`... ${m.second} s, load average ${os.loadavg()[0].toFixed(1)}`)
    })
    child.once('exit', (code) => reject(new Error(`readings load exited ${code} before it was done`)))
  })
}

async function prepare(raw, baseUrl, token) {
  const started = performance.now()
  const sensors = await pool(SENSORS, 8, (n) =>
    apiCall(baseUrl, token, 'park-manage/machine/updateMachine', {
      code: `ALARM-${String(n + 1).padStart(4, '0')}`,
      name: `bench sensor ${n + 1}`,
      type: 7,
    }).then((d) => ({ id: String(d.id), code: `ALARM-${String(n + 1).padStart(4, '0')}` })),
  )
  // the group's members: copies of the tenant's administrator (the bench only needs them to exist)
  await raw.query(
    `insert into blade_user (id, tenant_id, account, password, real_name, role_id, dept_id, create_dept)
     select $1::bigint + n, tenant_id, 'alarm' || n, password, '值班员' || n, role_id, dept_id, create_dept
     from blade_user, generate_series(1, $2::int) as n where tenant_id = $3 and account = 'admin' and is_deleted = 0`,
    [MEMBER_BASE.toString(), MEMBERS, TENANT],
  )
  const memberIds = Array.from({ length: MEMBERS }, (_, n) => String(MEMBER_BASE + BigInt(n + 1)))
  const group = await apiCall(baseUrl, token, 'park-manage/alarmGroup/submit', {
    name: 'bench 值班组',
    userIds: memberIds.join(','),
    smsLevel: 0,
  })
  // rule i watches sensor i mod SENSORS on metric m(i / SENSORS): every sensor's readings meet ten rules
  const rules = await pool(RULES, 8, (i) =>
    apiCall(baseUrl, token, 'park-manage/alarmController/saveAlarmRule', {
      name: `bench rule ${i + 1}`,
      kind: 1,
      metric: `m${Math.floor(i / SENSORS)}`,
      operator: '>',
      threshold: 50,
      holdSeconds: 0,
      scopeType: 3,
      machineIds: sensors[i % SENSORS].id,
      level: 3,
      status: 1,
      groupIds: String(group.id),
    }).then((d) => String(d.id)),
  )
  line(
    `made ${SENSORS} sensors, a group of ${MEMBERS}, ${RULES} rules through the API in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  return { sensors, rules }
}

async function fanOut({ nodes, tokens, mqttUrl, raw, onChild }) {
  console.log(
    `\n-- 1. ${RATE.toLocaleString('en-US')} readings a second of ${SENSORS} sensors for ${SECONDS} s against ` +
      `${RULES} rules, one crossing a second; ${CONSOLES} consoles on the live list (half on each process)`,
  )
  const { sensors, rules } = await prepare(raw, nodes[0].baseUrl, tokens[0])
  const seenBy = Array.from({ length: CONSOLES }, () => new Map())
  const consoles = seenBy.map((seen, c) => openConsole(nodes[c % 2].baseUrl, tokens[c % 2], seen))
  await Promise.all(consoles.map((c) => c.ready))
  await sleep(1_000)
  // crossing s: rule s (sensor s mod SENSORS, metric m(s / SENSORS)), a new (rule, machine) each second
  const crossings = Array.from({ length: Math.min(SECONDS, RULES) }, (_, s) => ({
    code: sensors[s % SENSORS].code,
    metric: `m${Math.floor(s / SENSORS)}`,
  }))
  const load = await readingsLoad(
    {
      url: mqttUrl,
      tenant: TENANT,
      codes: sensors.map((s) => s.code),
      metrics: METRICS,
      rate: RATE,
      seconds: SECONDS,
      connections: 10,
      crossings,
    },
    onChild,
  )
  load.finish()
  line(
    `sent ${load.sent.toLocaleString('en-US')} readings in ${(load.publishMs / 1000).toFixed(1)} s ` +
      `(the generator fell behind by at most ${Math.round(load.behindMaxMs)} ms) and ${load.crossings.length} crossings`,
  )
  // wait for the last alarms' frames and messages (at most 30 s)
  const crossingRules = load.crossings.map((c) => rules[c.second])
  const deadline = Date.now() + 30_000
  let alarms = []
  for (;;) {
    alarms = await raw.query(
      `select a.id::text as id, a.rule_id::text as rule, a.count,
         (select count(*) from xpark_alarm_notice n where n.alarm_id = a.id and n.channel = 'message')::int as told,
         (select extract(epoch from max(n.create_time)) * 1000 from xpark_alarm_notice n
           where n.alarm_id = a.id and n.channel = 'message')::float8 as "toldAt"
       from xpark_alarm a where a.tenant_id = $1 and a.rule_id = any($2::bigint[]) and a.is_deleted = 0`,
      [TENANT, crossingRules],
    )
    const framed = alarms.every((a) => seenBy.every((seen) => seen.has(a.id)))
    if (
      (alarms.length >= crossingRules.length && framed && alarms.every((a) => a.told === MEMBERS)) ||
      Date.now() > deadline
    )
      break
    await sleep(500)
  }
  for (const c of consoles) c.close()
  const sentAtOfRule = new Map(load.crossings.map((c) => [rules[c.second], c.at]))
  const frameMs = []
  let framesMissing = 0
  for (const a of alarms) {
    const at = sentAtOfRule.get(a.rule)
    for (const seen of seenBy) {
      const t = seen.get(a.id)
      if (t === undefined) framesMissing++
      else frameMs.push(t - at)
    }
  }
  const messageMs = alarms.filter((a) => a.toldAt).map((a) => a.toldAt - sentAtOfRule.get(a.rule))
  const [{ duplicates }] = await raw.query(
    `select count(*)::int as duplicates from (select rule_id, machine_id from xpark_alarm
       where tenant_id = $1 and is_deleted = 0 and rule_id = any($2::bigint[]) group by 1, 2 having count(*) > 1) d`,
    [TENANT, rules],
  )
  const [{ stray }] = await raw.query(
    `select count(*)::int as stray from xpark_alarm where tenant_id = $1 and is_deleted = 0
       and rule_id = any($2::bigint[]) and not (rule_id = any($3::bigint[]))`,
    [TENANT, rules, crossingRules],
  )
  const r = {
    sensors: SENSORS,
    rules: RULES,
    rate: RATE,
    seconds: SECONDS,
    consoles: CONSOLES,
    members: MEMBERS,
    sent: load.sent,
    generatorBehindMaxMs: Math.round(load.behindMaxMs),
    crossings: load.crossings.length,
    alarms: alarms.length,
    duplicates,
    stray,
    framesMissing,
    frameP50Ms: round(percentile(frameMs, 50), 0),
    frameP95Ms: round(percentile(frameMs, 95), 0),
    frameP99Ms: round(percentile(frameMs, 99), 0),
    messagesComplete: alarms.filter((a) => a.told === MEMBERS).length,
    messageP50Ms: round(percentile(messageMs, 50), 0),
    messageP95Ms: round(percentile(messageMs, 95), 0),
  }
  line(
    `${r.alarms} alarms for ${r.crossings} crossings; duplicates ${r.duplicates}; alarms of rules never crossed ${r.stray}`,
  )
  line(
    `crossing publish → SSE frame at ${CONSOLES} consoles (${frameMs.length} frames, ${framesMissing} missing): ` +
      `p50 ${r.frameP50Ms} ms, p95 ${r.frameP95Ms} ms, p99 ${r.frameP99Ms} ms`,
  )
  line(
    `crossing publish → the ${MEMBERS} message rows written (${r.messagesComplete} of ${r.alarms} alarms complete): ` +
      `p50 ${r.messageP50Ms} ms, p95 ${r.messageP95Ms} ms`,
  )
  return r
}

/** A filtered page of the alarm records at 10,000 and at RECORDS rows (the alarm screen's query). */
async function page({ nodes, tokens, raw }) {
  console.log(
    `\n-- 2. a filtered page of the alarm records (level 4, 未处理, newest first) at ${SMALL.toLocaleString('en-US')} and ` +
      `${RECORDS.toLocaleString('en-US')} rows`,
  )
  const insert = (from, to) =>
    raw.query(
      `insert into xpark_alarm (id, tenant_id, dedupe_key, source, alarm_type, level, content, count,
         first_time, last_time, status, machine_code)
       select 9200000000000000000::bigint + n, $1, 'bench' || n, 1, 'temp', 1 + n % 4, 'bench alarm ' || n, 1,
         now() - (n || ' seconds')::interval, now() - (n || ' seconds')::interval,
         case when n % 50 = 3 then 0 else 2 end, 'ALARM-' || lpad((n % 1000)::text, 4, '0')
       from generate_series($2::int, $3::int) as n`,
      [TENANT, from, to],
    )
  const time = async () => {
    const samples = []
    for (let i = 0; i < 33; i++) {
      const started = performance.now()
      await apiCall(
        nodes[i % 2].baseUrl,
        tokens[i % 2],
        `park-manage/alarmController/queryAlarm?current=1&size=10&level=4&status=0`,
      )
      if (i >= 3) samples.push(performance.now() - started)
    }
    return round(percentile(samples, 50))
  }
  await insert(1, SMALL)
  await raw.query('analyze xpark_alarm')
  const small = await time()
  const started = performance.now()
  for (let from = SMALL + 1; from <= RECORDS; from += 200_000)
    await insert(from, Math.min(RECORDS, from + 199_999))
  await raw.query('analyze xpark_alarm')
  line(
    `inserted ${(RECORDS - SMALL).toLocaleString('en-US')} more in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const large = await time()
  const r = { smallMs: small, largeMs: large, ratio: round(large / small, 2) }
  line(
    `page median at ${SMALL.toLocaleString('en-US')}: ${small} ms; at ${RECORDS.toLocaleString('en-US')}: ${large} ms (×${r.ratio})`,
  )
  return r
}

runAsScript(import.meta.url, 'alarms', Math.ceil(SECONDS / 60) + 14, async (onChild) => {
  console.log('\n== Alarm fan-out on two processes (issue 29, bench section 12)')
  line(`load average at the start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`)
  if (!(await redisReachable())) {
    line(
      `skipped: Redis is not reachable at ${REDIS_URL} (two processes share the held state and the bus there)`,
    )
    return 0
  }
  const broker = await privateMosquitto('alarms', line)
  if (!broker) return 0
  const { dir, port: mqttPort, child: mosquitto } = broker
  onChild(mosquitto)
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
  const target = await makeTarget('postgres', 'xpark_bench_alarms')
  line(
    `two servers on PostgreSQL, database ${new URL(target.url).pathname.slice(1)} (dropped at the end), Redis ${REDIS_URL}`,
  )
  const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`
  const env = {
    ...target.env,
    REDIS_URL,
    XPARK_REDIS_PREFIX: `xpark-bench-alarms-${randomUUID().slice(0, 8)}:`,
    XPARK_JWT_SECRET: randomUUID() + randomUUID(),
    XPARK_MQTT_URL: mqttUrl,
    XPARK_DEVICE_SIMULATOR: 'off',
    XPARK_INTERCOM_SIMULATOR: 'off',
    XPARK_LOGIN_RATE_PER_ADDRESS: '100000',
    XPARK_LOGIN_RATE_PER_ACCOUNT: '100000',
  }
  const nodes = []
  let raw
  try {
    // one after the other: the first migrates and seeds
    for (const dataDir of [target.dataDir, mkdtempSync(join(dir, 'node2-'))]) {
      const node = await startServer({ port: await freePort(), dataDir, timeoutMs: 180_000, env })
      onChild(node.child)
      nodes.push(node)
    }
    raw = await target.openRaw()
    const tokens = await Promise.all(
      nodes.map((n) => signIn(n.baseUrl, { tenantId: TENANT, username: 'admin' })),
    )
    const results = { at: new Date().toISOString(), loadAverage: os.loadavg() }
    results.fanOut = await fanOut({ nodes, tokens, mqttUrl, raw, onChild })
    results.page = await page({ nodes, tokens, raw })
    writeSectionResults('alarms', results, ALARM_BUDGETS, { issue: 29, line })
  } finally {
    await raw?.close()
    for (const n of nodes) await stopServer(n.child)
    mosquitto.kill('SIGTERM')
    await target.drop()
    rmSync(dir, { recursive: true, force: true })
  }
})

// Bench section 13, the attendance part (issue 30): P people (5,000) of one department and their
// punches by bulk SQL, a rule for the department through the API, on the built server with PostgreSQL.
// 1. A month of results (P people × 30 days) computed by the `attendance-day` derived job after the
//    rule is made, and recomputed after a rule save that reaches a month back, at 1,000,000 punches
//    (P people, D working days, two punches a day): save → the job's marks drained; budget < 60 s.
// 2. The department's statistics, month sheet and late page (page 1 of 10) at 10,000 punches (one
//    working day) and at 1,000,000; budget < 1 s and within 2×.
// 3. R punches a second (1,000) for S s (60) over MQTT from M attendance clocks through a private
//    mosquitto, signed in with the server's device keys; then the rows counted: none lost, none doubled.
// Run: `node bench/attendance.mjs` after `npm run build`. See bench/README.md.
import { fork } from 'node:child_process'
import { createHmac, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import os from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { makeTarget } from './lib/bench-database.mjs'
import { writeSectionResults } from './lib/budgets.mjs'
import { privateMosquitto } from './lib/private-mosquitto.mjs'
import { runAsScript } from './lib/run.mjs'
import { apiCall, freePort, signIn, startServer, stopServer, timeApiCall } from './lib/xpark-server.mjs'

const TENANT = '100001'
const PEOPLE = Number(process.env.XPARK_BENCH_ATTENDANCE_PEOPLE ?? 5000)
/** working days of punches at the large size (two punches a person-day: 1,000,000 at 5,000 × 100) */
const DAYS = Number(process.env.XPARK_BENCH_ATTENDANCE_DAYS ?? 100)
/** the days a rule save reaches back (its people's results of these days are recomputed) */
const MONTH = Number(process.env.XPARK_BENCH_ATTENDANCE_MONTH ?? 30)
const RATE = Number(process.env.XPARK_BENCH_ATTENDANCE_RATE ?? 1000)
const SECONDS = Number(process.env.XPARK_BENCH_ATTENDANCE_SECONDS ?? 60)
const MACHINES = Number(process.env.XPARK_BENCH_ATTENDANCE_MACHINES ?? 10)
const RUNS = Number(process.env.XPARK_BENCH_ATTENDANCE_RUNS ?? 15)
/** every n-th MQTT punch is sent twice with the same event id */
const REPEAT_EVERY = 100
const RECOMPUTE_BUDGET_MS = 60_000
const REPORT_BUDGET_MS = 1000
const DEPT_ID = '9130000000000000000'
const USER_BASE = 9_131_000_000_000_000_000n
const PUNCH_BASE = '9140000000000000000'
const JOB = 'attendance-day'
const RULE = 'park-clockin/punchClockSeting'
const RECORD = 'park-clockin/punchClockRecord'
const line = (text = '') => console.log(`   ${text}`)
const round = (n, d = 1) => (n === null || n === undefined || Number.isNaN(n) ? null : Number(n.toFixed(d)))
const fmt = (n) => n.toLocaleString('en-US')
const seconds = (ms) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`)
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone

// —— days, in the local time zone as the server counts them (core/days.ts) ——
const pad = (n) => String(n).padStart(2, '0')
const dayText = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
function addDays(day, n) {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
const weekday = (day) => new Date(`${day}T12:00:00`).getDay() || 7
const yesterday = addDays(dayText(new Date()), -1)
const monthStart = addDays(yesterday, -(MONTH - 1))
/** the last DAYS Monday-to-Friday days up to yesterday, newest first */
const workdays = []
for (let d = yesterday; workdays.length < DAYS; d = addDays(d, -1)) if (weekday(d) <= 5) workdays.push(d)
const smallPunches = PEOPLE * 2
const largePunches = PEOPLE * 2 * DAYS

/** What is timed: the department's reports as the console asks them (page 1 of 10). */
const REPORTS = [
  {
    key: 'statistics',
    name: `statistics (考勤统计, ${MONTH} days)`,
    path: () =>
      `${RECORD}/statistics?deptId=${DEPT_ID}&startDay=${monthStart}&endDay=${yesterday}&current=1&size=10`,
  },
  {
    key: 'sheet',
    name: `month sheet (考勤月报, ${yesterday.slice(0, 7)})`,
    path: () => `${RECORD}/attendance?deptId=${DEPT_ID}&month=${yesterday.slice(0, 7)}&current=1&size=10`,
  },
  {
    key: 'late',
    name: `late page (迟到早退, ${MONTH} days)`,
    path: () =>
      `${RECORD}/latePage?deptId=${DEPT_ID}&startDay=${monthStart}&endDay=${yesterday}&current=1&size=10`,
  },
]

export const ATTENDANCE_BUDGETS = [
  {
    name: `a month's results recomputed (${fmt(PEOPLE)} people × ${MONTH} days, at ${fmt(largePunches)} punches)`,
    read: (r) => r.recompute?.again?.saveToDrainedMs,
    max: RECOMPUTE_BUDGET_MS,
    show: seconds,
  },
  ...REPORTS.flatMap((c) => [
    {
      name: `${c.name} at ${fmt(largePunches)} punches`,
      read: (r) => r.reports?.[c.key]?.largeMs,
      max: REPORT_BUDGET_MS,
      show: (v) => `${v} ms`,
    },
    {
      name: `${c.name} at ${fmt(largePunches)} ÷ at ${fmt(smallPunches)}`,
      read: (r) => r.reports?.[c.key]?.ratio,
      max: 2,
      show: (v) => v.toFixed(2),
    },
  ]),
  {
    name: `MQTT punches stored a second while ${fmt(RATE)} a second came`,
    read: (r) => r.mqtt?.storedPerSecondDuringLoad,
    min: Math.round(RATE * 0.95),
    show: (v) => fmt(v),
  },
  {
    name: 'MQTT: the last punch stored after the last publish',
    read: (r) => (r.mqtt ? (r.mqtt.publishToAllStoredS ?? Number.POSITIVE_INFINITY) * 1000 : undefined),
    max: 5_000,
    show: seconds,
  },
  { name: 'MQTT punches lost', read: (r) => r.mqtt?.lost, max: 0, show: String },
  { name: 'MQTT punches doubled', read: (r) => r.mqtt?.doubled, max: 0, show: String },
]

/** A machine's key for the broker (core/devices/credentials.ts): an HMAC of `<tenant>/<code>` under the secret. */
const deviceKey = (secret, code) =>
  createHmac('sha256', secret).update(`xpark-device:${TENANT}/${code}`).digest('base64url').slice(0, 32)

/** The department and its PEOPLE people (copies of the administrator's password; ids USER_BASE + n). */
async function insertPeople(raw) {
  await raw.query(
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name)
     values ($1::bigint, $2, 0, '0', 'bench 考勤部', 'bench 考勤部')`,
    [DEPT_ID, TENANT],
  )
  await raw.query(
    `insert into blade_user (id, tenant_id, account, password, real_name, role_id, dept_id, create_dept, attendance_sort)
     select $1::bigint + n, tenant_id, 'att' || n, password, '员工' || n, role_id, $2, create_dept, n
     from blade_user, generate_series(1, $3::int) as n where tenant_id = $4 and account = 'admin' and is_deleted = 0`,
    [USER_BASE.toString(), DEPT_ID, PEOPLE, TENANT],
  )
  await raw.query('analyze blade_user')
  await raw.query('analyze blade_user_dept')
}

/**
 * Two machine punches a person on each of `days` (index w in `workdays` = their offset): in around
 * 09:00 (12 minutes early to 7 late), out around 18:00 (5 minutes early to 19 late), at the clocks in
 * turn. Ids PUNCH_BASE + (w × PEOPLE + n) × 2 + 0/1, event ids `hist-<id>`.
 */
function insertPunches(raw, machineIds, fromDay, toDay) {
  return raw.query(
    `insert into xpark_attendance_punch (id, tenant_id, user_id, punch_time, source, machine_id, event_id)
     select $1::bigint + ((w.i - 1) * $2::bigint + n) * 2 + k, $3, $4::bigint + n,
       ((w.day::date + case when k = 0
           then time '09:00' + make_interval(mins => (((n * 7 + w.i * 13) % 20) - 12)::int, secs => (n % 60)::float8)
           else time '18:00' + make_interval(mins => (((n * 11 + w.i * 3) % 25) - 5)::int, secs => (n % 60)::float8) end)
         at time zone $5),
       1, ($6::bigint[])[1 + n % array_length($6::bigint[], 1)],
       'hist-' || (($1::bigint + ((w.i - 1) * $2::bigint + n) * 2 + k)::text)
     from unnest($7::text[]) with ordinality as w(day, i), generate_series(1, $2::int) as n,
       generate_series(0, 1) as k
     where w.i between $8 and $9`,
    [PUNCH_BASE, PEOPLE, TENANT, USER_BASE.toString(), timeZone, machineIds, workdays, fromDay, toDay],
  )
}

/**
 * Results before the month (the days a rule save within the month does not reach) as the job would
 * have left them: 正常 on the working days, 休息 on the others, so the reports run over a results
 * table of the whole history. The month's own results are the job's.
 */
function insertHistory(raw, ruleId) {
  return raw.query(
    `insert into xpark_attendance_day (tenant_id, user_id, day, rule_id, status, shifts, in1, out1,
       work_minutes, punch_count, line)
     select $1, $2::bigint + n, d::date::text, $3::bigint,
       case when extract(isodow from d) <= 5 then 0 else 5 end, '09:00-18:00',
       case when extract(isodow from d) <= 5 then (d::date + time '08:55') at time zone $4 end,
       case when extract(isodow from d) <= 5 then (d::date + time '18:05') at time zone $4 end,
       case when extract(isodow from d) <= 5 then 540 else 0 end,
       case when extract(isodow from d) <= 5 then 2 else 0 end,
       jsonb_build_object('shifts', jsonb_build_array(jsonb_build_object(
         'start', to_char((d::date + time '09:00') at time zone $4, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'end', to_char((d::date + time '18:00') at time zone $4, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
         'punches', '[]'::jsonb)
     from generate_series($5::date, $6::date, interval '1 day') as d, generate_series(1, $7::int) as n`,
    [TENANT, USER_BASE.toString(), ruleId, timeZone, workdays.at(-1), addDays(monthStart, -1), PEOPLE],
  )
}

const marksLeft = async (raw) =>
  (await raw.query('select count(*)::int as n from xpark_derived_touch where name = $1', [JOB]))[0].n

/**
 * Save → the job's marks for the derived results all drained. A saved rule rings the job (its
 * `soon()`: a drain on the saving node at once); the job's scheduled minute runs (its slots of
 * `xpark_job_run`) drain beside it. The time splits into the wait for the first batch to commit
 * (the first marks gone) and the drain itself.
 */
async function timeDrain(raw, save) {
  const started = Date.now()
  const savedAt = new Date()
  await save()
  const saveMs = Date.now() - started
  const touched = await marksLeft(raw)
  let left = touched
  let firstDrop = null
  const deadline = started + 12 * 60_000
  while (left > 0 && Date.now() < deadline) {
    await sleep(250)
    left = await marksLeft(raw)
    if (firstDrop === null && left < touched) firstDrop = Date.now()
  }
  const drainedAt = left === 0 ? Date.now() : null
  const runs = await raw.query(
    `select extract(epoch from ran_at) * 1000 as at from xpark_job_run
     where name = $1 and ran_at >= $2 order by ran_at`,
    [JOB, savedAt],
  )
  const runStarts = runs.map((r) => Number(r.at))
  const starts = [runStarts[0], firstDrop].filter((t) => t != null)
  const firstRun = starts.length ? Math.min(...starts) : null
  return {
    touched,
    left,
    saveMs,
    saveToDrainedMs: drainedAt && drainedAt - started,
    waitForJobMs: firstRun && Math.max(0, Math.round(firstRun - started)),
    drainMs: drainedAt && firstRun && Math.round(drainedAt - firstRun),
    jobRuns: runStarts.length,
    runStartsAfterSaveS: runStarts.map((t) => round((t - started) / 1000)),
  }
}

function drainLine(label, d) {
  line(
    `${label}: ${fmt(d.touched)} keys marked (save answered in ${d.saveMs} ms); save → drained ` +
      `${seconds(d.saveToDrainedMs)} = wait for the job ${seconds(d.waitForJobMs)} + drain ${seconds(d.drainMs)} ` +
      `(${d.jobRuns} job run${d.jobRuns === 1 ? '' : 's'}, at +${d.runStartsAfterSaveS.join(' s, +')} s` +
      `${d.left ? `; ${fmt(d.left)} marks still left` : ''}; ` +
      `${d.drainMs ? fmt(Math.round(d.touched / (d.drainMs / 1000))) : 'n/a'} keys/s while draining)`,
  )
}

async function timeReports(baseUrl, token, raw) {
  const [{ n: results }] = await raw.query(
    'select count(*)::int as n from xpark_attendance_day where tenant_id = $1 and day between $2 and $3',
    [TENANT, monthStart, yesterday],
  )
  const out = { resultsInMonth: results }
  for (const c of REPORTS) out[c.key] = await timeApiCall(baseUrl, token, c.path(), RUNS)
  for (const c of REPORTS)
    line(`${c.name}: ${out[c.key].ms} ms (p95 ${out[c.key].p95}, total ${out[c.key].total})`)
  return out
}

function punchesLoad(options, onChild) {
  const child = fork(
    fileURLToPath(new URL('./lib/punches-load-child.mjs', import.meta.url)),
    [JSON.stringify(options)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  onChild(child)
  return new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m.done) resolve({ ...m.done, finish: () => child.send({ exit: true }) })
      else if (m.second > 0 && m.second % 10 === 0)
        line(`... ${m.second} s, load average ${os.loadavg()[0].toFixed(1)}`)
    })
    child.once('exit', (code) => reject(new Error(`punches load exited ${code} before it was done`)))
  })
}

/** R punches a second for S s from the clocks; then every event id counted in the punch table. */
async function mqttPunches({ raw, mqttUrl, secret, clocks, onChild }) {
  console.log(
    `\n-- 3. ${fmt(RATE)} punches a second for ${SECONDS} s over MQTT from ${clocks.length} clocks ` +
      `(every ${REPEAT_EVERY}th sent twice with its event id)`,
  )
  const people = Array.from({ length: PEOPLE }, (_, n) => String(USER_BASE + BigInt(n + 1)))
  const count = async () =>
    (
      await raw.query(
        `select count(*)::int as rows, count(distinct event_id)::int as events
         from xpark_attendance_punch where tenant_id = $1 and event_id like 'bench-%'`,
        [TENANT],
      )
    )[0]
  const stored = [] // [ms since the start, rows]
  let polling = true
  const started = Date.now()
  const poller = (async () => {
    while (polling) {
      stored.push([Date.now() - started, (await count()).rows])
      await sleep(1000)
    }
  })()
  const load = await punchesLoad(
    {
      url: mqttUrl,
      tenant: TENANT,
      machines: clocks.map((c) => ({ code: c.code, password: deviceKey(secret, c.code) })),
      people,
      rate: RATE,
      seconds: SECONDS,
      repeatEvery: REPEAT_EVERY,
    },
    onChild,
  )
  load.finish()
  line(
    `sent ${fmt(load.sent)} punches and ${fmt(load.repeats)} repeats in ${(load.publishMs / 1000).toFixed(1)} s, ` +
      `${fmt(load.acked)} acknowledged by the broker, ${load.failed} failed ` +
      `(the generator fell behind by at most ${Math.round(load.behindMaxMs)} ms)`,
  )
  const publishedAt = Date.now() - started
  // until every punch is stored, or nothing more arrives for 15 s (at most 10 minutes)
  let last = await count()
  let lastChange = Date.now()
  while (last.events < load.sent && Date.now() - lastChange < 15_000 && Date.now() - started < 11 * 60_000) {
    await sleep(1000)
    const now = await count()
    if (now.rows !== last.rows) lastChange = Date.now()
    last = now
  }
  polling = false
  await poller
  // the last count too: all stored before the poller's next sample is "stored by now", not "never"
  stored.push([Date.now() - started, last.rows])
  const allStoredAt = last.events >= load.sent ? stored.find(([, rows]) => rows >= load.sent)?.[0] : null
  const inLoad = stored.filter(([t]) => t <= publishedAt)
  const rateDuringLoad =
    inLoad.length > 1 ? (inLoad.at(-1)[1] - inLoad[0][1]) / ((inLoad.at(-1)[0] - inLoad[0][0]) / 1000) : null
  const r = {
    rate: RATE,
    seconds: SECONDS,
    machines: clocks.length,
    sent: load.sent,
    repeatsSent: load.repeats,
    brokerAcked: load.acked,
    failed: load.failed,
    generatorBehindMaxMs: Math.round(load.behindMaxMs),
    rows: last.rows,
    events: last.events,
    lost: load.sent - last.events,
    doubled: last.rows - last.events,
    storedPerSecondDuringLoad: round(rateDuringLoad, 0),
    // all stored while publishing reads 0 (the count is sampled once a second)
    publishToAllStoredS: allStoredAt ? Math.max(0, round((allStoredAt - publishedAt) / 1000)) : null,
  }
  line(
    `stored ${fmt(r.rows)} rows for ${fmt(r.events)} distinct events: lost ${r.lost}, doubled ${r.doubled}; ` +
      `stored ${fmt(r.storedPerSecondDuringLoad ?? 0)} a second while publishing; the last stored ` +
      `${r.publishToAllStoredS === null ? 'never (see lost)' : `${r.publishToAllStoredS} s after the last publish`}`,
  )
  return r
}

runAsScript(import.meta.url, 'attendance', 40, async (onChild) => {
  console.log('\n== Attendance at scale (issue 30, bench section 13)')
  line(`load average at the start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`)
  line(
    `${fmt(PEOPLE)} people, ${DAYS} working days (${workdays.at(-1)} … ${yesterday}), the month ` +
      `${monthStart} … ${yesterday}; time zone ${timeZone}`,
  )
  const broker = await privateMosquitto('attendance', line)
  if (!broker) return 0
  const { dir, port: mqttPort, child: mosquitto } = broker
  onChild(mosquitto)
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
  const target = await makeTarget('postgres', 'xpark_bench_attendance')
  line(`one server on PostgreSQL, database ${new URL(target.url).pathname.slice(1)} (dropped at the end)`)
  // a diagnostic: the database's statements slower than this go to PostgreSQL's own log
  const sqlLogMs = process.env.XPARK_BENCH_ATTENDANCE_SQL_LOG_MS
  if (sqlLogMs) {
    const admin = await target.openRaw()
    await admin.query(
      `alter database ${new URL(target.url).pathname.slice(1)} set log_min_duration_statement = ${Number(sqlLogMs)}`,
    )
    await admin.close()
  }
  const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`
  const secret = randomUUID() + randomUUID()
  let node
  let raw
  try {
    node = await startServer({
      port: await freePort(),
      dataDir: target.dataDir,
      timeoutMs: 180_000,
      env: {
        ...target.env,
        XPARK_JWT_SECRET: secret,
        XPARK_MQTT_URL: mqttUrl,
        XPARK_DEVICE_SIMULATOR: 'off',
        XPARK_INTERCOM_SIMULATOR: 'off',
      },
    })
    onChild(node.child)
    raw = await target.openRaw()
    const token = await signIn(node.baseUrl, { tenantId: TENANT, username: 'admin' })
    const results = {
      at: new Date().toISOString(),
      loadAverage: os.loadavg(),
      people: PEOPLE,
      days: DAYS,
      month: MONTH,
      punches: { small: smallPunches, large: largePunches },
    }

    // the clocks (through the API), the department and its people (SQL)
    const clocks = []
    for (let i = 1; i <= MACHINES; i++) {
      const code = `CLOCK-B${String(i).padStart(3, '0')}`
      const made = await apiCall(node.baseUrl, token, 'park-manage/machine/updateMachine', {
        code,
        name: `bench 考勤机 ${i}`,
        type: 8,
        clockCard: 1,
      })
      clocks.push({ id: String(made.id), code })
    }
    await insertPeople(raw)

    console.log(`\n-- 1. at ${fmt(smallPunches)} punches (one working day, ${workdays[0]})`)
    await insertPunches(
      raw,
      clocks.map((c) => c.id),
      1,
      1,
    )
    await raw.query('analyze xpark_attendance_punch')
    const rule = {
      name: 'bench 考勤',
      deptIds: DEPT_ID,
      workdays: '1,2,3,4,5',
      shiftCount: 1,
      start1: '09:00',
      end1: '18:00',
      lateGraceMinutes: 5,
      earlyGraceMinutes: 0,
      absentMinutes: 120,
      punchBeforeMinutes: 120,
      punchAfterMinutes: 240,
      useHolidays: 0,
      effectiveDay: monthStart,
    }
    let ruleId
    results.recompute = {}
    results.recompute.first = await timeDrain(raw, async () => {
      ruleId = String((await apiCall(node.baseUrl, token, `${RULE}/add`, rule)).id)
    })
    drainLine(`a new rule from ${monthStart}: its people's month computed`, results.recompute.first)
    await raw.query('analyze xpark_attendance_day')
    const atSmall = await timeReports(node.baseUrl, token, raw)

    console.log(`\n-- 2. at ${fmt(largePunches)} punches (${DAYS} working days)`)
    let started = performance.now()
    for (let w = 2; w <= DAYS; w += 10)
      await insertPunches(
        raw,
        clocks.map((c) => c.id),
        w,
        Math.min(DAYS, w + 9),
      )
    await insertHistory(raw, ruleId)
    await raw.query('analyze xpark_attendance_punch')
    await raw.query('analyze xpark_attendance_day')
    line(
      `inserted ${fmt(largePunches - smallPunches)} more punches and the results before the month in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    results.recompute.again = await timeDrain(raw, () =>
      apiCall(node.baseUrl, token, `${RULE}/update`, { ...rule, id: ruleId, lateGraceMinutes: 10 }),
    )
    drainLine(`the rule saved again from ${monthStart} (late grace 5 → 10)`, results.recompute.again)
    await raw.query('analyze xpark_attendance_day')
    const atLarge = await timeReports(node.baseUrl, token, raw)
    results.reports = { resultsInMonth: { small: atSmall.resultsInMonth, large: atLarge.resultsInMonth } }
    for (const c of REPORTS) {
      const s = atSmall[c.key]
      const l = atLarge[c.key]
      results.reports[c.key] = {
        name: c.name,
        smallMs: s.ms,
        largeMs: l.ms,
        largeP95Ms: l.p95,
        ratio: round(l.ms / s.ms, 2),
        totalSmall: s.total,
        totalLarge: l.total,
      }
      line(`${c.name}: ×${results.reports[c.key].ratio} of ${fmt(smallPunches)} punches`)
    }

    if (SECONDS > 0) {
      started = performance.now()
      results.mqtt = await mqttPunches({ raw, mqttUrl, secret, clocks, onChild })
      line(`(section 3 took ${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }

    writeSectionResults('attendance', results, ATTENDANCE_BUDGETS, { issue: 30, line })
  } finally {
    await raw?.close()
    if (node) await stopServer(node.child)
    mosquitto.kill('SIGTERM')
    await target.drop()
    rmSync(dir, { recursive: true, force: true })
  }
})

// Bench section 11 (issue 28): machines through a broker of our own. N simulated machines (10,000)
// each publish one retained status a second for D s (60) to a private mosquitto; the built server
// (XPARK_MQTT_URL, simulator off, on PostgreSQL so its presence table can be read while it runs)
// takes them beside a bare mqtt.js subscriber. Then 1,000 machines that answer commands, and the
// machine screen's controlMachine round trip against the plain MQTT round trip through the same
// broker. Run: `node bench/devices.mjs` after `npm run build`. See bench/README.md, section 11.
import { rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { makeTarget } from './lib/bench-database.mjs'
import { DEVICE_BUDGETS, resultsDir, writeSectionResults } from './lib/budgets.mjs'
import {
  benchCode,
  commandMachines,
  percentile,
  plainRoundTrips,
  pool,
  startBareSubscriber,
  statusLoadProcess,
} from './lib/device-load.mjs'
import { presenceWatch } from './lib/presence-watch.mjs'
import { privateMosquitto } from './lib/private-mosquitto.mjs'
import { runAsScript } from './lib/run.mjs'
import {
  apiCall,
  cpuTimeOf,
  freePort,
  memoryOf,
  signIn,
  startServer,
  stopServer,
} from './lib/xpark-server.mjs'

const TENANT = '100001'
const DEVICES = Number(process.env.XPARK_BENCH_DEVICES ?? 10_000)
const SECONDS = Number(process.env.XPARK_BENCH_DEVICE_SECONDS ?? 60)
const CONNECTIONS = Number(process.env.XPARK_BENCH_DEVICE_CONNECTIONS ?? 20)
const COMMAND_MACHINES = Number(process.env.XPARK_BENCH_COMMAND_MACHINES ?? 1000)
const COMMANDS = Number(process.env.XPARK_BENCH_COMMANDS ?? 300)
const CONCURRENCY = Number(process.env.XPARK_BENCH_COMMAND_CONCURRENCY ?? 10)
const SERVER_ENV = { XPARK_LOGIN_RATE_PER_ADDRESS: '100000', XPARK_LOGIN_RATE_PER_ACCOUNT: '100000' }
const line = (text = '') => console.log(`   ${text}`)
const MB = 1024 * 1024
const round = (n, d = 1) => (n === null || n === undefined ? null : Number(n.toFixed(d)))

/** CPU (% of one core) and peak RSS of some processes over a window, sampled every second. */
function resourceWatch(pids) {
  const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuTimeOf(pid)]))
  const peak = {}
  const started = performance.now()
  const sample = () => {
    for (const [k, pid] of Object.entries(pids)) peak[k] = Math.max(peak[k] ?? 0, memoryOf(pid) ?? 0)
  }
  sample()
  const timer = setInterval(sample, 1000)
  return () => {
    clearInterval(timer)
    sample()
    const seconds = (performance.now() - started) / 1000
    return Object.fromEntries(
      Object.entries(pids).map(([k, pid]) => [
        k,
        {
          cpuPercent: round((cpuTimeOf(pid) - cpu0[k]) / 10 / seconds),
          rssMB: round((memoryOf(pid) ?? 0) / MB, 0),
          peakRssMB: round(peak[k] / MB, 0),
        },
      ]),
    )
  }
}

async function ingest({ mqttUrl, server, raw, mosquitto, onChild }) {
  console.log(
    `\n-- 1. ${DEVICES.toLocaleString('en-US')} machines, one retained status a second each for ${SECONDS} s ` +
      `(QoS 1), on ${CONNECTIONS} MQTT connections (machine i on connection i mod ${CONNECTIONS}: the broker and ` +
      'the server see the same topics as from one connection per machine)',
  )
  const bare = await startBareSubscriber(mqttUrl, 'xpark/+/+/status')
  const watch = presenceWatch(raw, TENANT, DEVICES)
  onChild(bare)
  const pids = { server: server.child.pid, bare: bare.pid, mosquitto: mosquitto.pid }
  let resources
  const load = await statusLoadProcess({
    onStart: (child) => {
      onChild(child)
      pids.generator = child.pid
      resources = resourceWatch(pids)
    },
    url: mqttUrl,
    tenant: TENANT,
    devices: DEVICES,
    seconds: SECONDS,
    connections: CONNECTIONS,
    onSecond: (s) => {
      if (s > 0 && s % 10 === 0) line(`... ${s} s, load average ${os.loadavg()[0].toFixed(1)}`)
    },
  })
  const used = resources()
  load.finish()
  const drained = await watch.drain(SECONDS - 1)
  const presence = await watch.stop()
  const bareReport = await bare.report()
  const r = {
    devices: DEVICES,
    seconds: SECONDS,
    connections: CONNECTIONS,
    sent: load.sent,
    brokerAcked: load.acked,
    generatorBehindMaxMs: round(load.behindMaxMs, 0),
    publishSeconds: round(load.publishMs / 1000, 2),
    lost: DEVICES - drained.current,
    drainMs: drained.waitedMs,
    ...presence,
    bare: bareReport,
    cpu: used,
  }
  line(
    `sent ${r.sent.toLocaleString('en-US')} (broker acked ${r.brokerAcked.toLocaleString('en-US')}) in ` +
      `${r.publishSeconds} s; the load generator fell behind its schedule by at most ${r.generatorBehindMaxMs} ms`,
  )
  line(
    `server: ${r.lost} of ${DEVICES.toLocaleString('en-US')} machines without their last status ` +
      `(lost; rows last moved ${drained.waitedMs} ms after the last publish was acknowledged); rows written ${r.rowsWritten?.toLocaleString('en-US')} ` +
      `(${r.coalesced.toLocaleString('en-US')} sampled statuses replaced in memory before a write: two in one flush)`,
  )
  line(
    `server lag, ${r.samples} sampled machines: publish → last_seen_at (taken) p50 ${r.heardP50Ms} ms, p99 ` +
      `${r.heardP99Ms} ms; publish → row readable p50 ${r.visibleP50Ms} ms, p99 ${r.visibleP99Ms} ms ` +
      `(polled every ${r.pollMs} ms: up to one poll late)`,
  )
  line(
    `presence writes: ${r.writes} statements in ${r.writeSpanSeconds} s = ${r.writesPerSecond}/s ` +
      `(${r.rowsPerWriteP50} rows per statement p50, max ${r.rowsPerWriteMax}); the upsert seen running in ` +
      `${r.statementsSeenRunning} polls' samples: p50 ${r.statementP50Ms} ms, max ${r.statementMaxMs} ms`,
  )
  line(
    `bare subscriber: received ${bareReport.received.toLocaleString('en-US')}, lag p50 ${bareReport.lagP50Ms} ms, ` +
      `p99 ${bareReport.lagP99Ms} ms, max ${bareReport.lagMaxMs} ms`,
  )
  // the server's warnings and errors, by message and the database's reason
  const errors = {}
  for (const l of server.child.log().split('\n')) {
    if (!/"level":(40|50)/.test(l)) continue
    let entry
    try {
      entry = JSON.parse(l)
    } catch {
      continue
    }
    const key = `${entry.msg}: ${entry.err?.cause?.message ?? entry.err?.message?.slice(0, 80) ?? ''}`
    errors[key] = (errors[key] ?? 0) + 1
  }
  r.serverErrors = errors
  for (const [key, n] of Object.entries(errors)) line(`server log: ${n} × ${key}`)
  for (const [k, u] of Object.entries(used))
    line(
      `${k.padEnd(10)} CPU ${String(u.cpuPercent).padStart(5)}% of a core, RSS ${u.rssMB} MB (peak ${u.peakRssMB} MB)`,
    )
  if (r.cpu.bare.cpuPercent)
    line(`server CPU ÷ bare subscriber CPU: ${(r.cpu.server.cpuPercent / r.cpu.bare.cpuPercent).toFixed(2)}`)
  return r
}

async function commands({ mqttUrl, server }) {
  console.log(
    `\n-- 2. controlMachine with ${COMMAND_MACHINES.toLocaleString('en-US')} machines online ` +
      `(one MQTT connection each), ${COMMANDS} commands ${CONCURRENCY} at a time`,
  )
  const token = await signIn(server.baseUrl, { tenantId: TENANT, username: 'admin' })
  const codes = Array.from({ length: COMMAND_MACHINES }, (_, i) => benchCode(i))
  const created = performance.now()
  const ids = await pool(codes.length, 8, (n) =>
    apiCall(server.baseUrl, token, 'park-manage/machine/updateMachine', {
      code: codes[n],
      name: `bench door ${n + 1}`,
      type: 1,
    }).then((d) => d.id),
  )
  line(
    `created ${ids.length} doors through updateMachine in ${((performance.now() - created) / 1000).toFixed(1)} s`,
  )
  const machines = await commandMachines({ url: mqttUrl, tenant: TENANT, codes })
  await sleep(2_000) // their online status written (one flush)
  const outcomes = []
  const once = async (n) => {
    const started = performance.now()
    const reply = await apiCall(server.baseUrl, token, 'park-manage/machine/controlMachine', {
      machineId: ids[(n * 7919) % ids.length],
      control: '4',
    })
    const ms = performance.now() - started
    outcomes.push(reply)
    return ms
  }
  await pool(20, CONCURRENCY, once)
  outcomes.length = 0
  const http = await pool(COMMANDS, CONCURRENCY, once)
  const alone = await pool(30, 1, (n) => once(COMMANDS + n))
  outcomes.length = COMMANDS
  const succeeded = outcomes.filter((o) => Number(o.result) === 1).length
  const plain = await plainRoundTrips({ url: mqttUrl, count: COMMANDS, concurrency: CONCURRENCY })
  await machines.close()
  const elapsed = outcomes.map((o) => Number(o.elapsedMs))
  const r = {
    machines: COMMAND_MACHINES,
    commands: COMMANDS,
    concurrency: CONCURRENCY,
    succeeded,
    httpP50Ms: round(percentile(http, 50)),
    httpP95Ms: round(percentile(http, 95)),
    serverAckP50Ms: percentile(elapsed, 50),
    serverAckP95Ms: percentile(elapsed, 95),
    aloneP50Ms: round(percentile(alone, 50)),
    aloneP95Ms: round(percentile(alone, 95)),
    plainP50Ms: round(percentile(plain, 50)),
    plainP95Ms: round(percentile(plain, 95)),
  }
  line(`${succeeded} of ${COMMANDS} 成功`)
  line(`controlMachine over HTTP: p50 ${r.httpP50Ms} ms, p95 ${r.httpP95Ms} ms`)
  line(
    `  of which the server's send → ack (elapsedMs): p50 ${r.serverAckP50Ms} ms, p95 ${r.serverAckP95Ms} ms`,
  )
  line(`controlMachine one at a time (30): p50 ${r.aloneP50Ms} ms, p95 ${r.aloneP95Ms} ms`)
  line(`plain MQTT publish → answer between two clients: p50 ${r.plainP50Ms} ms, p95 ${r.plainP95Ms} ms`)
  return r
}

runAsScript(import.meta.url, 'devices', Math.ceil(SECONDS / 60) + 9, async (onChild) => {
  console.log('\n== Machines through mosquitto (issue 28, bench section 11)')
  const [load1] = os.loadavg()
  line(
    `load average at the start ${load1.toFixed(1)} on ${os.cpus().length} cores${load1 > 2 ? ' (busy)' : ''}`,
  )
  const broker = await privateMosquitto('devices', line)
  if (!broker) return 0
  const { dir, port, child: mosquitto } = broker
  onChild(mosquitto)
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
  // PostgreSQL, not PGlite: the bench reads the presence table while the server writes it
  const target = await makeTarget('postgres', 'xpark_bench_devices')
  line(`server on PostgreSQL, database ${new URL(target.url).pathname.slice(1)} (dropped at the end)`)
  const mqttUrl = `mqtt://127.0.0.1:${port}`
  let server
  let raw
  try {
    server = await startServer({
      port: await freePort(),
      dataDir: target.dataDir,
      timeoutMs: 180_000,
      env: {
        ...target.env,
        ...SERVER_ENV,
        XPARK_MQTT_URL: mqttUrl,
        XPARK_DEVICE_SIMULATOR: 'off',
        XPARK_INTERCOM_SIMULATOR: 'off',
      },
    })
    onChild(server.child)
    raw = await target.openRaw()
    const results = { at: new Date().toISOString(), loadAverage: os.loadavg() }
    results.ingest = await ingest({ mqttUrl, server, raw, mosquitto, onChild })
    results.commands = await commands({ mqttUrl, server })
    writeSectionResults('devices', results, DEVICE_BUDGETS, { issue: 28, line })
    writeFileSync(join(resultsDir, 'devices-server.log'), server.child.log())
  } finally {
    await raw?.close()
    if (server) await stopServer(server.child)
    mosquitto.kill('SIGTERM')
    await target.drop()
    rmSync(dir, { recursive: true, force: true })
  }
})

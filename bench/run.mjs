// xpark benchmark: server startup, menu/routes throughput against bare Fastify, sign-in page first load
// against a bare static server, 100,000 users paged/rendered/exported.
// Run after a build (`npm run bench` from the repository root builds first). Loopback only, bounded in
// time (about 3-4 minutes; a watchdog stops everything after 7), writes bench/results/latest.json.

import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib'
import { benchCrudRender, report as reportRender } from './crud-render.mjs'
import { budgetLines, judgeBudgets } from './lib/budgets.mjs'
import { waitForChromium } from './lib/login-page.mjs'
import { compare } from './lib/throughput.mjs'
import { serverWith100kUsers, timeRawPages } from './lib/users-100k.mjs'
import { freePort, memoryOf, signIn, startServer, stopServer } from './lib/xpark-server.mjs'
import { benchSignIn, report as reportSignIn, heading as signInHeading } from './signin.mjs'
import { exportPhase, rawExportPhase, report as reportExport } from './users-export.mjs'
import { httpPhase, report as reportPaged } from './users-paged.mjs'

const settings = {
  connections: Number(process.env.XPARK_BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.XPARK_BENCH_DURATION ?? 8),
  warmupSeconds: 2,
  rounds: 2,
  idleSettleMs: 2_000,
  // cold loads per server in section 3 (after one uncounted warm-up each), alternating xpark / bare
  pageLoads: 9,
  chromiumWaitMs: 120_000,
  watchdogMs: 7 * 60_000,
}
const resultsFile = fileURLToPath(new URL('./results/latest.json', import.meta.url))

// ---- formatting ------------------------------------------------------------------------------------
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
const millis = (ms) => `${Math.round(ms)} ms`
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
const mb = (bytes) => (bytes == null ? 'n/a' : `${Math.round(bytes / 1024 / 1024)} MB`)
const perSecond = (n) => n.toLocaleString('en-US')
const heading = (text) => console.log(`\n== ${text}`)
const line = (text) => console.log(`   ${text}`)

// ---- lifetime: everything we start is stopped, whatever happens ------------------------------------
const children = new Set()
let dataDir = null
let usersDataDir = null
function cleanUp() {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const dir of [dataDir, usersDataDir]) if (dir) rmSync(dir, { recursive: true, force: true })
  dataDir = null
  usersDataDir = null
}
process.on('exit', cleanUp)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping`)
    process.exit(130)
  })
}
setTimeout(() => {
  console.error(`\nbench: still running after ${settings.watchdogMs / 1000} s, giving up`)
  process.exit(2)
}, settings.watchdogMs).unref()

const results = {
  startedAt: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  },
  settings,
  startup: null,
  menuRoutes: null,
  loginPage: null,
  usersPaged: null,
  crudRender: null,
  usersExport: null,
  errors: [],
}

// ---- 1. server startup -----------------------------------------------------------------------------
async function benchStartup() {
  heading('1. Server startup (built server, PGlite on a fresh temp folder)')
  dataDir = mkdtempSync(join(os.tmpdir(), 'xpark-bench-'))
  const port = await freePort()

  const first = await startServer({ port, dataDir })
  children.add(first.child)
  await sleep(settings.idleSettleMs)
  const firstRss = memoryOf(first.child.pid)
  const firstPeak = memoryOf(first.child.pid, 'VmHWM')
  const stopped = await stopServer(first.child)

  const again = await startServer({ port, dataDir })
  children.add(again.child)
  await sleep(settings.idleSettleMs)
  const restartRss = memoryOf(again.child.pid)
  const restartPeak = memoryOf(again.child.pid, 'VmHWM')

  results.startup = {
    firstStartMs: Math.round(first.readyMs),
    restartMs: Math.round(again.readyMs),
    shutdownMs: Math.round(stopped.exitMs),
    shutdownExit: { code: stopped.code, signal: stopped.signal },
    idleRssBytes: { afterFirstStart: firstRss, afterRestart: restartRss },
    peakRssBytes: { firstStart: firstPeak, restart: restartPeak },
    health: again.health,
  }
  line(
    `first start (the build's prepared cluster, or initdb; migrations; seed): ${seconds(first.readyMs)}   restart: ${seconds(again.readyMs)}` +
      `   (restart ${(first.readyMs / again.readyMs).toFixed(1)}x faster)`,
  )
  line(
    `idle RSS (VmRSS, ${settings.idleSettleMs / 1000} s after healthy): after first start ${mb(firstRss)}` +
      ` (peak ${mb(firstPeak)}), after restart ${mb(restartRss)} (peak ${mb(restartPeak)})`,
  )
  line(
    `SIGTERM shutdown: ${millis(stopped.exitMs)}, exit code ${stopped.code ?? stopped.signal}` +
      `${stopped.code === 0 ? ' (graceful)' : ' (NOT graceful)'}`,
  )
  line('reference (stack-notes, PGlite open alone): 3.4-4.4 s new folder, 0.3-0.5 s existing;')
  line(
    '                                            ~290 MB RSS idle on an existing folder, ~840 MB peak in initdb',
  )
  return again
}

// ---- 2. menu/routes throughput vs bare Fastify ------------------------------------------------------
async function startBaseline(sameBodyFile) {
  const script = fileURLToPath(new URL('./lib/baseline-server.mjs', import.meta.url))
  const env = sameBodyFile ? { ...process.env, XPARK_BENCH_SAME_BODY: sameBodyFile } : process.env
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'], env })
  children.add(child)
  const lines = createInterface({ input: child.stdout })
  const first = await Promise.race([
    new Promise((resolve) => lines.once('line', resolve)),
    sleep(15_000).then(() => null),
  ])
  if (!first) throw new Error('bare Fastify baseline did not start within 15 s')
  const info = JSON.parse(first)
  return {
    child,
    url: `http://127.0.0.1:${info.port}/bench`,
    sameUrl: `http://127.0.0.1:${info.port}/bench-same`,
    fastifyVersion: info.fastifyVersion,
  }
}

async function benchMenuRoutes(server) {
  heading(
    `2. GET /xparkApi/blade-system/menu/routes vs bare Fastify ` +
      `(autocannon, ${settings.connections} connections, ${settings.durationSeconds} s each after ` +
      `${settings.warmupSeconds} s warm-up, in ${settings.rounds} alternating rounds)`,
  )
  const token = await signIn(server.baseUrl)
  const url = `${server.baseUrl}/xparkApi/blade-system/menu/routes`
  // as a browser asks (every browser sends it): the cached answers go out compressed once, not per request
  const headers = { 'blade-auth': `bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' }

  const probe = await fetch(url, { headers })
  const probeBody = await probe.text()
  const parsed = JSON.parse(probeBody)
  if (!probe.ok || parsed.success !== true) {
    throw new Error(`menu/routes answered HTTP ${probe.status}: ${probeBody.slice(0, 200)}`)
  }
  const topLevel = Array.isArray(parsed.data) ? parsed.data.length : 0

  // the bytes menu/routes sends a browser (brotli as xpark makes it), for bare Fastify to send too
  const sameBodyFile = join(dataDir, 'menu-routes.br')
  writeFileSync(
    sameBodyFile,
    brotliCompressSync(probeBody, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: probeBody.length,
      },
    }),
  )
  const baseline = await startBaseline(sameBodyFile)
  try {
    const measured = await compare(
      {
        xpark: { url, headers },
        // the other cached answers every console start reads: buttons and a dictionary
        buttons: { url: `${server.baseUrl}/xparkApi/blade-system/menu/buttons`, headers },
        dictionary: { url: `${server.baseUrl}/xparkApi/blade-system/dict/dictionary?code=sex`, headers },
        // the same server's cheapest route (public, no token, no database): what every xpark route pays
        health: { url: `${server.baseUrl}/xparkApi/health` },
        bare: { url: baseline.url },
        // bare Fastify sending menu/routes' own compressed bytes: the cost of the answer's size alone
        bareSame: { url: baseline.sameUrl, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      },
      settings,
    )
    const { xpark, buttons, dictionary, health, bare, bareSame } = measured
    const xparkPeak = memoryOf(server.child.pid, 'VmHWM')
    const xparkRssAfter = memoryOf(server.child.pid)
    const ratio = xpark.requestsPerSecond / bare.requestsPerSecond

    results.menuRoutes = {
      responseBytes: Buffer.byteLength(probeBody),
      topLevelMenus: topLevel,
      xpark,
      xparkButtons: buttons,
      xparkDictionary: dictionary,
      buttonsRatio: Number((buttons.requestsPerSecond / bare.requestsPerSecond).toFixed(3)),
      dictionaryRatio: Number((dictionary.requestsPerSecond / bare.requestsPerSecond).toFixed(3)),
      xparkHealth: health,
      bareFastify: { ...bare, fastifyVersion: baseline.fastifyVersion },
      bareFastifySameBytes: bareSame,
      ratio: Number(ratio.toFixed(3)),
      ratioSameBytes: Number((xpark.requestsPerSecond / bareSame.requestsPerSecond).toFixed(3)),
      serverRssAfterLoadBytes: xparkRssAfter,
      serverPeakRssBytes: xparkPeak,
    }
    const show = (name, r) => {
      line(
        `${name.padEnd(24)}${perSecond(r.requestsPerSecond).padStart(8)} req/s   p99 ${String(r.latencyMs.p99).padStart(4)} ms` +
          `   p50 ${r.latencyMs.p50} ms   (rounds ${r.roundRequestsPerSecond.map(perSecond).join(' / ')} req/s; ` +
          `${perSecond(r.ok2xx)} answered 2xx, ${r.non2xx} non-2xx, ` +
          `${r.errors} errors, ${r.timeouts} timeouts)`,
      )
    }
    show('xpark menu/routes', xpark)
    show(`bare Fastify ${baseline.fastifyVersion}`, bare)
    line(
      `ratio: menu/routes serves ${(ratio * 100).toFixed(1)}% of the bare Fastify rate ` +
        `(${(1 / ratio).toFixed(1)}x slower; response ${kb(Buffer.byteLength(probeBody))} uncompressed, ` +
        `${topLevel} top-level menus)`,
    )
    show('(diagnostic) bare, same bytes', bareSame)
    line(
      `  bare Fastify sending menu/routes' ${kb(readFileSync(sameBodyFile).length)} of brotli serves ` +
        `${((bareSame.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}% of its small answer's rate; ` +
        `menu/routes serves ${((xpark.requestsPerSecond / bareSame.requestsPerSecond) * 100).toFixed(1)}% of it ` +
        "(what xpark's own code costs beyond the size of the answer)",
    )
    show('xpark menu/buttons', buttons)
    show('xpark dict/dictionary', dictionary)
    line(
      `ratios: buttons ${((buttons.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}%, ` +
        `dictionary ${((dictionary.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}% of bare Fastify ` +
        '(target for all three: 40%, issue 13)',
    )
    show('(diagnostic) xpark /health', health)
    line(
      `  /health on the same server (no token, no database) serves ${(
        (health.requestsPerSecond / bare.requestsPerSecond) * 100
      ).toFixed(1)}% of bare Fastify: the rest of the menu/routes gap is token check + menu queries`,
    )
    line(`server RSS after the load: ${mb(xparkRssAfter)} (peak so far ${mb(xparkPeak)})`)
    line(
      `note: autocannon runs on the same ${os.cpus().length} cores as the server; ` +
        'compare the ratio, not absolute rates (stack-notes: bare Fastify ~31,700 req/s at 50 connections)',
    )
    for (const [name, r] of Object.entries({ 'menu/routes': xpark, buttons, dictionary }))
      if (r.non2xx || r.errors) line(`WARNING: ${name} answered non-2xx or failed during the run`)
  } finally {
    await stopServer(baseline.child, 5_000)
  }
}

// ---- 3. sign-in page first load, xpark's server vs a bare static server (signin.mjs) --------------
async function benchLoginPage(server) {
  heading(signInHeading(server.baseUrl))
  results.loginPage = await benchSignIn(server, {
    loads: settings.pageLoads,
    chromiumWaitMs: settings.chromiumWaitMs,
    onChild: (child) => children.add(child),
  })
  reportSignIn(results.loginPage)
}

// ---- 4. + 5. 100,000 users: paged over HTTP vs raw SQL, CrudPage render in Chromium ---------------
async function benchUsers() {
  heading(
    '4. 100,000 users, paged: GET /xparkApi/blade-user/page (built server) vs the same SQL raw in PGlite',
  )
  usersDataDir = mkdtempSync(join(os.tmpdir(), 'xpark-bench-users-'))
  const { server, insertMs, tenantUsers } = await serverWith100kUsers({
    port: await freePort(),
    dataDir: usersDataDir,
    onChild: (child) => children.add(child),
  })
  let http = null
  let exported = null
  try {
    http = await section('usersPaged', () => httpPhase(server))
    heading('5. CrudPage 200-row render in Chromium (users screen of tenant 100001, 100,000 users)')
    await section('crudRender', async () => {
      if (!(await waitForChromium(settings.chromiumWaitMs))) throw new Error('/usr/bin/chromium is missing')
      results.crudRender = await benchCrudRender(server.baseUrl)
      reportRender(results.crudRender)
    })
    heading('6. 100,000 users exported to xlsx: GET /xparkApi/blade-user/export-user vs a raw SQL cursor')
    exported = await section('usersExport', () => exportPhase(server))
    if (exported)
      line(`HTTP done: ${exported.rows} rows in ${exported.ms} ms (raw cursor once the server stops)`)
  } finally {
    await stopServer(server.child)
  }
  if (exported) {
    console.log('\n   (section 6, server stopped, raw cursor on the same folder:)')
    await section('usersExport', async () => {
      results.usersExport = reportExport({ http: exported, raw: await rawExportPhase(usersDataDir) })
    })
  }
  if (!http) return
  console.log('\n   (section 4, server stopped, raw SQL on the same folder:)')
  await section('usersPaged', async () => {
    const raw = await timeRawPages(usersDataDir)
    results.usersPaged = { insertMs: Math.round(insertMs), tenantUsers, openRawMs: raw.openMs, sql: raw.sql }
    results.usersPaged.cases = reportPaged({ http, raw, insertMs, tenantUsers })
  })
}

// ---- main ------------------------------------------------------------------------------------------
async function section(name, fn) {
  try {
    return await fn()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    results.errors.push({ section: name, message })
    line(`FAILED: ${message}`)
    return null
  }
}

const benchStarted = performance.now()
console.log(
  `xpark bench on ${os.cpus().length} cores (${results.machine.cpuModel ?? 'unknown cpu'}), Node ${process.version}`,
)
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)))
results.machine.loadAverageAtStart = loadAverage()
if (results.machine.loadAverageAtStart[0] > os.cpus().length * 0.5) {
  console.log(
    `note: the machine is already busy (load average ${results.machine.loadAverageAtStart.join(', ')}): ` +
      'expect noisy figures',
  )
}
const server = await section('startup', benchStartup)
if (server) {
  await section('menuRoutes', () => benchMenuRoutes(server))
  await section('loginPage', () => benchLoginPage(server))
  await stopServer(server.child)
} else {
  results.errors.push({ section: 'menuRoutes', message: 'skipped: the server did not start' })
  results.errors.push({ section: 'loginPage', message: 'skipped: the server did not start' })
}
if (process.env.XPARK_BENCH_SKIP_USERS !== '1') await section('users', benchUsers)
cleanUp()

heading('budgets (issue 27): each figure of this run beside its target')
results.budgets = judgeBudgets(results)
for (const text of budgetLines(results.budgets)) line(text)
const over = results.budgets.filter((b) => b.verdict === 'OVER').length
line(over ? `${over} over budget (reported, not failed)` : 'every measured budget holds')

results.machine.loadAverageAtEnd = loadAverage()
results.totalSeconds = Number(((performance.now() - benchStarted) / 1000).toFixed(1))
mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true })
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nwrote ${resultsFile} (${results.totalSeconds} s)`)
if (results.errors.length) {
  console.error(`bench: ${results.errors.length} section(s) failed`)
  process.exit(1)
}

// The dispatch console with 5,000 moving members (issue 12): the built server runs its loopback
// simulator with XPARK_INTERCOM_SIMULATOR_MEMBERS=5000; Chromium opens /intercom/console as the demo
// park's admin and the map tab. Measured in the page: time from the tab's click until all members are
// live on the map, then 10 s of live updates: frames (rAF intervals), long tasks, and the location
// batches the server pushed (the stream's bytes). Run alone: `node bench/intercom-console.mjs`.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { printProfile } from './lib/cpu-profile.mjs'
import { launchBrowser, waitForChromium } from './lib/login-page.mjs'
import { freePort, startServer, stopServer } from './lib/xpark-server.mjs'

const MEMBERS = Number(process.env.XPARK_BENCH_MEMBERS ?? 5000)
const WATCH_SECONDS = 10
const line = (text) => console.log(`   ${text}`)
const percentile = (list, p) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))]

async function signInThroughPage(page) {
  await page.goto('/#/login')
  await page.getByTestId('login-form').waitFor({ state: 'visible' })
  const tenant = page.getByTestId('login-tenant')
  if (await tenant.count()) await tenant.fill('100001')
  await page.getByTestId('login-username').fill('admin')
  await page.getByTestId('login-password').fill('Admin@123456')
  await page.getByTestId('login-submit').click()
  await page.waitForURL(/#\/wel\/index/, { timeout: 60_000 })
}

/** In the page: frame intervals and long tasks from now on, read back by `collect`. */
function installWatch() {
  const watch = { frames: [], longTasks: [], last: performance.now(), running: true }
  window.__xparkWatch = watch
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watch.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: false })
  const frame = (now) => {
    watch.frames.push(now - watch.last)
    watch.last = now
    if (watch.running) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

export async function benchIntercomConsole(baseUrl) {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    // the live stream's bytes, as the browser receives them
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    let streamBytes = 0
    let streamChunks = 0
    cdp.on('Network.dataReceived', (event) => {
      streamBytes += event.dataLength
      streamChunks++
    })
    await signInThroughPage(page)
    await page.goto('/#/intercom/console')
    await page.getByTestId('intercom-console').waitFor({ state: 'visible', timeout: 60_000 })
    await page.getByTestId('intercom-session-ok').waitFor({ state: 'visible', timeout: 60_000 })

    const clicked = performance.now()
    await page.getByRole('tab', { name: '位置与围栏' }).click()
    await page.waitForFunction(
      (n) =>
        new RegExp(`:\\s*${n}\\b`).test(
          document.querySelector('[data-testid="intercom-live-count"]')?.textContent ?? '',
        ),
      MEMBERS,
      { timeout: 60_000, polling: 50 },
    )
    const allLiveMs = performance.now() - clicked
    const markers = await page.locator('[data-testid="intercom-map"] .leaflet-marker-icon').count()

    await page.evaluate(installWatch)
    const bytesBefore = streamBytes
    const chunksBefore = streamChunks
    // XPARK_BENCH_PROFILE_RENDER=1: the page's CPU profile of the watched seconds
    const profiling = process.env.XPARK_BENCH_PROFILE_RENDER ? cdp : null
    if (profiling) {
      await profiling.send('Profiler.enable')
      await profiling.send('Profiler.start')
    }
    await page.waitForTimeout(WATCH_SECONDS * 1000)
    if (profiling) printProfile((await profiling.send('Profiler.stop')).profile)
    const watched = await page.evaluate(() => {
      const w = window.__xparkWatch
      w.running = false
      return { frames: w.frames.slice(1), longTasks: w.longTasks }
    })
    await context.close()
    const frames = watched.frames
    return {
      members: MEMBERS,
      allLiveMs: Math.round(allLiveMs),
      markersInDom: markers,
      watchSeconds: WATCH_SECONDS,
      fps: Number((frames.length / WATCH_SECONDS).toFixed(1)),
      frameP50Ms: Number(percentile(frames, 0.5).toFixed(1)),
      frameP95Ms: Number(percentile(frames, 0.95).toFixed(1)),
      longTasks: watched.longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...watched.longTasks)),
      longTaskMsTotal: Math.round(watched.longTasks.reduce((a, b) => a + b, 0)),
      streamBytesPerSecond: Math.round((streamBytes - bytesBefore) / WATCH_SECONDS),
      streamChunksPerSecond: Number(((streamChunks - chunksBefore) / WATCH_SECONDS).toFixed(1)),
    }
  } finally {
    await browser.close()
  }
}

export function report(r) {
  line(
    `${r.members} members: all live on the map ${r.allLiveMs} ms after the tab's click ` +
      `(${r.markersInDom} marker elements in the DOM: clustered)`,
  )
  line(
    `then ${r.watchSeconds} s of live updates: ${r.fps} frames/s (frame p50 ${r.frameP50Ms} ms, p95 ${r.frameP95Ms} ms), ` +
      `${r.longTasks} long tasks (longest ${r.longestTaskMs} ms, ${r.longTaskMsTotal} ms in all)`,
  )
  line(
    `the location stream: ${r.streamChunksPerSecond} network chunks/s, ${Math.round(r.streamBytesPerSecond / 1000)} KB/s ` +
      '(batches per period, not a message per member)',
  )
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('intercom-console: still running after 4 minutes, giving up')
    process.exit(2)
  }, 240_000)
  watchdog.unref()
  if (!(await waitForChromium(120_000))) throw new Error('/usr/bin/chromium is missing')
  const dataDir = mkdtempSync(join(os.tmpdir(), 'xpark-bench-intercom-'))
  let server
  process.on('exit', () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })
  console.log(`\n== Dispatch console with ${MEMBERS} moving members (Chromium, the embedded simulator)`)
  server = await startServer({
    port: await freePort(),
    dataDir,
    timeoutMs: 180_000,
    env: { XPARK_INTERCOM_SIMULATOR_MEMBERS: String(MEMBERS) },
  })
  try {
    report(await benchIntercomConsole(server.baseUrl))
  } finally {
    await stopServer(server.child)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

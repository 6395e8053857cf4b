// Section 3 of the bench: the sign-in page's first load in Chromium, through xpark's own server and
// through a bare node:http static server serving the same build (lib/bare-static-server.mjs), in the
// same run and interleaved, so that other work on the machine weighs on both alike.
// Alone: `node bench/signin.mjs` (after a build) starts its own server on a temp folder (~30 s).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { launchBrowser, measureLoginPage, waitForChromium } from './lib/login-page.mjs'
import { freePort, repoRoot, startServer, stopServer } from './lib/xpark-server.mjs'

/** gzip JS fetched before the password field is painted (it was 127 KB before the phone, social and
 * register modes; those load when chosen) */
export const TARGET_LOGIN_JS_BYTES = 130_000
/** issue 14: half of ant-design-pro's ~900 ms on this kind of machine */
export const TARGET_MEDIAN_MS = 450
const REFERENCE_LOGIN_JS = [
  ['ant-design-pro', 700_000],
  ['Saber', 1_000_000],
]
const distDir = join(repoRoot, 'apps/web/dist')

const millis = (ms) => `${Math.round(ms)} ms`
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
const line = (text) => console.log(`   ${text}`)
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * The bare static server as a child process, passing /xparkApi through to `apiOrigin`; `documentHeaders`
 * go on index.html.
 */
export async function startBareStatic(apiOrigin, onChild = () => {}, documentHeaders = {}) {
  const script = fileURLToPath(new URL('./lib/bare-static-server.mjs', import.meta.url))
  const child = spawn(process.execPath, [script, distDir, apiOrigin, JSON.stringify(documentHeaders)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  onChild(child)
  const first = await Promise.race([
    new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
    sleep(15_000).then(() => null),
  ])
  if (!first) throw new Error('bare static server did not start within 15 s')
  return { child, baseUrl: `http://127.0.0.1:${JSON.parse(first).port}` }
}

/** Headers of a response that are not about its body or connection: the document's security headers. */
const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'vary',
  'etag',
  'last-modified',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
])
export const documentHeadersOf = (response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())))

/**
 * `loads` cold loads per target (fresh context, cache disabled), after one warm-up load each that is
 * not counted (the browser's own first-navigation costs), in turn, the order rotating every round:
 * - xpark: its own server;
 * - bare: the bare static server sending the same security headers on index.html as xpark's server
 *   (helmet's, and whatever CSP is configured): the serving compared, not the header policy;
 * - bare-plain: the bare static server with no such headers, to show what the headers cost.
 *   (Cross-Origin-Opener-Policy makes Chromium give the page a new browsing context group, hence a new
 *   renderer process, when the tab starts at about:blank as Playwright's pages do.)
 */
export async function benchSignIn(server, { loads = 9, chromiumWaitMs = 120_000, onChild } = {}) {
  if (!(await waitForChromium(chromiumWaitMs))) {
    throw new Error(`/usr/bin/chromium did not appear within ${chromiumWaitMs / 1000} s`)
  }
  const index = await fetch(`${server.baseUrl}/`)
  if (!index.ok) throw new Error(`GET / answered HTTP ${index.status}: is apps/web/dist built?`)
  const documentHeaders = documentHeadersOf(index)
  const bare = await startBareStatic(server.baseUrl, onChild, documentHeaders)
  const plain = await startBareStatic(server.baseUrl, onChild)
  const browser = await launchBrowser()
  try {
    const targets = { xpark: server.baseUrl, bare: bare.baseUrl, barePlain: plain.baseUrl }
    const names = Object.keys(targets)
    for (const url of Object.values(targets)) await measureLoginPage(browser, url)
    const samples = Object.fromEntries(names.map((name) => [name, []]))
    for (let i = 0; i < loads; i++) {
      // rotate which goes first, so none always follows another's garbage
      const order = names.map((_, k) => names[(i + k) % names.length])
      for (const name of order) samples[name].push(await measureLoginPage(browser, targets[name]))
    }
    return { ...summarise(samples), documentHeaders: Object.keys(documentHeaders) }
  } finally {
    await browser.close()
    await stopServer(bare.child, 5_000)
    await stopServer(plain.child, 5_000)
  }
}

function summarise(samples) {
  const figure = (list) => ({
    visibleMs: list.map((l) => Math.round(l.visibleMs)),
    medianVisibleMs: Math.round(median(list.map((l) => l.visibleMs))),
    // Playwright's wall clock, quantised by its polling: for comparison with runs before issue 14 only
    waitMs: list.map((l) => Math.round(l.waitMs)),
    medianWaitMs: Math.round(median(list.map((l) => l.waitMs))),
    requestsBeforeVisible: list[0].requestsBeforeVisible,
  })
  const xpark = figure(samples.xpark)
  const bare = figure(samples.bare)
  const barePlain = figure(samples.barePlain)
  // the bytes of one xpark load (the same files on every load): the load that saw the most, since the
  // DevTools session can miss a load's network events when Chromium swaps the renderer (COOP)
  const first = samples.xpark.reduce((most, l) => (l.jsBodyBytes > most.jsBodyBytes ? l : most))
  return {
    xpark,
    bare,
    barePlain,
    ratio: Number((xpark.medianVisibleMs / bare.medianVisibleMs).toFixed(3)),
    ratioToPlain: Number((xpark.medianVisibleMs / barePlain.medianVisibleMs).toFixed(3)),
    targetMedianMs: TARGET_MEDIAN_MS,
    jsFiles: first.jsFiles,
    jsGzipBodyBytes: first.jsBodyBytes,
    jsWireBytes: first.jsWireBytes,
    jsDecodedBytes: first.jsDecodedBytes,
    contentEncodings: first.encodings,
    acceptEncodingSent: first.acceptEncodings,
    scriptsFinishedAfterVisible: first.scriptsAfterVisible,
    requests: first.requests,
    targetBytes: TARGET_LOGIN_JS_BYTES,
    verdict: first.jsBodyBytes <= TARGET_LOGIN_JS_BYTES ? 'PASS' : 'OVER',
    byteSource: 'CDP Network.loadingFinished.encodedDataLength minus response header bytes',
    files: first.files,
  }
}

export function report(r) {
  const loads = (f) => f.visibleMs.map(millis).join(', ')
  line('password field painted after (navigation start → the frame that paints it, in-page clock):')
  line(`xpark's own server:  median ${millis(r.xpark.medianVisibleMs)}   (loads ${loads(r.xpark)})`)
  line(`bare static server:  median ${millis(r.bare.medianVisibleMs)}   (loads ${loads(r.bare)})`)
  line(`  (bare sends the same document headers as xpark: ${r.documentHeaders.join(', ') || 'none'})`)
  line(
    `ratio xpark / bare: ${r.ratio.toFixed(2)}  (${r.ratio <= 1 ? 'PASS' : 'OVER'}: no slower than bare)   ` +
      `target median ≤ ${r.targetMedianMs} ms: ${r.xpark.medianVisibleMs <= r.targetMedianMs ? 'PASS' : 'OVER'}`,
  )
  line(
    `bare without those headers: median ${millis(r.barePlain.medianVisibleMs)} (loads ${loads(r.barePlain)}); ` +
      `xpark / that: ${r.ratioToPlain.toFixed(2)} (Cross-Origin-Opener-Policy gives the page a new renderer process)`,
  )
  line(
    `(Playwright's wall clock until it saw the field, polling up to every 500 ms: xpark median ` +
      `${millis(r.xpark.medianWaitMs)}, bare ${millis(r.bare.medianWaitMs)})`,
  )
  line(
    `requests before the field was visible: xpark ${r.xpark.requestsBeforeVisible.join(', ') || 'none'}` +
      ` | bare ${r.bare.requestsBeforeVisible.join(', ') || 'none'}`,
  )
  line(
    `JS before password paint ${kb(r.jsGzipBodyBytes)} gzip (target ≤ ${kb(r.targetBytes).replace('.0 ', ' ')}) ` +
      `${r.verdict}` +
      (r.verdict === 'OVER' ? ` by ${kb(r.jsGzipBodyBytes - r.targetBytes)}` : ''),
  )
  line(
    `  in ${r.jsFiles} files, ${r.contentEncodings.join('/')} (${kb(r.jsDecodedBytes)} decoded; ` +
      `${kb(r.jsWireBytes)} with headers)   reference: ` +
      REFERENCE_LOGIN_JS.map(([name, bytes]) => `${name} ~${kb(bytes)}`).join(', '),
  )
  line(
    `bytes: CDP encodedDataLength (body only), Accept-Encoding sent: ${r.acceptEncodingSent.join(', ') || '?'}`,
  )
  line('largest scripts:')
  for (const f of r.files.slice(0, 6)) line(`  ${kb(f.bodyBytes).padStart(9)}  ${f.file}`)
  // the build compresses files from 1 KB: smaller ones come as they are
  const plain = r.files.filter((f) => f.encoding !== 'gzip' && f.decodedBytes >= 1024)
  if (plain.length)
    line(`WARNING: scripts over 1 KB came without gzip: ${plain.map((f) => f.file).join(', ')}`)
}

export const heading = (baseUrl) =>
  `3. Sign-in page first load in Chromium (/#/login, fresh context, no cache): xpark's server ${baseUrl} ` +
  'vs a bare static server of the same build'

// ---- alone -------------------------------------------------------------------------------------------
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'xpark-bench-signin-'))
  const children = new Set()
  const cleanUp = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', cleanUp)
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))
  setTimeout(() => {
    console.error('bench: sign-in still running after 3 min, giving up')
    process.exit(2)
  }, 3 * 60_000).unref()

  console.log(
    `load average at start: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} on ${os.cpus().length} cores`,
  )
  const server = await startServer({ port: await freePort(), dataDir })
  children.add(server.child)
  try {
    console.log(`\n== ${heading(server.baseUrl)}`)
    const loads = Number(process.env.XPARK_BENCH_SIGNIN_LOADS ?? 9)
    report(await benchSignIn(server, { loads, onChild: (child) => children.add(child) }))
  } finally {
    await stopServer(server.child)
  }
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  )
}

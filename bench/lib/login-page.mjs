// First load of the console's login page in a fresh Chromium context (empty cache), via playwright-core.
import { existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium } from 'playwright-core'

export const chromiumPath = '/usr/bin/chromium'
const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's chromium may still be installing (apt): wait for the binary, up to timeoutMs. */
export async function waitForChromium(timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (!existsSync(chromiumPath)) {
    if (Date.now() > deadline) return false
    await sleep(1_000)
  }
  return true
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath, args: launchArgs, headless: true })
}

const isScript = (type, mimeType, url) =>
  type === 'Script' || /javascript|ecmascript/i.test(mimeType ?? '') || /\.m?js(\?|$)/.test(url)

/**
 * Runs in the page before its own scripts: records `performance.now()` (ms since the navigation
 * started) in the animation frame that first paints a laid-out password field. Playwright's own
 * `waitFor` polls at growing intervals (up to 500 ms), so its wall-clock time is quantised; this is not.
 */
function recordPasswordPaint() {
  const laidOut = () => {
    const field = document.querySelector('input[type=password]')
    if (!field) return false
    const box = field.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(field).visibility !== 'hidden'
  }
  const observer = new MutationObserver(() => {
    if (!laidOut()) return
    observer.disconnect()
    requestAnimationFrame(() => {
      window.__xparkPasswordPaintedAt = performance.now()
    })
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })
}

/**
 * Open `${baseUrl}/#/login` in a new context and wait until `input[type=password]` is visible.
 * `visibleMs` is navigation start → the frame that paints it (in-page clock, see recordPasswordPaint);
 * `waitMs` is the bench's wall clock until Playwright saw it (includes its polling).
 *
 * Bytes are counted from the DevTools protocol: for each response, Network.loadingFinished's
 * encodedDataLength is everything received off the wire (headers + encoded body); the body alone is
 * that minus the header bytes reported by Network.responseReceived. Only scripts whose loading finished
 * before the field became visible are counted in `jsBeforeVisible`.
 */
export async function measureLoginPage(browser, baseUrl, { timeoutMs = 30_000 } = {}) {
  // Ask for gzip only, so the figure is the gzip size whatever else Chromium would offer.
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })

  const requests = new Map()
  const t0 = { value: 0 }
  cdp.on('Network.requestWillBeSent', (e) => {
    // ExtraInfo events may arrive before or after this one: merge, never replace
    const entry = requests.get(e.requestId) ?? {}
    Object.assign(entry, { url: e.request.url, type: e.type, sentAt: performance.now() - t0.value })
    requests.set(e.requestId, entry)
  })
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const entry = requests.get(e.requestId) ?? {}
    const header = Object.entries(e.headers).find(([name]) => name.toLowerCase() === 'accept-encoding')
    entry.acceptEncoding = header?.[1]
    requests.set(e.requestId, entry)
  })
  cdp.on('Network.responseReceived', (e) => {
    const entry = requests.get(e.requestId) ?? { url: e.response.url }
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    )
    Object.assign(entry, {
      type: e.type,
      status: e.response.status,
      mimeType: e.response.mimeType,
      contentEncoding: headers['content-encoding'] ?? 'identity',
      contentLength: headers['content-length'] ? Number(headers['content-length']) : null,
      headerBytes: e.response.encodedDataLength,
      fromCache: e.response.fromDiskCache || e.response.fromPrefetchCache || false,
    })
    requests.set(e.requestId, entry)
  })
  cdp.on('Network.dataReceived', (e) => {
    const entry = requests.get(e.requestId)
    if (entry) entry.decodedBytes = (entry.decodedBytes ?? 0) + e.dataLength
  })
  cdp.on('Network.loadingFinished', (e) => {
    const entry = requests.get(e.requestId)
    if (!entry) return
    entry.wireBytes = e.encodedDataLength
    entry.finishedAt = performance.now() - t0.value
  })

  await page.addInitScript(recordPasswordPaint)
  t0.value = performance.now()
  await page.goto(`${baseUrl}/#/login`, { waitUntil: 'commit', timeout: timeoutMs })
  await page.locator('input[type=password]').first().waitFor({ state: 'visible', timeout: timeoutMs })
  const waitMs = performance.now() - t0.value
  await page.waitForFunction(() => window.__xparkPasswordPaintedAt !== undefined, null, {
    timeout: timeoutMs,
  })
  const visibleMs = await page.evaluate(() => window.__xparkPasswordPaintedAt)

  const all = [...requests.values()]
  // the network events carry the bench's clock; the page's clock starts about when the document
  // request is sent: the paint on the bench's clock, for what finished "before visible"
  const documentSentAt = all.find((r) => r.type === 'Document')?.sentAt ?? 0
  const paintedAt = documentSentAt + visibleMs
  const scripts = all.filter((r) => isScript(r.type, r.mimeType, r.url ?? ''))
  const beforeVisible = scripts.filter((r) => r.finishedAt !== undefined && r.finishedAt <= paintedAt)
  const files = beforeVisible
    .map((r) => ({
      file: new URL(r.url).pathname,
      encoding: r.contentEncoding,
      acceptEncoding: r.acceptEncoding,
      bodyBytes: Math.max(0, r.wireBytes - (r.headerBytes ?? 0)),
      wireBytes: r.wireBytes,
      decodedBytes: r.decodedBytes ?? 0,
      contentLength: r.contentLength,
      finishedMs: Math.round(r.finishedAt),
    }))
    .sort((a, b) => b.bodyBytes - a.bodyBytes)

  await cdp.detach().catch(() => {})
  await context.close()

  const sum = (list, key) => list.reduce((total, f) => total + (f[key] ?? 0), 0)
  return {
    visibleMs,
    waitMs,
    jsFiles: files.length,
    jsBodyBytes: sum(files, 'bodyBytes'),
    jsWireBytes: sum(files, 'wireBytes'),
    jsDecodedBytes: sum(files, 'decodedBytes'),
    encodings: [...new Set(files.map((f) => f.encoding))],
    acceptEncodings: [...new Set(files.map((f) => f.acceptEncoding).filter(Boolean))],
    scriptsAfterVisible: scripts.length - files.length,
    requests: all.length,
    // API calls the page made before the field showed (the form should need none)
    requestsBeforeVisible: all
      .filter((r) => r.url?.includes('/xparkApi/') && r.sentAt !== undefined && r.sentAt <= paintedAt)
      .map((r) => new URL(r.url).pathname.replace('/xparkApi/', '')),
    files,
  }
}

// 100,000 users, paged: GET /xparkApi/blade-user/page through the built server, next to the same SQL run
// raw in PGlite on the same data folder. Run alone with `node bench/users-paged.mjs`; run.mjs runs it too.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  serverWith100kUsers,
  timeHttpPages,
  timeRawPages,
  USER_COUNT,
  USERS_TENANT,
} from './lib/users-100k.mjs'
import { freePort, signIn, stopServer } from './lib/xpark-server.mjs'

const line = (text) => console.log(`   ${text}`)
const ms = (n) => `${n.toFixed(1)} ms`

/** Timed over HTTP against a running server whose folder holds the 100k users. */
export async function httpPhase(server, { runs = 30 } = {}) {
  const token = await signIn(server.baseUrl, { tenantId: USERS_TENANT, username: 'admin' })
  return timeHttpPages(server.baseUrl, token, { runs })
}

/** Print both side by side; call after the server is stopped and timeRawPages has run. */
export function report({ http, raw, insertMs, tenantUsers }) {
  line(
    `tenant ${USERS_TENANT}: ${tenantUsers.toLocaleString('en-US')} users ` +
      `(${USER_COUNT.toLocaleString('en-US')} inserted in ${(insertMs / 1000).toFixed(1)} s, one insert … select generate_series)`,
  )
  line(
    `${''.padEnd(15)}${'HTTP p50'.padStart(10)}${'p95'.padStart(10)}${'raw SQL p50'.padStart(13)}${'p95'.padStart(10)}${'ratio p50'.padStart(11)}   rows/total`,
  )
  const cases = http.map((h, i) => {
    const r = raw.cases[i]
    const ratio = h.p50 / r.p50
    line(
      `${h.name.padEnd(15)}${ms(h.p50).padStart(10)}${ms(h.p95).padStart(10)}${ms(r.p50).padStart(13)}${ms(r.p95).padStart(10)}` +
        `${`${ratio.toFixed(1)}x`.padStart(11)}   ${h.records}/${h.total}` +
        (h.total !== r.total || h.records !== r.records ? `  (raw: ${r.records}/${r.total} — MISMATCH)` : ''),
    )
    return { name: h.name, url: h.url, http: h, raw: r, ratioP50: Number(ratio.toFixed(2)) }
  })
  line(
    `HTTP: sequential fetch over keep-alive, time to the whole body, ${http[0].n} runs after 3 warm-ups; ` +
      'each request pays token check, data-scope lookup, JSON + gzip',
  )
  line(
    `raw: the statements selectPage runs (planner estimate; then page of size + 1 [keyset start for a deep ` +
      `page] + count(*), or for a small answer count and ids in one pass + rows by id) in PGlite in this process ` +
      `(open ${ms(raw.openMs)}; estimates ${raw.cases.map((c) => c.estimate).join(' / ')})`,
  )
  return cases
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('users-paged: still running after 3 minutes, giving up')
    process.exit(2)
  }, 180_000)
  watchdog.unref()
  const dataDir = mkdtempSync(join(os.tmpdir(), 'xpark-bench-users-'))
  const children = new Set()
  const cleanUp = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', cleanUp)
  process.on('SIGINT', () => process.exit(130))
  console.log(`\n== 100,000 users, paged (GET /xparkApi/blade-user/page vs raw SQL in PGlite)`)
  const port = await freePort()
  const { server, insertMs, tenantUsers } = await serverWith100kUsers({
    port,
    dataDir,
    onChild: (c) => children.add(c),
  })
  let http
  try {
    http = await httpPhase(server)
  } finally {
    await stopServer(server.child)
  }
  const raw = await timeRawPages(dataDir)
  report({ http, raw, insertMs, tenantUsers })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}

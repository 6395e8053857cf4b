// 100,000 users exported to xlsx: GET /xparkApi/blade-user/export-user through the built server (keyset
// batches written as sheet XML into a deflated zip stream), next to the same rows streamed raw with a cursor
// in PGlite on the same data folder: every column (the reference of earlier runs), then the columns the
// export reads. Rows/s and peak RSS of both. Run alone with `node bench/users-export.mjs`; run.mjs runs it
// as section 6 on the folder of section 4.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import ExcelJS from 'exceljs'
import { serverWith100kUsers, USER_COLUMNS, USERS_TENANT } from './lib/users-100k.mjs'
import { cpuTimeOf, freePort, memoryOf, signIn, stopServer } from './lib/xpark-server.mjs'

const line = (text) => console.log(`   ${text}`)
const mb = (bytes) => (bytes == null ? 'n/a' : `${Math.round(bytes / 1024 / 1024)} MB`)
const rate = (rows, ms) => Math.round(rows / (ms / 1000))
/** the batch the server reads (core/excel EXPORT_BATCH), used for the raw cursor too */
const BATCH = 1000
/**
 * The columns the export reads (apps/server/src/modules/user/excel.ts: what its sheet's columns name,
 * and the id of the keyset); USER_COLUMNS is every column but password.
 */
export const EXPORT_COLUMNS = [
  'id',
  'account',
  'name',
  'real_name',
  'email',
  'phone',
  'sex',
  'role_id',
  'dept_id',
  'post_id',
  'create_time',
]

/** Samples a memory reading every `everyMs` until stopped; answers the highest. */
function peakSampler(read, everyMs = 25) {
  let peak = read() ?? 0
  const timer = setInterval(() => {
    const now = read()
    if (now != null && now > peak) peak = now
  }, everyMs)
  return () => {
    clearInterval(timer)
    const now = read()
    return Math.max(peak, now ?? 0)
  }
}

/** Rows of the first sheet of an xlsx (header excluded), read back with exceljs's streaming reader. */
async function countRows(buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  })
  let rows = 0
  let first = null
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number === 1) continue
      rows++
      if (!first) first = row.values[1]
    }
    break
  }
  return { rows, firstAccount: first }
}

/**
 * The whole tenant exported over HTTP as 100001/admin (no ids: every user the page lists), twice. Server RSS
 * is sampled every 25 ms from /proc while the body streams in; the body is then read back to count rows.
 */
export async function exportPhase(server) {
  const token = await signIn(server.baseUrl, { tenantId: USERS_TENANT, username: 'admin' })
  // twice: the first run also grows PGlite's WASM heap and caches, which never shrink; the second
  // shows what the export itself holds
  const first = await exportOnce(server, token)
  return { ...(await exportOnce(server, token)), firstRun: first }
}

async function exportOnce(server, token) {
  const pid = server.child.pid
  const rssBefore = memoryOf(pid)
  const stopSampling = peakSampler(() => memoryOf(pid))
  const cpuBefore = cpuTimeOf(pid)
  const started = performance.now()
  const response = await fetch(`${server.baseUrl}/xparkApi/blade-user/export-user`, {
    headers: { 'blade-auth': `bearer ${token}` },
  })
  if (!response.ok) throw new Error(`export-user answered HTTP ${response.status}: ${await response.text()}`)
  const firstByteMs = performance.now() - started
  const chunks = []
  for await (const chunk of response.body) chunks.push(chunk)
  const ms = performance.now() - started
  const cpuMs = cpuTimeOf(pid) - cpuBefore
  const peak = stopSampling()
  const body = Buffer.concat(chunks)
  const readBack = await countRows(body)
  return {
    ms: Math.round(ms),
    cpuMs,
    firstByteMs: Math.round(firstByteMs),
    bytes: body.length,
    rows: readBack.rows,
    firstAccount: readBack.firstAccount,
    rowsPerSecond: rate(readBack.rows, ms),
    contentDisposition: response.headers.get('content-disposition'),
    serverRssBeforeBytes: rssBefore,
    serverPeakRssBytes: peak,
  }
}

/**
 * The same rows raw: `declare … cursor` over the given columns (tenant 100001, not deleted, newest
 * first) and `fetch 1000` until done, in an open PGlite. This process's RSS is sampled the same way.
 */
async function rawRead(db, columnNames) {
  const rssBefore = process.memoryUsage.rss()
  const stopSampling = peakSampler(() => process.memoryUsage.rss())
  const columns = columnNames.map((c) => `"${c}"`).join(', ')
  // the tenant id is a constant of the bench, inlined: DECLARE takes no bind parameters
  const sql =
    `declare export_cursor no scroll cursor for select ${columns} from blade_user ` +
    `where tenant_id = '${USERS_TENANT}' and is_deleted = 0 order by id desc`
  let rows = 0
  let first = null
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await db.exec('begin')
  await db.exec(sql)
  for (;;) {
    const result = await db.query(`fetch ${BATCH} from export_cursor`)
    if (!result.rows.length) break
    if (!first) first = result.rows[0].account
    rows += result.rows.length
  }
  await db.exec('close export_cursor; commit')
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const peak = stopSampling()
  return {
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rows,
    firstAccount: first,
    rowsPerSecond: rate(rows, ms),
    processRssBeforeBytes: rssBefore,
    processPeakRssBytes: peak,
    sql: sql.replace(/\s+/g, ' '),
  }
}

/**
 * Raw reads in PGlite opened in this process on the stopped server's folder: every column but password
 * first (cold, as earlier runs measured it), then the columns the export reads (`raw`, what the export is
 * compared with; the cache is warm by then, so the comparison does not flatter the export).
 */
export async function rawExportPhase(dataDir) {
  const openStarted = performance.now()
  const db = await PGlite.create({ dataDir: join(dataDir, 'pg'), extensions: { pg_trgm } })
  const openMs = Math.round(performance.now() - openStarted)
  try {
    const all = await rawRead(db, USER_COLUMNS)
    const raw = await rawRead(db, EXPORT_COLUMNS)
    return { ...raw, openMs, allColumns: { ...all, openMs } }
  } finally {
    await db.close()
  }
}

/** Print both side by side. */
export function report({ http, raw }) {
  const f = http.firstRun
  const all = raw.allColumns
  line(
    `first run (PGlite heap still growing): ${f.rows} rows in ${f.ms} ms, server RSS ` +
      `${mb(f.serverRssBeforeBytes)} → peak ${mb(f.serverPeakRssBytes)}; the second run is measured:`,
  )
  line(
    `${''.padEnd(34)}${'rows'.padStart(9)}${'time'.padStart(10)}${'CPU'.padStart(10)}${'rows/s'.padStart(10)}` +
      `${'RSS before'.padStart(12)}${'peak RSS'.padStart(10)}`,
  )
  line(
    `${'HTTP export-user (xlsx)'.padEnd(34)}${String(http.rows).padStart(9)}${`${http.ms} ms`.padStart(10)}` +
      `${`${http.cpuMs} ms`.padStart(10)}${String(http.rowsPerSecond).padStart(10)}${mb(http.serverRssBeforeBytes).padStart(12)}` +
      `${mb(http.serverPeakRssBytes).padStart(10)}   (server process; first byte after ${http.firstByteMs} ms, ` +
      `file ${(http.bytes / 1e6).toFixed(1)} MB)`,
  )
  const rawLine = (label, r, note) =>
    line(
      `${label.padEnd(34)}${String(r.rows).padStart(9)}${`${r.ms} ms`.padStart(10)}` +
        `${`${r.cpuMs} ms`.padStart(10)}${String(r.rowsPerSecond).padStart(10)}${mb(r.processRssBeforeBytes).padStart(12)}` +
        `${mb(r.processPeakRssBytes).padStart(10)}   (${note})`,
    )
  rawLine('raw cursor, every column (PGlite)', all, `bench process incl. PGlite; open ${all.openMs} ms`)
  rawLine(`raw cursor, the export's ${EXPORT_COLUMNS.length} columns`, raw, 'the same, read second')
  const mismatch =
    http.rows !== raw.rows ||
    http.firstAccount !== raw.firstAccount ||
    all.rows !== raw.rows ||
    all.firstAccount !== raw.firstAccount
  const share = (r) => ((http.rowsPerSecond / r.rowsPerSecond) * 100).toFixed(0)
  const cpuShare = (r) => ((r.cpuMs / http.cpuMs) * 100).toFixed(0)
  line(
    `ratio: the export runs at ${share(raw)}% of the raw read of its columns (${share(all)}% of the every-column ` +
      `read earlier runs compared with; xlsx writing, zip, HTTP on loopback on top); by CPU time ` +
      `${cpuShare(raw)}% (${cpuShare(all)}%); server RSS grew ` +
      `${mb(http.serverPeakRssBytes - http.serverRssBeforeBytes)} for a ${(http.bytes / 1e6).toFixed(1)} MB file` +
      (mismatch ? `  (MISMATCH: raw ${raw.rows} rows from ${raw.firstAccount})` : ''),
  )
  return {
    http,
    raw,
    ratio: Number((http.rowsPerSecond / raw.rowsPerSecond).toFixed(3)),
    ratioAllColumns: Number((http.rowsPerSecond / all.rowsPerSecond).toFixed(3)),
    ratioCpu: Number((raw.cpuMs / http.cpuMs).toFixed(3)),
    ratioCpuAllColumns: Number((all.cpuMs / http.cpuMs).toFixed(3)),
    mismatch,
  }
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('users-export: still running after 4 minutes, giving up')
    process.exit(2)
  }, 240_000)
  watchdog.unref()
  const dataDir = mkdtempSync(join(os.tmpdir(), 'xpark-bench-export-'))
  const children = new Set()
  const cleanUp = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', cleanUp)
  process.on('SIGINT', () => process.exit(130))
  console.log(
    '\n== 100,000 users exported (GET /xparkApi/blade-user/export-user vs a raw SQL cursor in PGlite)',
  )
  const { server, tenantUsers } = await serverWith100kUsers({
    port: await freePort(),
    dataDir,
    onChild: (c) => children.add(c),
  })
  line(`tenant ${USERS_TENANT}: ${tenantUsers.toLocaleString('en-US')} users`)
  let http
  try {
    http = await exportPhase(server)
  } finally {
    await stopServer(server.child)
  }
  const raw = await rawExportPhase(dataDir)
  report({ http, raw })
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

import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The product's budgets (issue 27), each read from this run's results and printed beside its target:
 * PASS, OVER, or "not measured" when its section did not run. The bench reports; it never fails on a
 * budget (the figures are one busy machine's readings).
 */
const MB = 1024 * 1024
const KB = 1000

export const BUDGETS = [
  {
    name: 'idle RSS after restart',
    read: (r) => r.startup?.idleRssBytes?.afterRestart,
    max: 400 * MB,
    show: (v) => `${(v / MB).toFixed(0)} MB`,
  },
  {
    name: 'restart',
    read: (r) => r.startup?.restartMs,
    max: 2000,
    show: (v) => `${(v / 1000).toFixed(2)} s`,
  },
  {
    name: 'first start',
    read: (r) => r.startup?.firstStartMs,
    max: 6000,
    show: (v) => `${(v / 1000).toFixed(2)} s`,
  },
  {
    name: 'JS before the password is painted',
    read: (r) => r.loginPage?.jsGzipBodyBytes,
    max: 130 * KB,
    show: (v) => `${(v / KB).toFixed(1)} KB gzip`,
  },
  {
    name: 'sign-in paint, xpark / bare',
    read: (r) => r.loginPage?.ratio,
    max: 1,
    show: (v) => v.toFixed(2),
  },
  ...[
    ['menu/routes', 'ratio'],
    ['menu/buttons', 'buttonsRatio'],
    ['dict/dictionary', 'dictionaryRatio'],
  ].map(([name, key]) => ({
    name: `${name} ÷ bare Fastify`,
    read: (r) => r.menuRoutes?.[key],
    min: 0.4,
    show: (v) => `${(v * 100).toFixed(1)}%`,
  })),
]

/**
 * Issue 28's budgets for machines through a broker (bench/devices.mjs, section 11): every status
 * reaches the presence table, p99 from publish to `last_seen_at` under a second, and one coalesced
 * presence write a second per node (this run has one node).
 */
export const DEVICE_BUDGETS = [
  {
    name: 'machines whose last status was lost',
    read: (r) => r.ingest?.lost,
    max: 0,
    show: (v) => String(v),
  },
  {
    name: 'ingest lag p99, publish → last_seen_at',
    read: (r) => r.ingest?.heardP99Ms,
    max: 1000,
    show: (v) => `${v} ms`,
  },
  {
    name: 'presence writes a second (one node)',
    read: (r) => r.ingest?.writesPerSecond,
    max: 1.05,
    show: (v) => `${v.toFixed(2)}/s`,
  },
]

/** Each budget's verdict for `results` (what `bench/run.mjs` writes, or a section's own list). */
export function judgeBudgets(results, budgets = BUDGETS) {
  return budgets.map((b) => {
    const value = b.read(results)
    const target = b.max !== undefined ? `≤ ${b.show(b.max)}` : `≥ ${b.show(b.min)}`
    if (typeof value !== 'number' || Number.isNaN(value))
      return { name: b.name, target, value: null, verdict: 'not measured' }
    const within = b.max !== undefined ? value <= b.max : value >= b.min
    return { name: b.name, target, value, shown: b.show(value), verdict: within ? 'PASS' : 'OVER' }
  })
}

/** The verdicts as lines: figure, target, verdict. */
export function budgetLines(verdicts) {
  const width = Math.max(...verdicts.map((v) => v.name.length))
  return verdicts.map(
    (v) => `${v.name.padEnd(width)}  ${(v.shown ?? '-').padStart(14)}  (target ${v.target})  ${v.verdict}`,
  )
}

/** Where each section writes its results (git-ignored). */
export const resultsDir = fileURLToPath(new URL('../results/', import.meta.url))

/**
 * A section's end: its budgets judged and printed under its issue, its results written to
 * `bench/results/<name>.json`.
 */
export function writeSectionResults(name, results, budgets, { issue, line }) {
  results.loadAverageEnd = os.loadavg()
  console.log(`\n-- budgets (issue ${issue})`)
  results.budgets = judgeBudgets(results, budgets)
  for (const l of budgetLines(results.budgets)) line(l)
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`)
  line(`wrote bench/results/${name}.json (load average at the end ${os.loadavg()[0].toFixed(1)})`)
}

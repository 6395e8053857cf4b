// What every standalone bench script does around its measurements: run only when it is the script
// node was given, stop itself after a time limit, kill the servers it started when it exits, and exit
// with its result.
import { pathToFileURL } from 'node:url'

/**
 * Run `main(onChild)` when `moduleUrl` is the script node started; `onChild` registers a child process
 * to kill on exit. `main` may return an exit code (default 0); an error exits 1, the watchdog 2.
 */
export function runAsScript(moduleUrl, name, minutes, main) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return
  const watchdog = setTimeout(() => {
    console.error(`${name}: still running after ${minutes} minutes, giving up`)
    process.exit(2)
  }, minutes * 60_000)
  watchdog.unref()
  const children = new Set()
  process.on('exit', () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  process.on('SIGINT', () => process.exit(130))
  main((child) => children.add(child)).then(
    (code) => process.exit(code ?? 0),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}

/** The databases to measure: PGlite, and PostgreSQL when DATABASE_URL is set; `envName` overrides. */
export function databaseKinds(envName) {
  const chosen = process.env[envName]
  if (chosen) return chosen.split(',')
  return ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])]
}

/** The median time in ms (one decimal) of `runs` calls of `once`, one at a time. */
export async function aloneMedianMs(once, runs) {
  const samples = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await once()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return Number(samples[Math.floor(samples.length / 2)].toFixed(1))
}

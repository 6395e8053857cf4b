// Start and stop the built xpark server (apps/server/dist/main.js) as a child process, on loopback only.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { percentile } from './device-load.mjs'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
// XPARK_BENCH_SERVER measures another build (an earlier commit's apps/server/dist/main.js) on the same data
export const serverEntry =
  process.env.XPARK_BENCH_SERVER ?? fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url))

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Resident memory of a process in bytes, from /proc/<pid>/status (VmRSS, or VmHWM for the peak). */
export function memoryOf(pid, field = 'VmRSS') {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}

/**
 * CPU time a process has used so far in ms (user + system, every thread: zlib's pool included), from
 * /proc/<pid>/stat in clock ticks of 10 ms (USER_HZ is 100 on Linux). Less sensitive than wall time to
 * other work on a shared machine. Null when the process is gone.
 */
export function cpuTimeOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ')
    // after "pid (comm) ": state is field 0, utime 11, stime 12
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/**
 * Spawn the server on `dataDir` and wait until GET /xparkApi/health answers 200.
 * Returns { child, baseUrl, readyMs } where readyMs runs from spawn to the first healthy answer.
 * `env` adds variables; DATABASE_URL and REDIS_URL are not inherited from the bench's own environment
 * (the embedded database is measured unless a section passes them on purpose).
 */
export async function startServer({ port, dataDir, timeoutMs = 60_000, env = {} }) {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `${serverEntry} is missing: build the server first (npm run build, or node build.mjs in apps/server)`,
    )
  }
  const baseUrl = `http://127.0.0.1:${port}`
  const output = []
  const started = performance.now()
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env
  const child = spawn(
    process.execPath,
    [
      ...(process.env.XPARK_BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.XPARK_BENCH_PROFILE}`]
        : []),
      // more node options for the server, e.g. --trace-gc (NODE_OPTIONS refuses most V8 flags)
      ...(process.env.XPARK_BENCH_NODE_ARGS ? process.env.XPARK_BENCH_NODE_ARGS.split(' ') : []),
      serverEntry,
    ],
    {
      cwd: repoRoot,
      env: {
        ...inherited,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        XPARK_DATA: dataDir,
        XPARK_CAPTCHA: 'off',
        XPARK_LOG_LEVEL: 'warn',
        // the embedded MQTT broker on a free port: servers run side by side
        XPARK_MQTT_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout.on('data', (chunk) => output.push(chunk))
  child.stderr.on('data', (chunk) => output.push(chunk))
  let exited = null
  child.once('exit', (code, signal) => {
    exited = { code, signal }
  })
  child.log = () => Buffer.concat(output).toString('utf8')

  const deadline = started + timeoutMs
  while (performance.now() < deadline) {
    if (exited) {
      throw new Error(`server exited before it was healthy (${JSON.stringify(exited)}):\n${child.log()}`)
    }
    try {
      const response = await fetch(`${baseUrl}/xparkApi/health`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) {
        const body = await response.json()
        if (body.status === 'ok')
          return { child, baseUrl, readyMs: performance.now() - started, health: body }
      }
    } catch {
      // not listening yet
    }
    await sleep(25)
  }
  child.kill('SIGKILL')
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${child.log()}`)
}

/** SIGTERM, then wait for the process to exit (SIGKILL after timeoutMs). Returns { exitMs, code, signal }. */
export function stopServer(child, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ exitMs: 0, code: child.exitCode, signal: child.signalCode })
  }
  const started = performance.now()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', (code, signal) => {
      clearTimeout(force)
      resolve({ exitMs: performance.now() - started, code, signal })
    })
    child.kill('SIGTERM')
  })
}

/** Password grant as the console does it: md5 of the password, Basic client credentials. */
export async function signIn(
  baseUrl,
  { tenantId = '000000', username = 'admin', password = 'Admin@123456' } = {},
) {
  const { createHash } = await import('node:crypto')
  const query = new URLSearchParams({
    tenantId,
    username,
    password: createHash('md5').update(password).digest('hex'),
    grant_type: 'password',
    scope: 'all',
  })
  const response = await fetch(`${baseUrl}/xparkApi/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('xpark:').toString('base64')}` },
  })
  const body = await response.json().catch(() => ({}))
  if (!response.ok || !body.access_token) {
    throw new Error(`sign-in failed: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`)
  }
  return body.access_token
}

/**
 * One call of the API as a signed-in console: GET without a body, POST with one; the envelope's
 * `data`, or an error naming the path, the status and the start of the body.
 */
export async function apiCall(baseUrl, token, path, body) {
  const response = await fetch(`${baseUrl}/xparkApi/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = await response.json().catch(() => ({}))
  if (!response.ok || json.success === false)
    throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json).slice(0, 300)}`)
  return json.data
}

/** Median and p95 (ms, one decimal) of `runs` GET calls after 3 warm-ups, one at a time; the last answer's `total`. */
export async function timeApiCall(baseUrl, token, path, runs) {
  const samples = []
  let total
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now()
    const data = await apiCall(baseUrl, token, path)
    if (i >= 3) samples.push(performance.now() - started)
    total = data?.total
  }
  const at = (p) => Number(percentile(samples, p).toFixed(1))
  return { ms: at(50), p95: at(95), total }
}

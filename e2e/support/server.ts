import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Repository root (this file is e2e/support/server.ts). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..')
const serverMain = join(repoRoot, 'apps/server/dist/main.js')
const webIndex = join(repoRoot, 'apps/web/dist/index.html')

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Socket inodes listening on `port` (Linux /proc); null where /proc/net is not there. */
function listenerInodes(port: number): Set<string> | null {
  const inodes = new Set<string>()
  let readable = false
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    readable = true
    for (const line of text.trim().split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/)
      if (state === '0A' && local && inode && Number.parseInt(local.split(':')[1] ?? '', 16) === port)
        inodes.add(inode)
    }
  }
  return readable ? inodes : null
}

/**
 * Whether process `pid` is the one listening on `port`: another server (a colleague's, a benchmark's)
 * may have taken the port between our probe and our server's start. Unknown (true) off Linux.
 */
function listensOn(pid: number, port: number): boolean {
  const inodes = listenerInodes(port)
  if (inodes === null) return true
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '')
      } catch {
        return false
      }
    })
  } catch {
    return true
  }
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string, timeoutMs: number) {
  const url = `http://127.0.0.1:${port}/xparkApi/health`
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `xpark server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      )
    try {
      const reply = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (reply.ok && child.pid !== undefined && listensOn(child.pid, port)) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`xpark server did not answer ${url} within ${timeoutMs} ms:\n${output()}`)
}

/**
 * Starts the built server on a fresh data folder (initdb + migrate + seed) with the captcha off.
 * Returns a stop function that ends the server and removes the folder.
 */
export async function startServer(
  port: number,
  /** further settings of this server (a spec starting its own: request encryption on…) */
  env: Record<string, string> = {},
): Promise<() => Promise<void>> {
  for (const built of [serverMain, webIndex])
    if (!existsSync(built))
      throw new Error(`${built} is missing: run \`npm run build\` at the repository root first`)

  const dataDir = mkdtempSync(join(tmpdir(), 'xpark-e2e-'))
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      XPARK_DATA: dataDir,
      XPARK_CAPTCHA: 'off',
      XPARK_LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // the embedded MQTT broker on a free port: servers run side by side
      XPARK_MQTT_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
    if (process.env.XPARK_E2E_SERVER_LOG) process.stderr.write(chunk)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  let ready = false
  let stopping = false
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.once('exit', (code, signal) => {
    // say so at once: every test after this fails with ERR_CONNECTION_REFUSED
    if (ready && !stopping)
      process.stderr.write(
        `\n[e2e] the xpark server (pid ${child.pid}) exited during the run: code ${code}, signal ${signal}\n${log}\n`,
      )
  })

  const stop = async () => {
    stopping = true
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(killer)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForHealth(port, child, () => log, 90_000)
    ready = true
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}

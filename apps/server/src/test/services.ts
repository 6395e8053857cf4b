import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/**
 * Private PostgreSQL and Redis servers for the fault tests: started, stopped and restarted at will,
 * on free ports, in folders of their own, so the machine's shared services are never disturbed.
 */

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The newest PostgreSQL server binaries on the machine (Debian keeps them per version). */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

/** redis-server on the PATH, or null. */
export function redisBinary(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const file = join(dir, 'redis-server')
    if (dir && existsSync(file)) return file
  }
  return null
}

/** PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` account. */
function asServerUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  const line = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim()
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

export class PrivatePostgres {
  private readonly owner = asServerUser()

  private constructor(
    private readonly bin: string,
    readonly dataDir: string,
    readonly port: number,
  ) {}

  /** initdb a new cluster in `dir` (trust authentication on 127.0.0.1 only) and start it. */
  static async create(bin: string, dir: string): Promise<PrivatePostgres> {
    const port = await freePort()
    const dataDir = join(dir, 'pgdata')
    mkdirSync(dataDir, { recursive: true })
    const server = new PrivatePostgres(bin, dataDir, port)
    if (server.owner) {
      // the postgres account must reach the folder through its parents
      chmodSync(dir, 0o755)
      chownSync(dataDir, server.owner.uid, server.owner.gid)
    }
    server.run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ])
    await server.start()
    return server
  }

  private run(tool: string, args: string[]): string {
    return execFileSync(join(this.bin, tool), args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(this.owner ? { uid: this.owner.uid, gid: this.owner.gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
    })
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dataDir, 'server.log'),
      '-o',
      options,
      '-w',
      'start',
    ])
    await this.waitUntil(true)
  }

  /** `immediate` is a crash as far as the clients can tell: connections cut, recovery on the next start. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop'])
  }

  /** Whether a connection can be made now, polled until it matches `up` (30 s at most). */
  private async waitUntil(up: boolean): Promise<void> {
    for (let i = 0; i < 150; i++) {
      if ((await this.answers()) === up) return
      await sleep(200)
    }
    throw new Error(`private PostgreSQL on port ${this.port} did not come ${up ? 'up' : 'down'}`)
  }

  async answers(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 2000 })
    try {
      await client.connect()
      await client.query('select 1')
      return true
    } catch {
      return false
    } finally {
      await client.end().catch(() => {})
    }
  }

  async query<T extends pg.QueryResultRow>(database: string, text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: this.url(database) })
    await client.connect()
    try {
      return (await client.query<T>(text, values)).rows
    } finally {
      await client.end()
    }
  }

  async destroy(): Promise<void> {
    try {
      await this.stop('immediate')
    } catch {
      // already stopped
    }
  }
}

export class PrivateRedis {
  private child: ChildProcess | null = null

  private constructor(
    private readonly bin: string,
    readonly port: number,
  ) {}

  static async create(bin: string): Promise<PrivateRedis> {
    const server = new PrivateRedis(bin, await freePort())
    await server.start()
    return server
  }

  url(): string {
    return `redis://127.0.0.1:${this.port}`
  }

  /** Start on the same port as before (nothing persisted: a restarted Redis is an empty one). */
  async start(): Promise<void> {
    const child = spawn(
      this.bin,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    this.child = child
    await new Promise<void>((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 15_000)
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (/Ready to accept connections/i.test(output)) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`redis-server exited (${code}):\n${output}`))
      })
    })
  }

  /** Gone at once, as a crashed or unplugged Redis. */
  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode) return
    const gone = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await gone
    this.child = null
  }

  async destroy(): Promise<void> {
    await this.stop()
  }
}

/** mosquitto on the PATH (Debian puts it in /usr/sbin), or null. */
export function mosquittoBinary(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin']) {
    const file = join(dir, 'mosquitto')
    if (dir && existsSync(file)) return file
  }
  return null
}

/** A private mosquitto (MQTT 5, shared subscriptions) on a free loopback port, anonymous, nothing kept. */
export class PrivateMosquitto {
  private child: ChildProcess | null = null

  private constructor(
    private readonly bin: string,
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async create(bin: string): Promise<PrivateMosquitto> {
    const dir = join(tmpdir(), `xpark-mosquitto-${process.pid}-${Date.now()}`)
    mkdirSync(dir, { recursive: true })
    const server = new PrivateMosquitto(bin, await freePort(), dir)
    await server.start()
    return server
  }

  url(): string {
    return `mqtt://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    const config = join(this.dir, 'mosquitto.conf')
    writeFileSync(config, `listener ${this.port} 127.0.0.1\nallow_anonymous true\npersistence false\n`)
    const child = spawn(this.bin, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] })
    this.child = child
    // ready when the port answers
    const deadline = Date.now() + 10_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode})`)
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(this.port, '127.0.0.1')
        socket.once('connect', () => {
          socket.destroy()
          resolve(true)
        })
        socket.once('error', () => resolve(false))
      })
      if (open) return
      if (Date.now() > deadline) throw new Error('mosquitto did not start')
      await sleep(50)
    }
  }

  /** Gone at once, as a crashed broker. */
  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode) return
    const gone = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await gone
    this.child = null
  }

  async destroy(): Promise<void> {
    await this.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

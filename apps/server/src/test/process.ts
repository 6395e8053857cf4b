import { spawn } from 'node:child_process'
import { join } from 'node:path'

function withoutServices(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = env
  return rest
}

export interface ServerProcess {
  child: ReturnType<typeof spawn>
  /** resolves when the output matches `waitFor`, the process exits, or the time is up (code null) */
  done: Promise<{ code: number | null; output: string }>
  /** everything printed so far */
  output(): string
  /** resolves with the exit code (or signal name) when the process is gone */
  exited: Promise<number | string | null>
}

/**
 * Start the real server entry (through tsx) on the embedded database, never the CI's PostgreSQL or
 * Redis, and collect what it prints until it prints `waitFor` or exits.
 */
export function startServer(env: Record<string, string>, waitFor: RegExp, timeoutMs = 90_000): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../main.ts')], {
    // the embedded MQTT broker on a free port: test servers run side by side
    env: {
      ...withoutServices(process.env),
      XPARK_LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      XPARK_MQTT_PORT: '0',
      ...env,
    },
  })
  let output = ''
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  )
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    const timer = setTimeout(() => resolve({ code: null, output }), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (waitFor.test(output)) {
        clearTimeout(timer)
        resolve({ code: null, output })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
  return { child, done, output: () => output, exited }
}

/** The port a started server printed it serves on. */
export function servingPort(output: string): number {
  const match = output.match(/xpark is serving on http:\/\/localhost:(\d+)/)
  if (!match) throw new Error(`the server did not say where it serves:\n${output.slice(-2000)}`)
  return Number(match[1])
}

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

function withoutServices(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = env
  return rest
}

/** Start the real server entry (through tsx) and collect what it prints until it exits or listens. */
function startServer(env: Record<string, string>, waitFor: RegExp, timeoutMs = 60_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../main.ts')], {
    // the embedded database is what these tests are about: never the CI's PostgreSQL or Redis
    env: { ...withoutServices(process.env), XPARK_LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  })
  let output = ''
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
  return { child, done }
}

describe('the server process', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'xpark-main-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('refuses to start in production with the demo password', async () => {
    const { done } = startServer(
      { NODE_ENV: 'production', XPARK_DATA: join(dir, 'prod'), PORT: '0', XPARK_ADMIN_PASSWORD: '' },
      /never matches/,
    )
    const result = await done
    expect(result.code).toBe(1)
    expect(result.output).toContain('refusing to start in production with the demo password')
  })

  it('refuses a second server on the same data folder, with a clear message', async () => {
    const data = join(dir, 'shared')
    const first = startServer({ XPARK_DATA: data, PORT: '0' }, /xpark is serving/)
    try {
      expect((await first.done).output).toContain('xpark is serving')
      const second = startServer({ XPARK_DATA: data, PORT: '0' }, /never matches/)
      const result = await second.done
      expect(result.code).toBe(1)
      expect(result.output).toContain(`is in use by another xpark process (pid ${first.child.pid})`)
    } finally {
      first.child.kill('SIGTERM')
      await new Promise((r) => first.child.once('exit', r))
    }
  })
})

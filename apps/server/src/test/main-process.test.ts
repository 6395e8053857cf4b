import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer } from './process.js'

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

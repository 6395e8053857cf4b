import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { CONSOLE_CSP } from './csp.js'

/** Issue 7, finding 6: the console's HTML carries a Content-Security-Policy (e2e checks the console passes it). */
describe('Content-Security-Policy of the console', () => {
  let t: TestContext
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'xpark-dist-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>')
    t = await startTestApp({ XPARK_WEB_DIST: dist })
  })
  afterAll(() => t.close())

  it('is sent with the console page: scripts from our origin only, no framing by others', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-security-policy'], url).toBe(CONSOLE_CSP)
    }
    expect(CONSOLE_CSP).toContain("script-src 'self'")
    expect(CONSOLE_CSP).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/)
    expect(CONSOLE_CSP).toContain("object-src 'none'")
    expect(CONSOLE_CSP).toContain("frame-ancestors 'self'")
    // the video screens play from the park's media servers (other origins): HLS, FLV over WebSocket
    expect(CONSOLE_CSP).toContain("connect-src 'self' http: https: ws: wss:")
  })
})

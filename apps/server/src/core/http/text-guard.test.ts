import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, CONSOLE_BASIC, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'
import { logError } from '../audit/index.js'
import { NUL_REFUSED } from './text-guard.js'

/**
 * Issue 7, finding 6: a NUL byte in any text input is a 400 at the edge, on every route (public ones
 * too), never a 500 with SQL in the error log.
 */

describe('NUL bytes in requests are refused with 400 before any handler', () => {
  let t: TestContext
  let park: Record<string, string>
  let routes: { method: 'GET' | 'POST'; url: string }[] = []

  beforeAll(async () => {
    t = await startTestApp()
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    routes = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/xparkApi/docs'))
      .flatMap(([path, ops]) =>
        (['get', 'post'] as const)
          .filter((m) => ops[m])
          .map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', url: path.replace(/\{[^}]+\}/g, 'x') })),
      )
  })
  afterAll(() => t.close())

  it('in the query, on every route', { timeout: 120_000 }, async () => {
    expect(routes.length).toBeGreaterThan(100)
    const wrong: string[] = []
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method, url: `${r.url}?nul=a%00b`, headers: park })
      if (res.statusCode !== 400 || res.json().msg !== NUL_REFUSED)
        wrong.push(`${r.method} ${r.url} → ${res.statusCode}`)
    }
    expect(wrong).toEqual([])
  })

  it('in a JSON body (strings and keys, at any depth), on every POST route', {
    timeout: 120_000,
  }, async () => {
    const wrong: string[] = []
    for (const r of routes.filter((x) => x.method === 'POST')) {
      for (const payload of [
        { name: 'a\u0000b' },
        { list: [{ deep: ['ok', 'x\u0000'] }] },
        { 'k\u0000': 1 },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: r.url, headers: park, payload })
        if (res.statusCode !== 400 || res.json().msg !== NUL_REFUSED)
          wrong.push(`${r.url} → ${res.statusCode}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('on the public routes, in headers and multipart names, and nothing reaches the error log', async () => {
    const errorsBefore = (await t.database.db.select({ n: count() }).from(logError))[0]!.n
    const token = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { grant_type: 'password', tenantId: '100001', username: 'ad\u0000min', password: 'x' },
      headers: { authorization: CONSOLE_BASIC },
    })
    expect(token.statusCode).toBe(400)
    const header = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { grant_type: 'password', username: 'admin', password: 'x' },
      headers: { authorization: CONSOLE_BASIC, 'tenant-id': '1000\u000001' },
    })
    expect(header.statusCode).toBe(400)
    for (const url of [
      '/xparkApi/blade-system/tenant/info?domain=a%00b',
      '/xparkApi/blade-system/proxyTenant/getTenant?tenantId=10%0001',
      '/xparkApi/blade-app/detail?platform=android%00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().msg).toBe(NUL_REFUSED)
    }
    const upload = multipartBody([{ name: 'a\u0000.txt', content: 'hello' }])
    const put = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-resource/oss/endpoint/put-file',
      headers: { ...park, ...upload.headers },
      payload: upload.payload,
    })
    expect(put.statusCode).toBe(400)
    await t.app.audit.flush()
    expect((await t.database.db.select({ n: count() }).from(logError))[0]!.n).toBe(errorsBefore)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { CAPTCHA_PER_MINUTE, CLEAR_CACHE_PER_MINUTE } from './index.js'

/**
 * Issue 7, finding 6: captcha requests and `oauth/clear-cache` are throttled, and a tenant's
 * clear-cache drops its own tenant's caches only (client-secret guesses: api-log-owner.test.ts).
 */

describe('captcha and clear-cache: throttled; clear-cache stays in its tenant', () => {
  let t: TestContext
  let platform: Headers
  let park: Headers

  const get = (url: string, headers: Headers = {}, remoteAddress?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/xparkApi/${url}`,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    })
  const cachedKeys = async (tenantId: string) => {
    // the menus each tenant's admin just read are cached under its own prefix
    const key = (await t.cache.get(`sys:t:${tenantId}:menu:routes::${await roleKey(tenantId)}`)) !== null
    return key
  }
  const roles: Record<string, string> = {}
  const roleKey = async (tenantId: string) => roles[tenantId]!

  beforeAll(async () => {
    t = await startTestApp()
    platform = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    const info = async (h: Headers) => (await get('blade-user/info', h)).json().data as { tenantId: string }
    const token = async (h: Headers) => {
      const jwt = h['blade-auth']!.split(' ')[1]!
      return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
        rid: string[]
        tid: string
      }
    }
    for (const h of [platform, park]) {
      const claims = await token(h)
      roles[claims.tid] = [...claims.rid].sort().join(',')
      expect((await info(h)).tenantId).toBe(claims.tid)
    }
  })
  afterAll(() => t.close())

  it('a tenant admin’s clear-cache drops its own tenant’s caches, not the platform’s; the administrator’s all', async () => {
    for (const h of [platform, park]) expect((await get('blade-system/menu/routes', h)).statusCode).toBe(200)
    expect(await cachedKeys('000000')).toBe(true)
    expect(await cachedKeys('100001')).toBe(true)
    expect((await get('blade-auth/oauth/clear-cache', park)).statusCode).toBe(200)
    expect(await cachedKeys('100001')).toBe(false)
    expect(await cachedKeys('000000')).toBe(true)
    await get('blade-system/menu/routes', park)
    expect((await get('blade-auth/oauth/clear-cache', platform)).statusCode).toBe(200)
    expect(await cachedKeys('000000')).toBe(false)
    expect(await cachedKeys('100001')).toBe(false)
  })

  it(`clear-cache: ${CLEAR_CACHE_PER_MINUTE} a minute per user, then 429`, async () => {
    const staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    for (let i = 0; i < CLEAR_CACHE_PER_MINUTE; i++)
      expect((await get('blade-auth/oauth/clear-cache', staff)).statusCode).toBe(200)
    const refused = await get('blade-auth/oauth/clear-cache', staff)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().msg).toBe('请求过于频繁,请稍后再试')
  })

  it(`captcha: ${CAPTCHA_PER_MINUTE} a minute per address, then 429; another address is unaffected`, async () => {
    for (let i = 0; i < CAPTCHA_PER_MINUTE; i++)
      expect(
        (await get(i % 2 ? 'blade-auth/oauth/captcha' : 'blade-auth/oauth/captcha2', {}, '192.0.2.50'))
          .statusCode,
      ).toBe(200)
    expect((await get('blade-auth/oauth/captcha', {}, '192.0.2.50')).statusCode).toBe(429)
    expect((await get('blade-auth/oauth/captcha2', {}, '192.0.2.50')).statusCode).toBe(429)
    expect((await get('blade-auth/oauth/captcha', {}, '192.0.2.51')).statusCode).toBe(200)
  })
})

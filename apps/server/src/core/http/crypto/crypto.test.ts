import { generateKeyPairSync } from 'node:crypto'
import { brotliDecompressSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { param } from '../../../compose/schema.js'
import { md5 } from '../../../core/auth/passwords.js'
import { CONSOLE_BASIC, DEMO_PASSWORD, startTestApp, type TestContext } from '../../../test/harness.js'
import { sealCall } from './client.js'
import { ILLEGAL_REQUEST } from './envelope.js'

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PRIVATE_PEM = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const TOKEN_URL = `/xparkApi/blade-auth/oauth/token?${new URLSearchParams({
  tenantId: '000000',
  username: 'admin',
  password: md5(DEMO_PASSWORD),
  grant_type: 'password',
  scope: 'all',
})}`

describe('request encryption (spec 01 §7, §8; XPARK_CRYPTO=on)', () => {
  let t: TestContext
  let publicKey: string
  let token: string

  /** One sealed call through the app; answers the status, the raw reply and the opened JSON. */
  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: {
      body?: unknown
      headers?: Record<string, string>
      timestamp?: number
      app?: TestContext['app']
    } = {},
  ) {
    const sealed = sealCall(publicKey, { method, url, body: options.body }, { timestamp: options.timestamp })
    const res = await (options.app ?? t.app).inject({
      method,
      url,
      payload: sealed.payload,
      headers: { authorization: CONSOLE_BASIC, ...options.headers, ...sealed.headers },
    })
    return { res, sealed, opened: sealed.openReply(res.body) as Record<string, unknown> | null }
  }
  const auth = () => ({ 'blade-auth': `bearer ${token}` })

  beforeAll(async () => {
    t = await startTestApp({
      XPARK_CRYPTO: 'on',
      XPARK_CRYPTO_PRIVATE_KEY: PRIVATE_PEM,
      XPARK_CRYPTO_WINDOW_SECONDS: '60',
      // configured: the captcha JSON is left in clear, the captcha image (a default) no longer is
      XPARK_CRYPTO_EXCLUDE: '/blade-system/tenant/info,blade-auth/oauth/captcha',
    })
    const settings = (await t.app.inject({ method: 'GET', url: '/xparkApi/console/settings' })).json()
    publicKey = settings.data.cryptoPublicKey
    const { opened } = await call('POST', TOKEN_URL)
    token = String(opened?.access_token)
  })
  afterAll(() => t.close())

  it('serves the public key in clear (console settings and its own route), never the private key', async () => {
    expect(publicKey).toMatch(/^MII[A-Za-z0-9+/=]+$/)
    const res = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/crypto/public-key' })
    expect(res.json().data).toMatchObject({ enabled: true, publicKey })
    expect(res.body).not.toContain('PRIVATE')
  })

  it('signs in and answers sealed: the reply is the envelope, only the request key opens it', async () => {
    expect(token.length).toBeGreaterThan(20)
    const { res, opened } = await call('GET', '/xparkApi/blade-user/info', { headers: auth() })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json())).toEqual(['ciphertext'])
    expect(res.body).not.toContain('admin')
    expect(opened).toMatchObject({ code: 200, data: { account: 'admin' } })
    // another call's key does not open it
    expect(sealCall(publicKey, { method: 'GET', url: '/x' }).openReply(res.body)).toBeNull()
  })

  it('seals a cached answer too (menu/routes, sent from its prepared text), even to a client that takes brotli', async () => {
    for (let i = 0; i < 2; i++) {
      const { res, sealed } = await call('GET', '/xparkApi/blade-system/menu/routes', {
        headers: { ...auth(), 'accept-encoding': 'br, gzip' },
      })
      expect(res.statusCode).toBe(200)
      // what is compressed is the sealed answer
      const text =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body
      expect(Object.keys(JSON.parse(text))).toEqual(['ciphertext'])
      const opened = sealed.openReply(text) as Record<string, unknown> | null
      expect(opened).toMatchObject({ code: 200, success: true })
      expect(Array.isArray(opened?.data)).toBe(true)
    }
  })

  it('opens a sealed JSON body and writes what it says', async () => {
    const body = { paramName: '加密参数', paramKey: 'crypto.sealed', paramValue: 'yes' }
    const { res, opened } = await call('POST', '/xparkApi/blade-system/param/submit', {
      body,
      headers: auth(),
    })
    expect([res.statusCode, opened?.success]).toEqual([200, true])
    const rows = await t.database.db
      .select()
      .from(param)
      .where(and(eq(param.paramKey, 'crypto.sealed'), eq(param.isDeleted, 0)))
    expect(rows.map((r) => r.paramValue)).toEqual(['yes'])
  })

  it('seals error answers too (a sealed call without a token gets a sealed 401)', async () => {
    const { res, opened } = await call('GET', '/xparkApi/blade-user/info')
    expect(res.statusCode).toBe(401)
    expect(opened).toMatchObject({ code: 401, success: false })
  })

  it('answers illegal request, in clear, to an unencrypted call or an unencrypted body', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/info', headers: auth() })
    expect([plain.statusCode, plain.json().msg]).toEqual([400, ILLEGAL_REQUEST])
    // the right headers but a clear body
    const sealed = sealCall(publicKey, {
      method: 'POST',
      url: '/xparkApi/blade-system/param/submit',
      body: {},
    })
    const clearBody = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-system/param/submit',
      payload: { paramName: 'x', paramKey: 'crypto.clear', paramValue: 'x' },
      headers: { ...auth(), ...sealed.headers },
    })
    expect([clearBody.statusCode, clearBody.json().msg]).toEqual([400, ILLEGAL_REQUEST])
  })

  it('refuses a replay: the same call again, or sent to another process sharing the cache', async () => {
    const url = '/xparkApi/blade-user/info'
    const sealed = sealCall(publicKey, { method: 'GET', url })
    const send = (app = t.app) =>
      app.inject({ method: 'GET', url, headers: { ...auth(), ...sealed.headers } })
    expect((await send()).statusCode).toBe(200)
    const again = await send()
    expect([again.statusCode, again.json().msg]).toEqual([400, ILLEGAL_REQUEST])
    // the nonce lives in the cache abstraction (Redis when REDIS_URL is set): a peer refuses it too
    const peer = await t.peer()
    expect((await send(peer)).json().msg).toBe(ILLEGAL_REQUEST)
  })

  it('refuses a timestamp outside the window, either side', async () => {
    for (const skew of [-61_000, 61_000]) {
      const { res } = await call('GET', '/xparkApi/blade-user/info', {
        headers: auth(),
        timestamp: Date.now() + skew,
      })
      expect([res.statusCode, res.json().msg]).toEqual([400, ILLEGAL_REQUEST])
    }
    const { res } = await call('GET', '/xparkApi/blade-user/info', {
      headers: auth(),
      timestamp: Date.now() - 30_000,
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses what does not open or does not match: another key, a changed address, body or signature', async () => {
    const url = '/xparkApi/blade-system/param/submit'
    const body = { paramName: 'x', paramKey: 'crypto.tampered', paramValue: 'x' }
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64')
    const tries: { headers: Record<string, string>; payload?: string; url: string }[] = []
    const wrongKey = sealCall(other, { method: 'POST', url, body })
    tries.push({ headers: wrongKey.headers, payload: wrongKey.payload, url })
    const moved = sealCall(publicKey, { method: 'POST', url, body })
    tries.push({ headers: moved.headers, payload: moved.payload, url: `${url}?id=1` })
    const changed = sealCall(publicKey, { method: 'POST', url, body })
    const ct = JSON.parse(changed.payload!).ciphertext as string
    const flipped = `${ct.slice(0, 20)}${ct[20] === 'A' ? 'B' : 'A'}${ct.slice(21)}`
    tries.push({ headers: changed.headers, payload: JSON.stringify({ ciphertext: flipped }), url })
    const resigned = sealCall(publicKey, { method: 'POST', url, body })
    tries.push({
      headers: { ...resigned.headers, 'x-crypto-signature': 'AAAA' },
      payload: resigned.payload,
      url,
    })
    for (const x of tries) {
      const res = await t.app.inject({
        method: 'POST',
        url: x.url,
        payload: x.payload,
        headers: { ...auth(), ...x.headers },
      })
      expect([res.statusCode, res.json().msg]).toEqual([400, ILLEGAL_REQUEST])
    }
    const rows = await t.database.db.select().from(param).where(eq(param.paramKey, 'crypto.tampered'))
    expect(rows).toEqual([])
  })

  it('leaves the configured paths in clear, and only those', async () => {
    const info = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/tenant/info?domain=x.example.com',
    })
    expect(info.json()).toMatchObject({ code: 200, data: {} })
    const captcha = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/captcha' })
    expect(captcha.json().key).toBeTruthy()
    // captcha2 is excluded by default, but not by this configuration
    const image = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/captcha2' })
    expect([image.statusCode, image.json().msg]).toEqual([400, ILLEGAL_REQUEST])
    expect((await t.app.inject({ method: 'GET', url: '/xparkApi/health' })).statusCode).toBe(200)
  })
})

describe('request encryption off (the default)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers in clear and tells the console no key', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/xparkApi/console/settings' })).json().data
    expect(settings.cryptoPublicKey).toBeUndefined()
    expect(t.config.crypto.enabled).toBe(false)
    const info = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/tenant/info?domain=x.example.com',
    })
    expect(info.json()).toMatchObject({ code: 200, data: {} })
  })
})

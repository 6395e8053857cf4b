import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client } from '../../compose/schema.js'
import { md5 } from '../../core/auth/passwords.js'
import {
  bearer,
  DEMO_PASSWORD,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'

describe('OAuth clients (blade-system/client)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  const BASE = '/xparkApi/blade-system/client'

  const { get, post } = resourceCalls(() => t, BASE)
  const stored = async (clientId: string) =>
    (await t.database.db.select().from(client).where(eq(client.clientId, clientId)))[0]
  const rowCount = async () => (await t.database.db.select({ n: count() }).from(client))[0]!.n
  /** a password sign-in with this client's Basic credentials */
  const tokenWith = (clientId: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD), grant_type: 'password' },
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    })
  const body = {
    clientId: 'gate_app',
    clientSecret: 'gate_secret',
    scope: 'all',
    authorizedGrantTypes: 'password, refresh_token',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
  })
  afterAll(() => t.close())

  it('pages the clients and never sends a secret', async () => {
    const page = (await get('page', admin)).json().data
    expect(page.records.map((r: { clientId: string }) => r.clientId).sort()).toEqual(['saber', 'xpark'])
    for (const r of page.records) expect(r).not.toHaveProperty('clientSecret')
    const saber = page.records.find((r: { clientId: string }) => r.clientId === 'saber')
    const detail = (await get('detail', admin, { id: saber.id })).json().data
    expect(detail).toMatchObject({ clientId: 'saber', scope: 'all' })
    expect(detail).not.toHaveProperty('clientSecret')
  })

  it('stores a new secret as argon2id; the client then signs in with it', async () => {
    expect((await post('submit', admin, body)).json()).toMatchObject({ code: 200, success: true })
    const row = await stored('gate_app')
    expect(row!.clientSecret).toMatch(/^\$argon2id\$/)
    expect(row!.authorizedGrantTypes).toBe('password,refresh_token')
    expect((await tokenWith('gate_app', 'gate_secret')).statusCode).toBe(200)
    expect((await tokenWith('gate_app', 'wrong')).statusCode).not.toBe(200)
  })

  it('an update without a secret keeps it; with one replaces it', async () => {
    const row = (await stored('gate_app'))!
    const { clientSecret: _s, ...rest } = body
    expect((await post('submit', admin, { ...rest, id: row.id, accessTokenValidity: 7200 })).statusCode).toBe(
      200,
    )
    expect((await post('submit', admin, { ...rest, id: row.id, clientSecret: '' })).statusCode).toBe(200)
    expect((await stored('gate_app'))!.clientSecret).toBe(row.clientSecret)
    expect((await stored('gate_app'))!.accessTokenValidity).toBe(3600)
    expect((await tokenWith('gate_app', 'gate_secret')).statusCode).toBe(200)
    expect((await post('update', admin, { id: row.id, clientSecret: 'rotated' })).statusCode).toBe(200)
    expect((await tokenWith('gate_app', 'gate_secret')).statusCode).not.toBe(200)
    expect((await tokenWith('gate_app', 'rotated')).statusCode).toBe(200)
  })

  it('a new client without a secret is public', async () => {
    const { clientSecret: _s, ...rest } = body
    expect((await post('submit', admin, { ...rest, clientId: 'kiosk' })).statusCode).toBe(200)
    expect((await stored('kiosk'))!.clientSecret).toBe('')
    expect((await tokenWith('kiosk', '')).statusCode).toBe(200)
  })

  it('refuses a bad form or a taken client id, writing nothing', async () => {
    const before = await rowCount()
    const missing = await post('submit', admin, { ...body, clientId: undefined })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().msg).toContain('enter client id')
    expect((await post('submit', admin, { ...body, clientId: 'bad id' })).statusCode).toBe(400)
    expect(
      (await post('submit', admin, { ...body, clientId: 'x2', accessTokenValidity: 0 })).statusCode,
    ).toBe(400)
    const taken = await post('submit', admin, { ...body, clientId: 'saber' })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().msg).toContain('saber')
    expect(await rowCount()).toBe(before)
  })

  it('tenant users can neither read nor write clients', async () => {
    expect((await get('page', parkAdmin)).statusCode).toBe(403)
    expect((await post('submit', parkAdmin, { ...body, clientId: 'tenant_app' })).statusCode).toBe(403)
    const row = (await stored('saber'))!
    expect((await post('remove', parkAdmin, undefined, { ids: row.id })).statusCode).toBe(403)
    expect(await stored('tenant_app')).toBeUndefined()
  })

  it('refuses removing the client the caller signed in through', async () => {
    const row = (await stored('xpark'))!
    const res = await post('remove', admin, undefined, { ids: row.id })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain('xpark')
    expect((await stored('xpark'))!.isDeleted).toBe(0)
  })

  it('a removed client can no longer sign in, and its id may be used again', async () => {
    const row = (await stored('kiosk'))!
    expect((await post('remove', admin, undefined, { ids: row.id })).statusCode).toBe(200)
    expect((await tokenWith('kiosk', '')).statusCode).not.toBe(200)
    const { clientSecret: _s, ...rest } = body
    expect((await post('submit', admin, { ...rest, clientId: 'kiosk' })).statusCode).toBe(200)
  })
})

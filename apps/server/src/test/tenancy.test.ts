import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signIn, startTestApp, type TestContext } from './harness.js'

describe('tenant isolation', () => {
  let t: TestContext
  let platform: string
  let park: string
  beforeAll(async () => {
    t = await startTestApp()
    platform = (await signIn(t.app)).access_token
    park = (await signIn(t.app, { tenantId: '100001' })).access_token
  })
  afterAll(() => t.close())

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/xparkApi/${url}`, headers: bearer(token) })

  it('gives each tenant its own user record for the same account name', async () => {
    const a = (await get('blade-user/info', platform)).json().data
    const b = (await get('blade-user/info', park)).json().data
    expect(a.tenantId).toBe('000000')
    expect(b.tenantId).toBe('100001')
    expect(a.id).not.toBe(b.id)
    expect(b.tenantName).toBe('示范园区')
  })

  it("does not show another tenant's top menus, nor their menus through a foreign topMenuId", async () => {
    const platformTop = (await get('blade-system/menu/top-menu', platform)).json().data as { id: string }[]
    const parkTop = (await get('blade-system/menu/top-menu', park)).json().data as { id: string }[]
    expect(platformTop.length).toBeGreaterThan(0)
    expect(parkTop.map((m) => m.id)).not.toContain(platformTop[0]!.id)
    const foreign = await get(`blade-system/menu/routes?topMenuId=${platformTop[0]!.id}`, park)
    expect(foreign.json().data).toEqual([])
    const own = await get(`blade-system/menu/routes?topMenuId=${parkTop[0]!.id}`, park)
    expect(own.json().data.length).toBeGreaterThan(0)
  })

  it('shows a tenant role only the menus granted to it', async () => {
    const staff = (await signIn(t.app, { tenantId: '100001', account: 'staff' })).access_token
    const names = (tree: { name: string; children?: unknown[] }[]): string[] =>
      tree.flatMap((n) => [n.name, ...names((n.children ?? []) as { name: string }[])])
    const staffMenus = names((await get('blade-system/menu/routes', staff)).json().data)
    expect(staffMenus).toContain('参数管理')
    expect(staffMenus).not.toContain('接口文档')
    const buttons = JSON.stringify((await get('blade-system/menu/buttons', staff)).json().data)
    expect(buttons).toContain('param_view')
    expect(buttons).not.toContain('param_add')
  })
})

describe('envelope and validation at the edge', () => {
  let t: TestContext
  let token: string
  beforeAll(async () => {
    t = await startTestApp()
    token = (await signIn(t.app, { tenantId: '100001', account: 'staff' })).access_token
  })
  afterAll(() => t.close())

  it('answers an unknown route with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/xparkApi/no/such/thing', headers: bearer(token) })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 404, success: false })
  })

  it('answers bad input with 400 naming the field, and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update-password',
      query: { oldPassword: 'x', newPassword: 'y', newPassword1: 'y' },
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain('oldPassword')
    // the old password still signs in
    await expect(signIn(t.app, { tenantId: '100001', account: 'staff' })).resolves.toBeTruthy()
  })

  it('changes the own password and clears the default-password warning', async () => {
    const { md5 } = await import('../core/auth/passwords.js')
    const before = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/info',
      headers: bearer(token),
    })
    expect(before.json().data.defaultPassword).toBe(true)
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update-password',
      query: {
        oldPassword: md5('Admin@123456'),
        newPassword: md5('Park-2026_x'),
        newPassword1: md5('Park-2026_x'),
      },
      headers: bearer(token),
    })
    expect(res.json()).toMatchObject({ code: 200, success: true })
    const after = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/info',
      headers: bearer(token),
    })
    expect(after.json().data.defaultPassword).toBe(false)
    await expect(
      signIn(t.app, { tenantId: '100001', account: 'staff', password: 'Park-2026_x' }),
    ).resolves.toBeTruthy()
  })

  it('serves the OpenAPI document and the health check without a token', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })
    expect(doc.statusCode).toBe(200)
    expect(Object.keys(doc.json().paths)).toContain('/xparkApi/blade-auth/oauth/token')
    const health = await t.app.inject({ method: 'GET', url: '/xparkApi/health' })
    expect(health.json().status).toBe('ok')
  })
})

describe('tenant logo lookup', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers the name and logo of a tenant to anyone, as the login page asks before sign-in', async () => {
    for (const headers of [
      {},
      bearer((await signIn(t.app, { tenantId: '100001', account: 'staff' })).access_token),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/xparkApi/blade-system/proxyTenant/getTenant?tenantId=100001',
        headers,
      })
      expect(res.json()).toEqual({
        code: 200,
        success: true,
        msg: '操作成功',
        data: { tenantId: '100001', tenantName: '示范园区', logo: '' },
      })
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/proxyTenant/getTenant?tenantId=999999',
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('is limited per address: walking tenant ids gets 429 after 120 calls a minute (shared with tenant/info)', async () => {
    const ask = (tenantId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/xparkApi/blade-system/proxyTenant/getTenant?tenantId=${tenantId}`,
        remoteAddress: '203.0.113.7',
      })
    const codes: number[] = []
    for (let i = 0; i < 120; i++) codes.push((await ask(String(200000 + i))).statusCode)
    expect(codes.every((c) => c === 404)).toBe(true)
    const over = await ask('100001')
    expect(over.statusCode).toBe(429)
    expect(over.json().msg).toBe('请求过于频繁,请稍后再试')
    const info = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/tenant/info?domain=x.example',
      remoteAddress: '203.0.113.7',
    })
    expect(info.statusCode).toBe(429)
    // a client cannot pick its own address: X-Forwarded-For is not believed unless a proxy is configured
    const forged = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/proxyTenant/getTenant?tenantId=100001',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.99' },
    })
    expect(forged.statusCode).toBe(429)
    // another address is not affected
    const other = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/proxyTenant/getTenant?tenantId=100001',
      remoteAddress: '203.0.113.8',
    })
    expect(other.statusCode).toBe(200)
  })
})

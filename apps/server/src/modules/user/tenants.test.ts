import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  CONSOLE_BASIC,
  type Headers,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'

type Grant = { tenantId: string; tenantName: string; account: string }

describe('tenant switch grants (blade-user/tenant)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staffId = ''

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/xparkApi/blade-user/${url}`, query, headers })
  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/xparkApi/blade-user/${url}`, headers, payload })
  const switchInto = (refreshToken: string, tenantId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: refreshToken, tenantId, scope: 'all' },
      headers: { authorization: CONSOLE_BASIC, 'tenant-id': tenantId },
    })

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001' }))
    const page = (await get('page', parkAdmin, { account: 'staff' })).json().data.records as { id: string }[]
    staffId = page[0]!.id
  })
  afterAll(() => t.close())

  it('the platform administrator sees the seeded grant into the demo park', async () => {
    const res = await get('tenant', admin)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([
      { tenantId: '100001', tenantName: expect.any(String), account: 'admin' },
    ])
    expect((await get('tenant', parkAdmin)).json().data).toEqual([])
  })

  it('assigning a tenant lets the user switch into it as the named account; revoking stops it', async () => {
    const platform = await signIn(t.app)
    const me = (await get('info', bearer(platform))).json().data as { id: string }
    // a second grant for the platform admin: the demo park as `staff`, replacing the `admin` one
    expect(
      (await post('tenant', admin, { userId: me.id, tenantId: '100001', account: 'staff' })).statusCode,
    ).toBe(200)
    const grants = (await get('tenant-grants', admin, { userId: me.id })).json().data as Grant[]
    expect(grants.map((g) => [g.tenantId, g.account])).toEqual([['100001', 'staff']])
    const switched = await switchInto(platform.refresh_token, '100001')
    expect(switched.statusCode).toBe(200)
    const info = (await get('info', bearer(switched.json().access_token))).json().data
    expect([info.tenantId, info.account]).toEqual(['100001', 'staff'])

    expect((await post('tenant-remove', admin, { userId: me.id, tenantId: '100001' })).statusCode).toBe(200)
    const again = await signIn(t.app)
    const refused = await switchInto(again.refresh_token, '100001')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error_description).toBe('未获得用户的租户信息')
    // restore the seeded grant for the other tests
    await post('tenant', admin, { userId: me.id, tenantId: '100001', account: 'admin' })
  })

  it('bad input is refused and nothing is written', async () => {
    const unknownAccount = await post('tenant', admin, {
      userId: staffId,
      tenantId: '000000',
      account: 'nobody',
    })
    expect(unknownAccount.statusCode).toBe(400)
    expect(unknownAccount.json().msg).toBe('租户 000000 中没有账号 nobody')
    const sameTenant = await post('tenant', admin, { userId: staffId, tenantId: '100001', account: 'admin' })
    expect(sameTenant.json().msg).toBe('用户已属于该租户')
    expect(
      (await post('tenant', admin, { userId: staffId, tenantId: '', account: 'admin' })).statusCode,
    ).toBe(400)
    expect((await get('tenant-grants', admin, { userId: staffId })).json().data).toEqual([])
  })

  it('only the platform administrator assigns or reads grants of others', async () => {
    const res = await post('tenant', parkAdmin, { userId: staffId, tenantId: '000000', account: 'admin' })
    expect(res.statusCode).toBe(403)
    expect((await get('tenant-grants', parkAdmin, { userId: staffId })).statusCode).toBe(403)
    expect((await post('tenant-remove', parkAdmin, { userId: staffId, tenantId: '000000' })).statusCode).toBe(
      403,
    )
  })

  it('a switched session ends with the account it came from, and with its grant; switching home works', async () => {
    // staff of 100001 may switch into 000000 as `admin`
    expect(
      (await post('tenant', admin, { userId: staffId, tenantId: '000000', account: 'admin' })).statusCode,
    ).toBe(200)
    const info = (token: string) => get('info', bearer(token))
    const start = await signIn(t.app, { tenantId: '100001', account: 'staff' })
    const switched = (await switchInto(start.refresh_token, '000000')).json()
    expect((await info(switched.access_token)).json().data.account).toBe('admin')

    // back home from the switched session: the staff account again
    const home = (await switchInto(switched.refresh_token, '100001')).json()
    expect((await info(home.access_token)).json().data).toMatchObject({
      tenantId: '100001',
      account: 'staff',
    })

    // grant removed: the switched session cannot refresh any more
    const again = (await switchInto(home.refresh_token, '000000')).json()
    expect((await post('tenant-remove', admin, { userId: staffId, tenantId: '000000' })).statusCode).toBe(200)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: {
        grant_type: 'refresh_token',
        refresh_token: again.refresh_token,
        tenantId: '000000',
        scope: 'all',
      },
      headers: { authorization: CONSOLE_BASIC, 'tenant-id': '000000' },
    })
    expect(refused.json().error_description).toBe('未获得用户的租户信息')

    // staff disabled: the switched session's access token is refused at once
    expect(
      (await post('tenant', admin, { userId: staffId, tenantId: '000000', account: 'admin' })).statusCode,
    ).toBe(200)
    const fresh = await signIn(t.app, { tenantId: '100001', account: 'staff' })
    const inside = (await switchInto(fresh.refresh_token, '000000')).json()
    expect((await info(inside.access_token)).statusCode).toBe(200)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/xparkApi/blade-user/update',
          headers: parkAdmin,
          payload: { id: staffId, status: 0 },
        })
      ).statusCode,
    ).toBe(200)
    expect((await info(inside.access_token)).statusCode).toBe(401)
    // put things back for the other tests
    await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update',
      headers: parkAdmin,
      payload: { id: staffId, status: 1 },
    })
    await post('tenant-remove', admin, { userId: staffId, tenantId: '000000' })
  })
})

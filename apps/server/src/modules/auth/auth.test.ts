import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5 } from '../../core/auth/passwords.js'
import { TokenService } from '../../core/auth/tokens.js'
import {
  bearer,
  CONSOLE_BASIC,
  DEMO_PASSWORD,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'

const TOKEN_URL = '/xparkApi/blade-auth/oauth/token'

function tokenRequest(t: TestContext, query: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    query: { scope: 'all', grant_type: 'password', ...query },
    headers: { authorization: CONSOLE_BASIC, ...headers },
  })
}

describe('sign-in (password grant)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('returns the BladeX token fields on success', async () => {
    const reply = await signIn(t.app)
    expect(reply).toMatchObject({
      token_type: 'bearer',
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      real_name: '管理员',
      role_name: 'administrator',
      scope: 'all',
    })
    expect(reply.access_token).toMatch(/^ey/)
    expect(reply.refresh_token.length).toBeGreaterThan(30)
    expect(reply.user_id).toMatch(/^\d+$/)
    // the access token outlives the console's refresh age plus its 60 s check
    expect(reply.expires_in).toBeGreaterThan(t.config.tokenTime / 1000 + 60)
  })

  it('refuses a wrong password with the BladeX message', async () => {
    const res = await tokenRequest(t, { tenantId: '000000', username: 'admin', password: md5('wrong') })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error_code: 400, error_description: '用户名或密码错误' })
  })

  it('refuses an unknown tenant and a missing tenant', async () => {
    const unknown = await tokenRequest(t, {
      tenantId: '999999',
      username: 'admin',
      password: md5(DEMO_PASSWORD),
    })
    expect(unknown.json().error_description).toBe('未获得用户的租户信息')
    const missing = await tokenRequest(t, { username: 'admin', password: md5(DEMO_PASSWORD) })
    expect(missing.json().error_description).toBe('租户ID未找到')
  })

  it('takes the tenant from the Tenant-Id header first', async () => {
    const res = await tokenRequest(
      t,
      { tenantId: '999999', username: 'admin', password: md5(DEMO_PASSWORD) },
      { 'tenant-id': '100001' },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().tenant_id).toBe('100001')
  })

  it('refuses a client with a wrong secret and an unknown client', async () => {
    const wrong = await tokenRequest(
      t,
      { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD) },
      { authorization: `Basic ${Buffer.from('saber:nope').toString('base64')}` },
    )
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error).toBe('invalid_client')
    const none = await tokenRequest(
      t,
      { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD) },
      { authorization: '' },
    )
    expect(none.statusCode).toBe(401)
  })

  it("accepts BladeX Saber's client saber/saber_secret", async () => {
    const res = await tokenRequest(
      t,
      { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD) },
      { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().client_id).toBe('saber')
  })

  it('rejects a bad grant type with a clear error', async () => {
    const res = await tokenRequest(t, { grant_type: 'magic', tenantId: '000000' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error_description).toContain('grant_type')
  })
})

describe('account lock after repeated wrong passwords', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  /** a solved captcha (its answer read from the cache, as a person reads the image) */
  async function solved() {
    const key = (await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/captcha' })).json().key
    return { 'captcha-key': key as string, 'captcha-code': (await t.cache.get(`captcha:${key}`))! }
  }

  it('locks an account for the address after 5 wrong passwords, even for the right one (captcha after 3)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await tokenRequest(
        t,
        { tenantId: '100001', username: 'staff', password: md5('bad') },
        i >= 3 ? await solved() : {},
      )
      expect(res.json().error_description).toBe('用户名或密码错误')
    }
    const res = await tokenRequest(
      t,
      { tenantId: '100001', username: 'staff', password: md5(DEMO_PASSWORD) },
      await solved(),
    )
    expect(res.json().error_description).toBe('登录错误次数过多,请稍后再试')
    // another account of the same tenant is not locked (this address still needs the captcha)
    expect(
      (
        await tokenRequest(
          t,
          { tenantId: '100001', username: 'admin', password: md5(DEMO_PASSWORD) },
          await solved(),
        )
      ).statusCode,
    ).toBe(200)
  })

  it('a burst of attempts at one account makes its sign-ins need the captcha (not a lock-out)', async () => {
    const errors = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        query: {
          scope: 'all',
          grant_type: 'password',
          tenantId: '000000',
          username: 'ghost',
          password: md5('x'),
        },
        headers: { authorization: CONSOLE_BASIC },
        remoteAddress: `198.18.1.${i + 1}`,
      })
      expect(res.statusCode).not.toBe(429)
      errors.add(res.json().error)
    }
    expect(errors.has('captcha_required')).toBe(true)
  })
})

describe('captcha', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp({ XPARK_CAPTCHA: 'on' })
  })
  afterAll(() => t.close())

  async function captcha() {
    const res = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/captcha' })
    const body = res.json() as { key: string; image: string }
    const answer = await t.cache.get(`captcha:${body.key}`)
    return { ...body, answer: answer ?? '' }
  }

  it('serves {key, image} and a binary image of 130×48 with five characters, as BladeX', async () => {
    const c = await captcha()
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/)
    // BladeX clients refuse to send a code of another length
    expect(c.answer).toMatch(/^[a-z2-9]{5}$/)
    const svg = Buffer.from(c.image.split(',')[1]!, 'base64').toString()
    expect(svg).toMatch(/width="130" height="48"/)
    const bin = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/captcha2' })
    expect(bin.headers['content-type']).toContain('image/svg+xml')
    expect(bin.headers['captcha-key']).toBeTruthy()
  })

  it('is enforced whatever the grant type (no bypass through grant_type=password)', async () => {
    const res = await tokenRequest(t, { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD) })
    expect(res.json()).toMatchObject({ error: 'captcha_required', error_description: '请输入验证码' })
  })

  it('accepts the right code once and refuses its reuse', async () => {
    const c = await captcha()
    const headers = { 'captcha-key': c.key, 'captcha-code': c.answer }
    const query = {
      tenantId: '000000',
      username: 'admin',
      password: md5(DEMO_PASSWORD),
      grant_type: 'captcha',
    }
    expect((await tokenRequest(t, query, headers)).statusCode).toBe(200)
    const again = await tokenRequest(t, query, headers)
    expect(again.json().error_description).toBe('验证码不正确')
  })

  it('compares the code without regard to case (a person types what they read)', async () => {
    const c = await captcha()
    const res = await tokenRequest(
      t,
      { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD) },
      { 'captcha-key': c.key, 'captcha-code': ` ${c.answer.toUpperCase()} ` },
    )
    expect(res.statusCode).toBe(200)
  })

  it('refuses a wrong five-character code', async () => {
    const c = await captcha()
    const wrong = c.answer === 'abcde' ? 'edcba' : 'abcde'
    const res = await tokenRequest(
      t,
      { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD) },
      { 'captcha-key': c.key, 'captcha-code': wrong },
    )
    expect(res.json()).toMatchObject({ error: 'captcha_required', error_description: '验证码不正确' })
  })

  it('also reads captchaKey/captchaCode from the query', async () => {
    const c = await captcha()
    const res = await tokenRequest(t, {
      tenantId: '000000',
      username: 'admin',
      password: md5(DEMO_PASSWORD),
      captchaKey: c.key,
      captchaCode: c.answer,
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('refresh, tenant switch and logout', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const refresh = (token: string, tenantId = '000000') =>
    tokenRequest(
      t,
      { grant_type: 'refresh_token', refresh_token: token, tenantId },
      { 'tenant-id': tenantId },
    )

  it('rotates the refresh token', async () => {
    const first = await signIn(t.app)
    const res = await refresh(first.refresh_token)
    expect(res.statusCode).toBe(200)
    const second = res.json()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.access_token).not.toBe(first.access_token)
  })

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const first = await signIn(t.app)
    const second = (await refresh(first.refresh_token)).json()
    const reuse = await refresh(first.refresh_token)
    expect(reuse.statusCode).toBe(400)
    expect(reuse.json().error_description).toBe('令牌已失效')
    // the legitimate-looking newer token is dead too, and so is its access token
    expect((await refresh(second.refresh_token)).statusCode).toBe(400)
    const call = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/info',
      headers: bearer(second),
    })
    expect(call.statusCode).toBe(401)
  })

  it('switches tenant only where a switch was granted', async () => {
    const platform = await signIn(t.app)
    const switched = await refresh(platform.refresh_token, '100001')
    expect(switched.statusCode).toBe(200)
    expect(switched.json()).toMatchObject({ tenant_id: '100001', account: 'admin', role_name: 'admin' })
    const park = await signIn(t.app, { tenantId: '100001' })
    const refused = await refresh(park.refresh_token, '000000')
    expect(refused.json().error_description).toBe('未获得用户的租户信息')
  })

  it('refuses the token at once after logout', async () => {
    const session = await signIn(t.app)
    const before = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/info',
      headers: bearer(session),
    })
    expect(before.statusCode).toBe(200)
    const out = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-auth/oauth/logout',
      headers: bearer(session),
    })
    expect(out.json()).toEqual({ success: 'true', msg: 'success' })
    const after = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/info',
      headers: bearer(session),
    })
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 401, msg: '令牌已失效' })
    expect((await refresh(session.refresh_token)).statusCode).toBe(400)
  })
})

describe('401 paths', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers 401 in the envelope for a missing, malformed or forged token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-system/menu/routes' })
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toEqual({ code: 401, success: false, data: {}, msg: '缺失令牌,鉴权失败' })
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/menu/routes',
      headers: bearer('abc.def.ghi'),
    })
    expect(garbage.statusCode).toBe(401)
    const session = await signIn(t.app)
    const [h, p] = session.access_token.split('.')
    const forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`
    expect(
      (await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/info', headers: bearer(forged) }))
        .statusCode,
    ).toBe(401)
  })

  it('answers 401 for an expired token', async () => {
    const session = await signIn(t.app)
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString())
    const tokens = new TokenService(t.signingSecret, t.cache, 600)
    const expired = await tokens.issueAccess(
      {
        userId: claims.sub,
        tenantId: claims.tid,
        account: claims.acc,
        userName: claims.unm,
        roleIds: claims.rid,
        roleAliases: claims.ral,
        deptIds: claims.did,
        clientId: claims.cid,
        familyId: claims.fam,
      },
      -5,
    )
    const res = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/info',
      headers: bearer(expired.token),
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().msg).toBe('令牌已失效')
  })
})

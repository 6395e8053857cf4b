import { createHash, randomBytes } from 'node:crypto'
import type { TokenReply } from '@xpark/contract'
import { REGISTER_CHECKS, REGISTER_SUBMITTED } from '@xpark/contract/modules/social'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5 } from '../../core/auth/passwords.js'
import { GUEST_REFUSED } from '../../core/auth/plugin.js'
import { bearer, CONSOLE_BASIC, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { type LoopbackIdp, startLoopbackIdp } from '../../test/oidc-idp.js'
import { client } from '../auth/index.js'
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { NO_GUEST_ROLE, PENDING, REJECTED, TICKET_INVALID } from './guests.js'
import { oauthProvider, socialUser } from './schema.js'

const PARK = '100001'
const HOST = '127.0.0.1:8080'
const API = '/xparkApi'
const CALLBACK = `http://${HOST}${API}/blade-auth/oauth/social/callback`
const APP_REDIRECT = 'http://127.0.0.1:9/app-callback'

describe('third-party sign-in through a loopback OpenID Connect provider, guests and approval', () => {
  let t: TestContext
  let idp: LoopbackIdp
  let platform: Record<string, string>
  let park: Record<string, string>

  beforeAll(async () => {
    idp = await startLoopbackIdp([CALLBACK, APP_REDIRECT])
    t = await startTestApp()
    platform = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: PARK }))
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await idp?.close()
  })

  const token = (query: Record<string, string>, basic = CONSOLE_BASIC) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/blade-auth/oauth/token`,
      query,
      headers: { authorization: basic, 'tenant-id': PARK },
    })

  /** The browser's round trip as `login`: authorize → provider → callback; the console URL it ends on. */
  async function roundTrip(login: string, options: { dropCookie?: boolean } = {}): Promise<string> {
    const start = await t.app.inject({
      method: 'GET',
      url: `${API}/blade-auth/oauth/social/authorize/loop`,
      query: { tenantId: PARK },
      headers: { host: HOST },
    })
    expect(start.statusCode).toBe(302)
    const cookie = String(start.headers['set-cookie']).split(';')[0]!
    expect(String(start.headers['set-cookie'])).toContain('HttpOnly')
    const callback = await idp.signIn(String(start.headers.location), login, CALLBACK)
    const back = await t.app.inject({
      method: 'GET',
      url: callback.slice(`http://${HOST}`.length),
      headers: { host: HOST, ...(options.dropCookie ? {} : { cookie }) },
    })
    expect(back.statusCode).toBe(302)
    return String(back.headers.location)
  }

  async function socialSignIn(login: string) {
    const consoleUrl = await roundTrip(login)
    const ticket = new URLSearchParams(consoleUrl.split('?')[1]).get('social_ticket')
    expect(ticket, consoleUrl).toBeTruthy()
    return token({ grant_type: 'social', scope: 'all', ticket: ticket! })
  }

  it('lets only the platform administrator configure a provider; the secret is sealed and never read back', async () => {
    const form = {
      name: '环回认证',
      code: 'loop',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API}/blade-system/oauth-provider/submit`,
      headers: park,
      payload: form,
    })
    expect(refused.statusCode).toBe(403)
    const saved = await t.app.inject({
      method: 'POST',
      url: `${API}/blade-system/oauth-provider/submit`,
      headers: platform,
      payload: form,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const [row] = await t.database.db.select().from(oauthProvider).where(eq(oauthProvider.code, 'loop'))
    expect(row!.clientSecret.startsWith('v1:')).toBe(true)
    expect(row!.clientSecret).not.toContain(idp.clientSecret)
    const page = await t.app.inject({
      method: 'GET',
      url: `${API}/blade-system/oauth-provider/page`,
      headers: platform,
    })
    expect(page.body).not.toContain('clientSecret')
    expect(page.json().data.records[0]).toMatchObject({ code: 'loop', issuer: idp.issuer })
    // an edit without a secret keeps the stored one
    await t.app.inject({
      method: 'POST',
      url: `${API}/blade-system/oauth-provider/submit`,
      headers: platform,
      payload: { ...form, id: row!.id, clientSecret: '', name: '环回' },
    })
    const [edited] = await t.database.db.select().from(oauthProvider).where(eq(oauthProvider.id, row!.id))
    expect(edited!.clientSecret).toBe(row!.clientSecret)
    const listed = await t.app.inject({ method: 'GET', url: `${API}/blade-auth/oauth/social/providers` })
    expect(listed.json().data).toEqual([{ code: 'loop', name: '环回' }])
  })

  it('sends the browser to the provider with PKCE, state and nonce, bound to a cookie', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: `${API}/blade-auth/oauth/social/authorize/loop`,
      query: { tenantId: PARK },
      headers: { host: HOST },
    })
    expect(start.statusCode).toBe(302)
    const url = new URL(String(start.headers.location))
    expect(url.origin).toBe(idp.issuer)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    for (const key of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(key)).toBeTruthy()
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK)
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${API}/blade-auth/oauth/social/authorize/nope`,
      query: { tenantId: PARK },
    })
    expect(unknown.statusCode).toBe(400)
  })

  it('refuses a callback that comes back to another browser (no binding cookie)', async () => {
    const consoleUrl = await roundTrip('alice', { dropCookie: true })
    expect(consoleUrl.startsWith('/#/login?social_error=')).toBe(true)
    expect(decodeURIComponent(consoleUrl)).toContain('浏览器校验失败')
  })

  let guest: TokenReply
  it('gives a first-time person a guest token (user id -1) from a one-time ticket', async () => {
    const consoleUrl = await roundTrip('alice')
    const params = new URLSearchParams(consoleUrl.split('?')[1])
    expect(params.get('tenantId')).toBe(PARK)
    const ticket = params.get('social_ticket')!
    const res = await token({ grant_type: 'social', scope: 'all', ticket })
    expect(res.statusCode, res.body).toBe(200)
    guest = res.json() as TokenReply
    expect(guest).toMatchObject({ user_id: '-1', tenant_id: PARK, account: 'alice', nick_name: 'Alice Wang' })
    expect(guest.oauth_id).toMatch(/^\d+:alice$/)
    expect(guest.refresh_token).toBe('')
    const again = await token({ grant_type: 'social', scope: 'all', ticket })
    expect(again.statusCode).toBe(400)
    expect(again.json().error_description).toBe(TICKET_INVALID)
  })

  it('refuses the guest token on every route not made for guests', async () => {
    for (const url of ['/blade-user/info', '/blade-system/menu/routes', '/blade-user/guest/page']) {
      const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(guest) })
      expect(res.statusCode, url).toBe(401)
      expect(res.json().msg).toBe(GUEST_REFUSED)
    }
  })

  it('checks the register form in the spec order, then files a pending request', async () => {
    const register = (body: Record<string, string>, headers = bearer(guest)) =>
      t.app.inject({ method: 'POST', url: `${API}/blade-user/register-guest`, headers, payload: body })
    const pw = md5('Guest@12345')
    const cases: [Record<string, string>, string][] = [
      [{ account: '', password: pw, password2: pw }, REGISTER_CHECKS.tenant],
      [{ tenantId: PARK, account: '', password: pw, password2: pw }, REGISTER_CHECKS.account],
      [{ tenantId: PARK, account: 'alice', password: pw, password2: '' }, REGISTER_CHECKS.password],
      [{ tenantId: PARK, account: 'alice', password: pw, password2: md5('other') }, REGISTER_CHECKS.mismatch],
      [{ tenantId: PARK, account: 'admin', password: pw, password2: pw }, '当前用户 [admin] 已存在!'],
    ]
    for (const [body, message] of cases) {
      const res = await register(body)
      expect(res.statusCode, message).toBe(400)
      expect(res.json().msg).toBe(message)
    }
    // an account's own token is not a guest's
    expect(
      (await register({ tenantId: PARK, account: 'x', password: pw, password2: pw }, park)).statusCode,
    ).toBe(400)
    const form = {
      tenantId: PARK,
      name: 'Alice',
      account: 'alice',
      password: pw,
      password2: pw,
      oauthId: guest.oauth_id,
    }
    const ok = await register(form)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().msg).toBe(REGISTER_SUBMITTED)
    expect((await register(form)).json().msg).toBe(PENDING)
    const [row] = await t.database.db.select().from(socialUser).where(eq(socialUser.account, 'alice'))
    expect(row).toMatchObject({ status: 0, tenantId: PARK, email: 'alice@example.test', userId: null })
    // pending: no sign-in yet
    const pending = await socialSignIn('alice')
    expect(pending.statusCode).toBe(400)
    expect(pending.json().error_description).toBe(PENDING)
  })

  it('lets the park administrator approve: an account with the guest role, and the person signs in', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `${API}/blade-user/guest/page`,
      headers: park,
      query: { status: '0' },
    })
    expect(page.statusCode, page.body).toBe(200)
    const record = page.json().data.records.find((r: { account: string }) => r.account === 'alice')
    expect(record).toMatchObject({ providerName: '环回', status: 0 })
    expect(page.body).not.toContain('password')
    // the platform's list does not show another tenant's guests
    const other = await t.app.inject({
      method: 'GET',
      url: `${API}/blade-user/guest/page`,
      headers: platform,
    })
    expect(other.json().data.records).toEqual([])
    const approved = await t.app.inject({
      method: 'POST',
      url: `${API}/blade-user/guest/approve`,
      headers: park,
      query: { id: record.id },
    })
    expect(approved.statusCode, approved.body).toBe(200)
    const [account] = await t.database.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, PARK), eq(user.account, 'alice')))
    const [guestRole] = await t.database.db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, PARK), eq(role.roleAlias, 'guest')))
    expect(account!.roleId).toBe(guestRole!.id)
    const signedIn = await socialSignIn('alice')
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    const reply = signedIn.json() as TokenReply
    expect(reply).toMatchObject({ user_id: account!.id, account: 'alice', role_name: 'guest' })
    const info = await t.app.inject({ method: 'GET', url: `${API}/blade-user/info`, headers: bearer(reply) })
    expect(info.statusCode).toBe(200)
    // the password chosen in the dialog works too
    const byPassword = await signIn(t.app, { tenantId: PARK, account: 'alice', password: 'Guest@12345' })
    expect(byPassword.user_id).toBe(account!.id)
  })

  it('keeps a rejected person out', async () => {
    const bob = (await socialSignIn('bob')).json() as TokenReply
    expect(bob.user_id).toBe('-1')
    const pw = md5('Guest@12345')
    await t.app.inject({
      method: 'POST',
      url: `${API}/blade-user/register-guest`,
      headers: bearer(bob),
      payload: { tenantId: PARK, account: 'bob', password: pw, password2: pw },
    })
    const [row] = await t.database.db.select().from(socialUser).where(eq(socialUser.account, 'bob'))
    // a role of another tenant is no role here
    const [platformRole] = await t.database.db.select().from(role).where(eq(role.tenantId, '000000'))
    const foreignRole = await t.app.inject({
      method: 'POST',
      url: `${API}/blade-user/guest/approve`,
      headers: park,
      query: { id: row!.id, roleId: platformRole!.id },
    })
    expect(foreignRole.statusCode).toBe(400)
    expect(foreignRole.json().msg).toBe(NO_GUEST_ROLE)
    const rejected = await t.app.inject({
      method: 'POST',
      url: `${API}/blade-user/guest/reject`,
      headers: park,
      query: { id: row!.id },
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    const again = await socialSignIn('bob')
    expect(again.json().error_description).toBe(REJECTED)
    const accounts = await t.database.db.select().from(user).where(eq(user.account, 'bob'))
    expect(accounts).toEqual([])
  })

  it('signs the mobile companion in with the applet grant (its own PKCE code, scope all)', async () => {
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const authorize = new URL(`${idp.issuer}/auth`)
    for (const [k, v] of Object.entries({
      client_id: idp.clientId,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: APP_REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'app-state',
    }))
      authorize.searchParams.set(k, v)
    const back = new URL(await idp.signIn(authorize.href, 'alice', APP_REDIRECT))
    const code = back.searchParams.get('code')!
    const saber = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
    const params = {
      grant_type: 'applet',
      source: 'loop',
      code,
      code_verifier: verifier,
      redirect_uri: APP_REDIRECT,
      state: 'app-state',
      tenantId: PARK,
    }
    const wrongScope = await token({ ...params, scope: 'read' }, saber)
    expect(wrongScope.json().error).toBe('invalid_scope')
    // the console's client was not given the applet grant
    expect((await token({ ...params, scope: 'all' })).json().error).toBe('unsupported_grant_type')
    const res = await token({ ...params, scope: 'all' }, saber)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ account: 'alice', tenant_id: PARK, client_id: 'saber' })
    // a code works once
    expect((await token({ ...params, scope: 'all' }, saber)).statusCode).toBe(400)
  })

  it('gives the seeded clients of an older database the new grants at start, unless an administrator edited them', async () => {
    const old = 'password,captcha,refresh_token,sms_code'
    const stamp = new Date('2025-01-01T00:00:00Z')
    const edited = new Date('2025-02-01T00:00:00Z')
    await t.database.db
      .update(client)
      .set({ authorizedGrantTypes: old, createTime: stamp, updateTime: stamp })
      .where(eq(client.clientId, 'xpark'))
    await t.database.db
      .update(client)
      .set({ authorizedGrantTypes: 'refresh_token,password', createTime: stamp, updateTime: edited })
      .where(eq(client.clientId, 'saber'))
    await t.peer()
    const grants = async (id: string) =>
      (await t.database.db.select().from(client).where(eq(client.clientId, id)))[0]!.authorizedGrantTypes
    expect(await grants('xpark')).toBe(`${old},social`)
    expect(await grants('saber')).toBe('refresh_token,password')
  })
})

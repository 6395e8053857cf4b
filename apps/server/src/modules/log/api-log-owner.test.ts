import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logApi } from '../../core/audit/index.js'
import { md5 } from '../../core/auth/passwords.js'
import {
  bearer,
  CONSOLE_BASIC,
  DEMO_PASSWORD,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'

/**
 * Issue 7, finding 5: nobody writes a tenant's API log without proving who they are. Anonymous
 * logouts, failed sign-ins and guessed client secrets write no row (whatever tenant and account the
 * request names) and are throttled per address; a sign-in is filed under the account it proved.
 */

const API = '/xparkApi'

describe('API log: only verified callers are logged; the rest is counted and throttled', () => {
  let t: TestContext
  const rows = async () => t.database.db.select().from(logApi).orderBy(logApi.id)
  const rowCount = async () => (await t.database.db.select({ n: count() }).from(logApi))[0]!.n
  const settle = () => t.app.audit.flush()
  const token = (
    query: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/blade-auth/oauth/token`,
      query: { grant_type: 'password', scope: 'all', ...query },
      headers: { authorization: CONSOLE_BASIC, ...headers },
      ...(remoteAddress ? { remoteAddress } : {}),
    })
  const logout = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url: `${API}/blade-auth/oauth/logout`, headers, remoteAddress })

  beforeAll(async () => {
    t = await startTestApp({ XPARK_UNVERIFIED_RATE_PER_ADDRESS: '20' })
  })
  afterAll(() => t.close())

  it('an anonymous logout or a failed sign-in writes no row, whatever tenant and account it names', async () => {
    await settle()
    const before = await rowCount()
    const forged = { 'tenant-id': '100001', 'user-agent': 'attacker' }
    expect((await logout(forged)).statusCode).toBe(200)
    const wrong = await token(
      { tenantId: '100001', username: 'admin', password: md5('not-the-password') },
      forged,
      '203.0.113.10',
    )
    expect(wrong.statusCode).toBe(400)
    const badClient = await token(
      { tenantId: '100001', username: 'admin', password: md5(DEMO_PASSWORD) },
      { ...forged, authorization: `Basic ${Buffer.from('saber:guess').toString('base64')}` },
      '203.0.113.10',
    )
    expect(badClient.statusCode).toBe(401)
    await settle()
    expect(await rowCount()).toBe(before)
  })

  it('a sign-in is filed under the account it proved; a logout under the token it ended', async () => {
    await settle()
    const before = (await rows()).length
    const session = await signIn(t.app, { tenantId: '100001', account: 'staff' })
    expect((await logout(bearer(session))).statusCode).toBe(200)
    await settle()
    const added = (await rows()).slice(before)
    expect(added.map((r) => [r.requestUri, r.tenantId, r.createBy])).toEqual([
      [`${API}/blade-auth/oauth/token`, '100001', 'staff'],
      [`${API}/blade-auth/oauth/logout`, '100001', 'staff'],
    ])
  })

  it('unverified writes are throttled per address (429), other addresses unaffected', async () => {
    const address = '198.51.100.7'
    for (let i = 0; i < 20; i++) expect((await logout({}, address)).statusCode).toBe(200)
    const throttled = await logout({}, address)
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json().msg).toBe('请求过于频繁,请稍后再试')
    // client-secret guesses from there too
    const guess = await token(
      { tenantId: '000000', username: 'admin', password: md5(DEMO_PASSWORD) },
      { authorization: `Basic ${Buffer.from('saber:guess').toString('base64')}` },
      address,
    )
    expect(guess.statusCode).toBe(429)
    expect((await logout({}, '198.51.100.8')).statusCode).toBe(200)
    await settle()
    const anonymous = await t.database.db.select().from(logApi).where(eq(logApi.remoteIp, address))
    expect(anonymous).toEqual([])
  })
})

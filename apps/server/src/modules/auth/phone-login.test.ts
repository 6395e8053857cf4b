import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sms, user } from '../../compose/schema.js'
import { md5 } from '../../core/auth/passwords.js'
import { nextId } from '../../core/ids.js'
import {
  bearer,
  CONSOLE_BASIC,
  DEMO_PASSWORD,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { registerSmsProvider, type SmsMessage } from '../resource/index.js'
import { PHONE_CODE_WRONG, TOO_FREQUENT } from './phone-codes.js'

const PARK = '100001'
const ADMIN_PHONE = '13800138000'
let address = 0
/** each test from its own address, so the per-address budget of one does not spill into another */
const nextAddress = () => `198.19.0.${++address}`

describe('phone-code sign-in (oauth/sms/captcha, grant_type=sms_code) and password change by SMS', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
    await t.database.db
      .update(user)
      .set({ phone: ADMIN_PHONE })
      .where(and(eq(user.tenantId, PARK), eq(user.account, 'admin')))
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  const askCode = (phone: string, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-auth/oauth/sms/captcha',
      query: { phone },
      headers: { 'tenant-id': PARK },
      remoteAddress,
    })
  const storedCode = (phone: string, purpose = 'login') =>
    t.cache.get(`phone-code:${purpose}:${PARK}:${phone}`)
  const phoneSignIn = (account: string, phoneCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { grant_type: 'sms_code', scope: 'all', tenantId: PARK, account, phoneCode },
      headers: { authorization: CONSOLE_BASIC, 'tenant-id': PARK },
      remoteAddress: nextAddress(),
    })

  it('checks the phone as spec 01 §5 says', async () => {
    for (const [phone, message] of [
      ['', 'phone number cannot be empty'],
      ['1380013800', 'phone number length is not 11'],
      ['23800138000', 'phone number format is incorrect'],
    ]) {
      const res = await askCode(phone!)
      expect([res.statusCode, res.json().msg]).toEqual([400, message])
    }
  })

  it('sends a six-digit code through the SMS configuration and signs in with it once', async () => {
    const res = await askCode(ADMIN_PHONE)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, msg: '验证码已发送', data: { phone: '138****8000' } })
    const code = (await storedCode(ADMIN_PHONE))!
    expect(code).toMatch(/^\d{6}$/)
    const signed = await phoneSignIn(ADMIN_PHONE, code)
    expect(signed.statusCode).toBe(200)
    expect(signed.json()).toMatchObject({ tenant_id: PARK, account: 'admin' })
    // single-use
    const again = await phoneSignIn(ADMIN_PHONE, code)
    expect([again.statusCode, again.json().error_description]).toEqual([400, PHONE_CODE_WRONG])
  })

  it('answers the same for a phone nobody has, and sends nothing', async () => {
    const res = await askCode('13900000000')
    expect(res.json()).toMatchObject({ success: true, msg: '验证码已发送' })
    expect(await storedCode('13900000000')).toBeNull()
    const signed = await phoneSignIn('13900000000', '123456')
    expect(signed.json().error_description).toBe(PHONE_CODE_WRONG)
  })

  it('limits sending per phone (one a minute) and per address (ten an hour)', async () => {
    const phone = '13700000001'
    expect((await askCode(phone)).statusCode).toBe(200)
    const second = await askCode(phone)
    expect([second.statusCode, second.json().msg]).toEqual([429, TOO_FREQUENT])
    const from = nextAddress()
    for (let i = 0; i < 10; i++) expect((await askCode(`1360000000${i}`, from)).statusCode).toBe(200)
    const eleventh = await askCode('13600000010', from)
    expect([eleventh.statusCode, eleventh.json().msg]).toEqual([429, TOO_FREQUENT])
  })

  it('voids a code after five wrong guesses, even for the right one', async () => {
    await t.cache.del(`phone-code:rate:m:${PARK}:${ADMIN_PHONE}`)
    await askCode(ADMIN_PHONE)
    const code = (await storedCode(ADMIN_PHONE))!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect((await phoneSignIn(ADMIN_PHONE, wrong)).json().error_description).toBe(PHONE_CODE_WRONG)
    expect((await phoneSignIn(ADMIN_PHONE, code)).json().error_description).toBe(PHONE_CODE_WRONG)
  })

  it.skipIf(process.env.REDIS_URL)(
    'expires after five minutes (clock moved on the in-memory cache)',
    async () => {
      await t.cache.del(`phone-code:rate:m:${PARK}:${ADMIN_PHONE}`)
      await askCode(ADMIN_PHONE)
      const code = (await storedCode(ADMIN_PHONE))!
      const now = Date.now()
      vi.spyOn(Date, 'now').mockReturnValue(now + 301_000)
      expect(await storedCode(ADMIN_PHONE)).toBeNull()
      vi.restoreAllMocks()
      // the code did not come back with the clock
      expect((await phoneSignIn(ADMIN_PHONE, code)).json().error_description).toBe(PHONE_CODE_WRONG)
    },
  )

  it('changes the own password with a code sent to the own phone (smsForUpdate-password)', async () => {
    const token = await signIn(t.app, { tenantId: PARK })
    // one message a minute per phone, whatever it is for: the sign-in tests just sent one
    await t.cache.del(`phone-code:rate:m:${PARK}:${ADMIN_PHONE}`)
    const call = (query: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/xparkApi/blade-user/smsForUpdate-password',
        query,
        headers: bearer(token),
        remoteAddress: nextAddress(),
      })
    const other = await call({ phone: '13900000001' })
    expect([other.statusCode, other.json().msg]).toEqual([400, '手机号与账号绑定的手机号不一致'])
    expect((await call({ phone: '' })).json().msg).toBe('phone number cannot be empty')
    expect((await call({ phone: ADMIN_PHONE })).json().msg).toBe('验证码已发送')
    const code = (await storedCode(ADMIN_PHONE, 'password'))!
    const newPassword = md5('Changed@2026x')
    const mismatch = await call({
      phone: ADMIN_PHONE,
      phoneCode: code,
      newPassword,
      newPassword1: md5('other'),
    })
    expect(mismatch.json().msg).toBe('请输入正确的确认密码!')
    const bad = await call({
      phone: ADMIN_PHONE,
      phoneCode: '000000' === code ? '111111' : '000000',
      newPassword,
      newPassword1: newPassword,
    })
    expect(bad.json().msg).toBe(PHONE_CODE_WRONG)
    const done = await call({ phone: ADMIN_PHONE, phoneCode: code, newPassword, newPassword1: newPassword })
    expect([done.statusCode, done.json().success]).toEqual([200, true])
    await expect(signIn(t.app, { tenantId: PARK, password: 'Changed@2026x' })).resolves.toMatchObject({
      account: 'admin',
    })
    await expect(signIn(t.app, { tenantId: PARK, password: DEMO_PASSWORD })).rejects.toThrow()
    // a sign-in code cannot change the password (codes have one purpose)
    expect(await storedCode(ADMIN_PHONE, 'password')).toBeNull()
  })

  it("goes through the tenant's enabled SMS configuration (its provider gets the phone and the code)", async () => {
    const received: SmsMessage[] = []
    // a provider plugged in for dict sms 4, as a real one would be
    registerSmsProvider(4, {
      name: 'test',
      send: async (_config, message) => {
        received.push(message)
        return { success: true, code: 200, msg: 'ok' }
      },
    })
    await t.database.db
      .insert(sms)
      .values({ id: nextId(), tenantId: PARK, category: 4, smsCode: 'park-sms', templateId: 'T1', status: 2 })
    await t.cache.del(`phone-code:rate:m:${PARK}:${ADMIN_PHONE}`)
    expect((await askCode(ADMIN_PHONE)).statusCode).toBe(200)
    expect(received).toEqual([
      { phones: [ADMIN_PHONE], params: { code: (await storedCode(ADMIN_PHONE))!, minutes: '5' } },
    ])
  })
})

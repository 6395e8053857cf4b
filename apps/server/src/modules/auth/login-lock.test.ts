import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5 } from '../../core/auth/passwords.js'
import { CONSOLE_BASIC, DEMO_PASSWORD, startTestApp, type TestContext } from '../../test/harness.js'

/**
 * Issue 7, finding 6: nobody can lock an administrator out from elsewhere. Wrong passwords lock one
 * account for one address, not for everyone; after a few from an address (or a burst at one account
 * from many) the sign-in there needs the captcha even when the captcha is off.
 */

describe('sign-in lock per account and address, with a captcha step', () => {
  let t: TestContext

  /** a captcha and its answer (read from the cache, as a person reads the image) */
  async function solved(address: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-auth/oauth/captcha',
      remoteAddress: address,
    })
    const key = res.json().key as string
    return { key, code: (await t.cache.get(`captcha:${key}`))! }
  }
  function signIn(
    address: string,
    password: string,
    captcha?: { key: string; code: string },
    username = 'admin',
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { grant_type: 'password', scope: 'all', tenantId: '000000', username, password: md5(password) },
      headers: {
        authorization: CONSOLE_BASIC,
        ...(captcha ? { 'captcha-key': captcha.key, 'captcha-code': captcha.code } : {}),
      },
      remoteAddress: address,
    })
  }

  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('five wrong passwords from one address lock that address out of the account, not the administrator', async () => {
    const attacker = '203.0.113.66'
    for (let i = 0; i < 5; i++) {
      // after three wrong ones the address must solve a captcha for each try
      const res = await signIn(attacker, 'wrong', i >= 3 ? await solved(attacker) : undefined)
      expect(res.json().error_description, `try ${i + 1}`).toBe('用户名或密码错误')
    }
    const locked = await signIn(attacker, DEMO_PASSWORD, await solved(attacker))
    expect(locked.json().error_description).toBe('登录错误次数过多,请稍后再试')
    // the administrator, from their own address: no lock, no captcha
    const owner = await signIn('198.51.100.20', DEMO_PASSWORD)
    expect(owner.statusCode, owner.body).toBe(200)
  })

  it('after a few wrong passwords an address needs the captcha, even with the captcha off', async () => {
    const guesser = '203.0.113.77'
    for (let i = 0; i < 3; i++) await signIn(guesser, 'wrong', undefined, 'staffless')
    const missing = await signIn(guesser, DEMO_PASSWORD)
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ error: 'captcha_required', error_description: '请输入验证码' })
    const wrong = await signIn(guesser, DEMO_PASSWORD, { key: (await solved(guesser)).key, code: '999' })
    expect(wrong.json()).toMatchObject({ error: 'captcha_required', error_description: '验证码不正确' })
    // a person who solves it signs in (the account itself was never locked)
    expect((await signIn(guesser, DEMO_PASSWORD, await solved(guesser))).statusCode).toBe(200)
  })

  it('a burst at one account from many addresses makes its sign-ins need the captcha, never refuses the owner', async () => {
    for (let i = 0; i < 16; i++) await signIn(`198.18.0.${i + 1}`, 'wrong')
    const owner = '198.51.100.99'
    expect((await signIn(owner, DEMO_PASSWORD)).json().error).toBe('captcha_required')
    expect((await signIn(owner, DEMO_PASSWORD, await solved(owner))).statusCode).toBe(200)
  })
})

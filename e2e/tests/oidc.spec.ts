import { createHash } from 'node:crypto'
import {
  accounts,
  DEMO_PASSWORD,
  dialog,
  expectRoute,
  HOME,
  openLogin,
  openPopup,
  popupsSettled,
  signIn,
} from '../support/console'
import { expect, test } from '../support/fixtures'
import { type E2eIdp, startIdp } from '../support/idp'

/**
 * Other ways in (spec 01 §2, §5, issue 11): a first sign-in through an OpenID Connect provider shows
 * the register dialog 账号注册, its checks fire in the spec's order, submitting logs the guest out,
 * the park administrator approves the request, and the person then signs in through the provider.
 */

const PARK = '100001'
const base = () => `http://127.0.0.1:${process.env.XPARK_E2E_PORT}`
const md5 = (text: string) => createHash('md5').update(text).digest('hex')

test.describe('third-party sign-in (OpenID Connect) and guest approval', () => {
  let idp: E2eIdp
  // unique per run: a retry never meets an earlier attempt's provider or person
  const run = Date.now() % 1_000_000
  const code = `e2e${run}`
  const person = `carol${run}`

  test.beforeAll(async ({ request }) => {
    idp = await startIdp(`${base()}/xparkApi/blade-auth/oauth/social/callback`)
    const basic = `Basic ${Buffer.from('xpark:').toString('base64')}`
    const login = await request.post('/xparkApi/blade-auth/oauth/token', {
      params: {
        tenantId: '000000',
        username: 'admin',
        password: md5(DEMO_PASSWORD),
        grant_type: 'password',
        scope: 'all',
      },
      headers: { authorization: basic, 'tenant-id': '000000' },
    })
    expect(login.ok()).toBe(true)
    const { access_token } = (await login.json()) as { access_token: string }
    const saved = await request.post('/xparkApi/blade-system/oauth-provider/submit', {
      headers: { 'blade-auth': `bearer ${access_token}` },
      data: {
        name: '环回认证',
        code,
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    })
    expect(saved.ok(), await saved.text()).toBe(true)
  })
  test.afterAll(async () => {
    await idp?.close()
  })

  test('first sign-in registers, the administrator approves, the person signs in', async ({ page }) => {
    // a long story on a shared 2-core machine
    test.setTimeout(150_000)
    // 1. the sign-in page offers the provider (its button comes with the page, whose boot data the
    // server keeps a few seconds per host: a page loaded just before the provider existed lacks it)
    await expect(async () => {
      await openLogin(page)
      // a hash route again is no new page: reload, so index.html (and its boot data) is read again
      await page.reload()
      await expect(page.getByTestId(`login-social-${code}`)).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 45_000 })
    await page.getByTestId('login-tenant').fill(PARK)
    await page.getByTestId(`login-social-${code}`).click()
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer.replace(/[.]/g, '\\.')}/interaction/`))
    await page.locator('input[name="login"]').fill(person)
    await page.locator('input[name="password"]').fill('any')
    await page.locator('button[type="submit"]').click()

    // 2. back on the console: a guest gets the register dialog, name and account prefilled
    const registerDialog = page.getByRole('dialog').filter({ hasText: '账号注册' })
    await expect(registerDialog).toBeVisible()
    await popupsSettled(page)
    await expect(page.getByTestId('register-name')).toHaveValue(person)
    await expect(page.getByTestId('register-account')).toHaveValue(person)
    const submit = page.getByTestId('register-submit')
    // the checks fire in the spec's order
    await submit.click()
    await expect(page.getByText('请先输入租户编号')).toBeVisible()
    await page.getByTestId('register-tenant').fill(PARK)
    await page.getByTestId('register-account').fill('')
    await submit.click()
    await expect(page.getByText('请先输入账号名称')).toBeVisible()
    await page.getByTestId('register-account').fill(person)
    await submit.click()
    await expect(page.getByText('请先输入密码')).toBeVisible()
    await page.getByTestId('register-password').fill('Guest@12345')
    await page.getByTestId('register-password2').fill('Guest@54321')
    await submit.click()
    await expect(page.getByText('两次密码输入不一致')).toBeVisible()
    await page.getByTestId('register-password2').fill('Guest@12345')
    await submit.click()
    await expect(page.getByText('注册申请已提交,请耐心等待管理员通过!')).toBeVisible()
    // logged out, back on /login
    await expect(registerDialog).toBeHidden()
    await expectRoute(page, '/login')
    // no session was ever started for the guest
    const stored = await page.evaluate(() => localStorage.getItem('xpark-session'))
    expect(stored === null || (JSON.parse(stored) as { state: { token: string } }).state.token === '').toBe(
      true,
    )

    // 3. a second attempt before approval is told to wait
    await page.getByTestId('login-tenant').fill(PARK)
    await page.getByTestId(`login-social-${code}`).click()
    await expect(page.getByTestId('login-error')).toHaveText('注册申请审核中,请耐心等待管理员通过')

    // 4. the park administrator approves on 访客审核
    await signIn(page, accounts.parkAdmin)
    await page.goto('/#/social/guest')
    const row = page.getByRole('row').filter({ hasText: person })
    await expect(row).toBeVisible()
    await row.locator('[data-testid^="crud-row-approve-1-"]').click()
    await popupsSettled(page)
    await page.getByTestId('confirm-ok').click()
    await expect(row).toContainText('已通过')

    // 5. signed out, the person signs in through the provider (its session is remembered) to the console
    await openPopup(page, page.getByTestId('user-dropdown'), page.getByTestId('logout'))
    await openPopup(page, page.getByTestId('logout'), dialog(page))
    await page.getByTestId('logout-confirm').click()
    await expectRoute(page, '/login')
    await page.getByTestId('login-tenant').fill(PARK)
    await page.getByTestId(`login-social-${code}`).click()
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
    await expect(page.getByTestId('user-dropdown')).toContainText(person)
  })

  test('the platform administrator adds a provider on 第三方登录; its secret is never shown again', async ({
    page,
  }) => {
    await signIn(page, accounts.platformAdmin)
    await page.goto('/#/system/oauth-provider')
    await page.getByTestId('oauth-provider-add').click()
    await expect(page.getByTestId('crud-form-name')).toBeVisible()
    const second = `${code}b`
    await page.getByTestId('crud-form-name').fill('第二认证')
    await page.getByTestId('crud-form-code').fill(second)
    await page.getByTestId('crud-form-issuer').fill(idp.issuer)
    await page.getByTestId('crud-form-clientId').fill(idp.clientId)
    await page.getByTestId('crud-form-clientSecret').fill('typed-secret-value')
    await page.getByTestId('oauth-provider-form-submit').click()
    const row = page.getByRole('row').filter({ hasText: second })
    await expect(row).toBeVisible()
    await expect(page.getByText('typed-secret-value')).toHaveCount(0)
    await row.locator('[data-testid^="crud-row-edit-"]').click()
    await expect(page.getByTestId('crud-form-code')).toHaveValue(second)
    await expect(page.getByTestId('crud-form-clientSecret')).toHaveValue('')
  })
})

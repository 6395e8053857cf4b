import {
  accounts,
  artifact,
  DEMO_PASSWORD,
  dialog,
  expectRoute,
  HOME,
  openLogin,
  openPopup,
  signIn,
  submitLogin,
  tab,
} from '../support/console'
import { expect, test } from '../support/fixtures'

test.describe('sign in', () => {
  test('a wrong password is refused on the login page; the right one opens the home tab', async ({
    page,
  }) => {
    await openLogin(page)
    await expect(page).toHaveTitle(/^登录/)
    await expect(page.getByTestId('login-tenant')).toHaveValue('000000')
    await page.screenshot({ path: artifact('login.png'), fullPage: true })

    await submitLogin(page, accounts.platformAdmin, 'Wrong@123456')
    await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误')
    await expectRoute(page, '/login')
    await expect(page.getByTestId('login-form')).toBeVisible()

    // the form keeps what was typed; only the password changes
    await page.getByTestId('login-password').fill(DEMO_PASSWORD)
    await page.getByTestId('login-submit').click()
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
    await expect(tab(page, HOME)).toHaveText('首页')
    await expect(page.getByTestId('user-dropdown')).toContainText('管理员')
    await page.screenshot({ path: artifact('home.png'), fullPage: true })
  })

  test('the console is served with its Content-Security-Policy (and runs under it: see fixtures)', async ({
    page,
  }) => {
    const response = await page.goto('/')
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'self'")
    await expect(page.getByTestId('login-form')).toBeVisible()
  })

  test('a signed-in user who opens /login goes back to the console', async ({ page }) => {
    await signIn(page)
    await page.goto('/#/login')
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
  })

  test('the default-password warning shows after signing in with the demo password', async ({ page }) => {
    await signIn(page)
    const banner = page.getByTestId('default-password-banner')
    await expect(banner).toBeVisible()
    await expect(banner).toContainText('默认密码')
    await expect(page.getByTestId('change-password')).toHaveText('修改密码')
  })
})

test.describe('log out', () => {
  test('the user dropdown logs out after a confirm; the console is then closed', async ({ page }) => {
    // the Blade-Auth header the console sends, to check the server forgot it after logging out
    let bladeAuth = ''
    page.on('request', (request) => {
      bladeAuth = request.headers()['blade-auth'] ?? bladeAuth
    })
    await signIn(page)
    await expect.poll(() => bladeAuth).toMatch(/^bearer \S+/)
    const buttons = () =>
      page.request.get('/xparkApi/blade-system/menu/buttons', { headers: { 'Blade-Auth': bladeAuth } })
    expect((await buttons()).status()).toBe(200)

    await openPopup(page, page.getByTestId('user-dropdown'), page.getByTestId('logout'))
    const confirm = await openPopup(page, page.getByTestId('logout'), dialog(page))
    await expect(confirm).toContainText('提示')
    await expect(confirm).toContainText('是否退出系统')
    // still signed in until the person confirms
    await expectRoute(page, HOME)
    await page.getByTestId('logout-confirm').click()
    await expectRoute(page, '/login')
    await expect(page.getByTestId('login-form')).toBeVisible()

    await page.goto('/#/wel/index')
    await expectRoute(page, '/login')
    await expect(page.getByTestId('login-form')).toBeVisible()
    await expect(page.getByTestId('welcome')).toHaveCount(0)

    // logging out revoked the token on the server too
    expect((await buttons()).status()).toBe(401)
  })
})

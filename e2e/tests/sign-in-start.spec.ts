import type { Page } from '@playwright/test'
import { accounts, DEMO_PASSWORD, expectRoute, HOME, submitLogin } from '../support/console'
import { expect, test } from '../support/fixtures'

const WARNING = '无法连接服务器接口,请检查网络或代理设置'

/** Serve index.html without the settings our server writes into it, as a static host would. */
async function withoutBootData(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/index.html',
    async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      expect(html).toContain('id="xpark-boot"')
      await route.fulfill({
        response,
        body: html.replace(/<script type="application\/json" id="xpark-boot">.*?<\/script>/s, ''),
      })
    },
  )
}

/** The API calls the page makes, by path under /xparkApi/. */
function apiCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/xparkApi/')) calls.push(pathname.slice('/xparkApi/'.length))
  })
  return calls
}

test.describe('the sign-in page at start', () => {
  test('shows the form with the server settings and makes no API call before it', async ({ page }) => {
    const calls = apiCalls(page)
    await page.goto('/#/login')
    await expect(page.getByTestId('login-password')).toBeVisible()
    // the captcha is off on this server: known from the page itself, the field never shows
    await expect(page.getByTestId('login-captcha')).toHaveCount(0)
    await expect(page.getByTestId('login-tenant')).toHaveValue('000000')
    await expect(page.getByTestId('login-api-warning')).toHaveCount(0)
    expect(calls).toEqual([])
  })

  test('a proxy answering a web page for console/settings: the form shows with defaults and a warning', async ({
    page,
  }) => {
    await withoutBootData(page)
    // what a proxy that serves index.html for every unknown path answers
    await page.route('**/xparkApi/console/settings', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html><body><div id="root"></div></body></html>',
      }),
    )
    await page.goto('/#/login')
    await expect(page.getByTestId('login-api-warning')).toHaveText(WARNING)
    await expect(page.getByTestId('login-form')).toBeVisible()
    await expect(page.getByTestId('login-password')).toBeVisible()
    // the defaults: tenant and captcha asked for
    await expect(page.getByTestId('login-tenant')).toHaveValue('000000')
    await expect(page.getByTestId('login-captcha')).toBeVisible()
    // (the fixture fails the test on any uncaught error in the page)
  })

  test('without settings in the page (a static host), the console asks the API and signs in', async ({
    page,
  }) => {
    await withoutBootData(page)
    const settings = page.waitForResponse('**/xparkApi/console/settings')
    await page.goto('/#/login')
    await expect(page.getByTestId('login-password')).toBeVisible()
    expect((await settings).status()).toBe(200)
    // the server says the captcha is off: the field the defaults showed goes away
    await expect(page.getByTestId('login-captcha')).toHaveCount(0)
    await expect(page.getByTestId('login-api-warning')).toHaveCount(0)
    await submitLogin(page, accounts.parkStaff, DEMO_PASSWORD)
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
  })
})

import { accounts, expectRoute, signIn } from '../support/console'
import { expect, test } from '../support/fixtures'
import { freePort, startServer } from '../support/server'

/**
 * Request encryption (spec 01 §7, §8) end to end: a server of its own with XPARK_CRYPTO=on; the
 * console signs in and works through sealed calls, what travels is ciphertext, and a call in clear is
 * refused as 'illegal request'. The duty roster is the screen it opens.
 */
const port = await freePort()
test.use({ baseURL: `http://127.0.0.1:${port}` })

let stop: () => Promise<void> = async () => {}
test.beforeAll(async () => {
  test.setTimeout(120_000)
  stop = await startServer(port, { XPARK_CRYPTO: 'on' })
})
test.afterAll(async () => stop())

test('the console signs in and works sealed; a clear call is an illegal request', async ({ page }) => {
  const sealed: { nonce: string | null; auth: string | null; body: string }[] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/xparkApi/blade-user/info')) return
    const request = response.request()
    sealed.push({
      nonce: await request.headerValue('x-crypto-nonce'),
      auth: await request.headerValue('blade-auth'),
      body: await response.text(),
    })
  })
  await signIn(page, accounts.parkAdmin)
  // the top bar's user info came sealed: a nonce went out, ciphertext came back, no account name
  await expect.poll(() => sealed.length).toBeGreaterThan(0)
  expect(sealed[0]!.nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
  expect(Object.keys(JSON.parse(sealed[0]!.body))).toEqual(['ciphertext'])
  expect(sealed[0]!.body).not.toContain('admin')

  // a screen's list through sealed calls: the duty roster of the demo park
  await page.goto('/#/duty/person')
  await expectRoute(page, '/duty/person')
  await expect(page.getByTestId('duty-person-table')).toContainText('园区职员')

  // the same call in clear, with the session's token, is refused
  const clear = await page.evaluate(async (auth) => {
    const res = await fetch('/xparkApi/blade-user/info', { headers: { 'Blade-Auth': auth } })
    return { status: res.status, body: (await res.json()) as { msg: string } }
  }, sealed[0]!.auth ?? '')
  expect(clear).toMatchObject({ status: 400, body: { msg: 'illegal request' } })
})

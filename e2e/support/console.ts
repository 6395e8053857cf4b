import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'

/** Seeded demo accounts (apps/server/src/compose/seed/demo.ts): all share the demo password. */
export const DEMO_PASSWORD = 'Admin@123456'
export const accounts = {
  platformAdmin: { tenantId: '000000', username: 'admin' },
  parkAdmin: { tenantId: '100001', username: 'admin' },
  parkStaff: { tenantId: '100001', username: 'staff' },
} as const
export type Account = { tenantId: string; username: string }

/** A token of the account through the token endpoint (what another person's console would hold). */
export async function tokenOf(request: APIRequestContext, account: Account) {
  const res = await request.post('/xparkApi/blade-auth/oauth/token', {
    params: {
      tenantId: account.tenantId,
      username: account.username,
      password: createHash('md5').update(DEMO_PASSWORD).digest('hex'),
      grant_type: 'password',
      scope: 'all',
    },
    headers: {
      authorization: `Basic ${Buffer.from('xpark:').toString('base64')}`,
      'tenant-id': account.tenantId,
    },
  })
  const body = (await res.json()) as { access_token: string; user_id: string }
  return { headers: { 'Blade-Auth': `bearer ${body.access_token}` }, userId: body.user_id }
}

export const HOME = '/wel/index'
export const PARAM = '/system/param'
export const SYSTEM = '/system'
export const API_DOCS = '/xparkApi/docs/static/index.html'

/** Screenshots a person can look at (git-ignored). */
export const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '../artifacts')
export function artifact(name: string): string {
  mkdirSync(artifactsDir, { recursive: true })
  return join(artifactsDir, name)
}

/** The hash route the page shows, e.g. `/wel/index` (query excluded). */
export function routeOf(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '')
  return hash.split('?')[0] ?? ''
}

/** Waits until the address bar shows hash route `path` (exactly, query allowed). */
export async function expectRoute(page: Page, path: string): Promise<void> {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  await expect(page).toHaveURL(new RegExp(`#${escaped}(\\?.*)?$`))
}

/** Opens the login page and waits until it is ready to type into (console settings loaded: no captcha). */
export async function openLogin(page: Page): Promise<void> {
  await page.goto('/#/login')
  await expect(page.getByTestId('login-form')).toBeVisible()
  // the captcha field shows until `console/settings` says the captcha is off
  await expect(page.getByTestId('login-captcha')).toHaveCount(0)
}

/** Fills and submits the login form as a person would. */
export async function submitLogin(page: Page, account: Account, password: string): Promise<void> {
  const tenant = page.getByTestId('login-tenant')
  await tenant.fill(account.tenantId)
  await page.getByTestId('login-username').fill(account.username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
}

/** Signs in through the login page and waits for the home tab. */
export async function signIn(page: Page, account: Account = accounts.platformAdmin): Promise<void> {
  await openLogin(page)
  await submitLogin(page, account, DEMO_PASSWORD)
  await expectRoute(page, HOME)
  await expect(page.getByTestId('welcome')).toBeVisible()
}

/**
 * Waits until no antd popup (dialog, confirm, dropdown) is still playing its open or close animation.
 * Playwright clicks faster than any person: a click that lands while a popup is still zooming in can
 * press on one spot and release on another, and then nothing happens.
 */
export async function popupsSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(
            document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
          ).some(
            (el) =>
              // a closed dialog stays in the page, hidden, and may keep its last motion classes
              el.getClientRects().length > 0 &&
              Array.from(el.classList).some((c) =>
                /^ant-[\w-]+-(appear|enter|leave)(-(prepare|start|active))?$/.test(c),
              ),
          ),
        ),
      { message: 'antd popups still animating' },
    )
    .toBe(false)
}

/** Opens a popup with `trigger`, waits for `popup` to show and finish its animation. */
export async function openPopup(page: Page, trigger: Locator, popup: Locator): Promise<Locator> {
  await trigger.click()
  await expect(popup).toBeVisible()
  await popupsSettled(page)
  return popup
}

export const sidebarItem = (page: Page, path: string): Locator => page.getByTestId(`sidebar-item-${path}`)

/** Opens a folder of the sidebar if it is closed, so its children can be clicked. */
export async function openSidebarFolder(page: Page, path: string, child: string): Promise<void> {
  await expect(sidebarItem(page, path)).toBeVisible()
  if (!(await sidebarItem(page, child).isVisible())) await sidebarItem(page, path).click()
  await expect(sidebarItem(page, child)).toBeVisible()
  // a click on a child while the folder is still sliding open can miss it (seen on a loaded machine)
  await popupsSettled(page)
}

/** 系统管理 → 参数管理 in the sidebar; waits for the parameter table's rows. */
export async function openParamPage(page: Page): Promise<void> {
  await openSidebarFolder(page, SYSTEM, PARAM)
  await sidebarItem(page, PARAM).click()
  await expectRoute(page, PARAM)
  await expectActiveTab(page, '参数管理')
  await expect(page.getByTestId('param-page')).toBeVisible()
}

export const tabBar = (page: Page): Locator => page.getByTestId('tab-bar')
/** The tabs of the tab bar, by their role (one per open page). */
export const tabs = (page: Page): Locator => tabBar(page).getByRole('tab')
export const tab = (page: Page, key: string): Locator => page.getByTestId(`tab-${key}`)

/**
 * Waits until the tab bar shows `label` as the selected tab. The address changes before the console
 * re-renders: a person only acts on what the screen shows, so tests wait for the screen too.
 */
export async function expectActiveTab(page: Page, label: string): Promise<void> {
  await expect(tabBar(page).getByRole('tab', { selected: true })).toHaveText(label)
}

/** Right-clicks the tab bar and chooses an item of its menu. */
export async function tabMenu(page: Page, item: 'clear-cache' | 'close-others' | 'close-all'): Promise<void> {
  await tabBar(page).click({ button: 'right' })
  const entry = page.getByTestId(`tab-menu-${item}`)
  await expect(entry).toBeVisible()
  await popupsSettled(page)
  await entry.click()
}

/** The confirm dialog (antd `modal.confirm`) that is open now. */
export const dialog = (page: Page): Locator => page.getByRole('dialog')

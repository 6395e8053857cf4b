import {
  API_DOCS,
  accounts,
  dialog,
  expectActiveTab,
  expectRoute,
  HOME,
  openParamPage,
  openSidebarFolder,
  PARAM,
  popupsSettled,
  SYSTEM,
  sidebarItem,
  signIn,
  tab,
  tabBar,
  tabMenu,
  tabs,
} from '../support/console'
import { expect, test } from '../support/fixtures'

// Sign-ins are spread over the seeded accounts: the server allows 15 a minute per account.
test.describe('sidebar and tabs', () => {
  test('系统管理 → 参数管理 opens a tab with the seeded parameters; 接口文档 opens under /myiframe', async ({
    page,
  }) => {
    await signIn(page)
    await expect(page.getByTestId('top-menu')).toContainText('系统')
    await expect(sidebarItem(page, SYSTEM)).toHaveText('系统管理')
    await openParamPage(page)

    await expect(tab(page, PARAM)).toHaveText('参数管理')
    await expect(tabs(page)).toHaveCount(2)
    const table = page.getByTestId('param-table')
    await expect(table.getByRole('row', { name: /account\.initPassword/ })).toBeVisible()
    await expect(table.getByRole('row', { name: /account\.initPassword/ })).toContainText('账号初始密码')
    await expect(table).toContainText('account.registerUser')
    await expect(page.getByTestId('param-add')).toHaveText(/新增/)

    await openSidebarFolder(page, SYSTEM, API_DOCS)
    await expect(sidebarItem(page, API_DOCS)).toHaveText('接口文档')
    await sidebarItem(page, API_DOCS).click()
    await expectRoute(page, '/myiframe/urlPath')
    await expectActiveTab(page, '接口文档')
    const frame = page.getByTestId('myiframe')
    await expect(frame).toBeVisible()
    await expect(frame).toHaveAttribute('src', API_DOCS)
    // the embedded page itself loads (same origin, so the console may frame it)
    await expect(page.frameLocator('[data-testid="myiframe"]').getByText('xpark API').first()).toBeVisible()
    await expect(tabs(page)).toHaveCount(3)
    await expect(tabBar(page).getByText('接口文档')).toBeVisible()

    // the home tab is never closable; the first tab goes back home
    await tab(page, HOME).click()
    await expectRoute(page, HOME)
    await expectActiveTab(page, '首页')
    await expect(page.getByTestId('welcome')).toBeVisible()
  })

  test('tab bar menu: close others keeps home and the current tab, close all keeps home', async ({
    page,
  }) => {
    await signIn(page, accounts.parkAdmin)
    await openParamPage(page)
    await openSidebarFolder(page, SYSTEM, API_DOCS)
    await sidebarItem(page, API_DOCS).click()
    await expectRoute(page, '/myiframe/urlPath')
    await expectActiveTab(page, '接口文档')
    await tab(page, PARAM).click()
    await expectRoute(page, PARAM)
    await expectActiveTab(page, '参数管理')
    await expect(tabs(page)).toHaveCount(3)

    await tabMenu(page, 'close-others')
    await expect(tabs(page)).toHaveCount(2)
    await expect(tab(page, HOME)).toBeVisible()
    await expect(tab(page, PARAM)).toBeVisible()
    await expect(tabBar(page).getByText('接口文档')).toHaveCount(0)
    await expectRoute(page, PARAM)

    await tabMenu(page, 'close-all')
    await expect(tabs(page)).toHaveCount(1)
    await expect(tab(page, HOME)).toHaveText('首页')
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
  })

  test('tab bar menu: clear cache asks first, then reports it is done', async ({ page }) => {
    await signIn(page, accounts.parkAdmin)
    await openParamPage(page)
    await tabMenu(page, 'clear-cache')
    const confirm = dialog(page)
    await expect(confirm).toBeVisible()
    await popupsSettled(page)
    await expect(confirm).toContainText('是否需要清除缓存?')
    await confirm.getByRole('button', { name: /确\s*定/ }).click()
    await expect(page.getByText('清除完毕')).toBeVisible()
    await expect(confirm).toBeHidden()
    // the open page is still there and still shows its rows (a park never sees credential parameters)
    await expect(page.getByTestId('param-table')).toContainText('account.registerUser')
    await expect(page.getByTestId('param-table')).not.toContainText('account.initPassword')
  })

  test('an unknown route shows the 404 page', async ({ page }) => {
    await signIn(page, accounts.parkStaff)
    await page.goto('/#/no-such-page')
    await expectRoute(page, '/404')
    const notFound = page.getByTestId('error-page-404')
    await expect(notFound).toBeVisible()
    await expect(notFound).toContainText('404')
    await expect(notFound).toContainText('抱歉,您访问的页面不存在')
    await notFound.getByRole('button', { name: '返回首页' }).click()
    await expectRoute(page, HOME)
  })
})

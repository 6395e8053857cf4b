import type { Page } from '@playwright/test'
import {
  accounts,
  artifact,
  expectRoute,
  HOME,
  openLogin,
  openSidebarFolder,
  SYSTEM,
  sidebarItem,
  signIn,
  submitLogin,
} from '../support/console'
import { openAdd, openScreen, pickOption, rowId, rowWith, signOut, submitDialog } from '../support/crud'
import { expect, test } from '../support/fixtures'

const PRODUCTION = '/system/production'
const TENANT = '/system/tenant'
const NOTICE = '/desk/notice'
const USER = '/system/user'
/** What the product bundles, as the grant tree titles them. */
const GRANTED = ['系统管理/通知公告', '系统管理/用户管理']

/** The paths of every sidebar entry shown now (folders and screens). */
const sidebarPaths = (page: Page) =>
  page
    .getByTestId('sidebar')
    .locator('[data-testid^="sidebar-item-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-path') ?? ''))

test.describe('产品与租户', () => {
  test('a product granted 通知公告 and 用户管理 gives a new tenant exactly those menus', async ({ page }) => {
    test.setTimeout(150_000)
    // unique per run: a retry creates its own product and tenant
    const n = Date.now().toString(36).slice(-6)
    const product = `产品${n}`
    const tenantName = `园区${n}`
    // the new tenant's admin password is entered in the add dialog (the server's default
    // account.initPassword 123456 is too weak to fall back on, see tenant/index.ts initialPassword)
    const adminPassword = `Park@${n}9`

    await signIn(page, accounts.platformAdmin)

    // 产品管理: a new product
    await openScreen(page, SYSTEM, PRODUCTION, '产品管理', 'production-page')
    const products = page.getByTestId('production-table')
    const form = await openAdd(page, 'production-add')
    await form.getByTestId('production-name').fill(product)
    await form.getByTestId('production-remark').fill('端到端测试产品')
    await submitDialog(page, 'production-form-submit', '新增成功')
    const productRow = rowWith(products, product)
    await expect(productRow).toBeVisible()

    // 菜单配置: nothing granted yet; a click on a title checks its branch (the screen and its buttons)
    const productId = await rowId(productRow)
    await productRow.getByTestId(`production-row-grant-${productId}`).click()
    const tree = page.getByTestId('production-grant-tree')
    await expect(tree.getByTestId(`production-grant-node-${GRANTED[0]}`)).toBeVisible()
    await expect(tree.locator('.ant-tree-checkbox-checked')).toHaveCount(0)
    for (const node of GRANTED) await tree.getByTestId(`production-grant-node-${node}`).click()
    const checkedTitles = () =>
      tree
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator('.ant-tree-checkbox-checked') })
        .locator('[data-testid^="production-grant-node-"]')
    await expect(checkedTitles().getByText('通知公告', { exact: true })).toBeVisible()
    await expect(checkedTitles().getByText('用户管理', { exact: true })).toBeVisible()
    await page.getByTestId('production-grant-submit').click()
    await expect(page.getByText('菜单配置已保存').first()).toBeVisible()
    await expect(tree).toBeHidden()

    // reopened, the dialog shows the saved grant
    await productRow.getByTestId(`production-row-grant-${productId}`).click()
    await expect(tree.getByTestId(`production-grant-node-${GRANTED[0]}`)).toBeVisible()
    for (const node of GRANTED)
      await expect(
        tree
          .locator('.ant-tree-treenode')
          .filter({ has: page.getByTestId(`production-grant-node-${node}`) })
          .locator('.ant-tree-checkbox-checked'),
      ).toHaveCount(1)
    await expect(
      tree
        .locator('.ant-tree-treenode')
        .filter({ has: page.getByTestId('production-grant-node-系统管理/角色管理') })
        .locator('.ant-tree-checkbox-checked'),
    ).toHaveCount(0)
    await page
      .locator('.ant-modal-wrap:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click()
    await expect(tree).toBeHidden()

    // 租户管理: the products are required
    await openScreen(page, SYSTEM, TENANT, '租户管理', 'tenant-page')
    const tenants = page.getByTestId('tenant-table')
    const tenantForm = await openAdd(page, 'tenant-add')
    await tenantForm.getByTestId('tenant-tenantName').fill(tenantName)
    await tenantForm.getByTestId('tenant-linkman').fill('测试')
    await tenantForm.getByTestId('tenant-adminPassword').fill(adminPassword)
    await page.getByTestId('tenant-form-submit').click()
    await expect(tenantForm.getByText('请选择产品')).toBeVisible()
    await expect(page.getByText('新增成功')).toHaveCount(0)
    await pickOption(page, tenantForm.getByTestId('tenant-proIds'), product)
    await expect(tenantForm.getByText('请选择产品')).toHaveCount(0)
    await submitDialog(page, 'tenant-form-submit', '新增成功')

    // the new tenant's row: its generated id and its product
    const tenantRow = rowWith(tenants, tenantName)
    await expect(tenantRow).toContainText(product)
    const tenantId = (await tenantRow.getByRole('cell').allInnerTexts())
      .map((t) => t.trim())
      .find((t) => /^\d{6}$/.test(t))
    expect(tenantId, 'the new tenant id in its row').toBeTruthy()
    await page.screenshot({ path: artifact('tenant-products.png'), fullPage: true })

    // sign out; the new tenant's admin signs in with the password given above
    await signOut(page)
    await openLogin(page)
    await submitLogin(page, { tenantId: tenantId as string, username: 'admin' }, adminPassword)
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
    // an initial password the platform administrator chose: nothing works until the admin changes it
    await expect(page.getByTestId('default-password-banner')).toBeVisible()
    await expect(page.getByTestId('password-required')).toBeVisible()
    await page.getByTestId('password-old').fill(adminPassword)
    await page.getByTestId('password-new').fill(`${adminPassword}x`)
    await page.getByTestId('password-confirm').fill(`${adminPassword}x`)
    await page.getByTestId('password-submit').click()
    await expect(page.getByTestId('password-required')).toHaveCount(0)
    await expect(page.getByTestId('default-password-banner')).toHaveCount(0)
    await page.getByTestId('user-dropdown').click()
    await expect(page.getByTestId('user-tenant')).toHaveText(tenantName)
    await page.keyboard.press('Escape')

    // exactly the product's menus: 系统管理 with 通知公告 and 用户管理, nothing else
    await openSidebarFolder(page, SYSTEM, NOTICE)
    await expect(sidebarItem(page, NOTICE)).toHaveText('通知公告')
    await expect(sidebarItem(page, USER)).toHaveText('用户管理')
    expect((await sidebarPaths(page)).sort()).toEqual([NOTICE, SYSTEM, USER].sort())
    await expect(sidebarItem(page, '/authority/role')).toHaveCount(0)
    await expect(page.getByTestId('sidebar')).not.toContainText('角色管理')
    await expect(page.getByTestId('sidebar')).not.toContainText('参数管理')
    // and the screens open
    await sidebarItem(page, USER).click()
    await expectRoute(page, USER)
    await expect(page.getByTestId('user-page')).toBeVisible()
  })

  test('租户管理 at 1366×800 shows the 租户名称, 域名地址 and 产品 columns', async ({ page }) => {
    // the fixed-width columns and four row actions are wider than the card: the table scrolls sideways
    await signIn(page, accounts.platformAdmin)
    await openScreen(page, SYSTEM, TENANT, '租户管理', 'tenant-page')
    const tenants = page.getByTestId('tenant-table')
    for (const header of ['租户名称', '域名地址', '产品'])
      await expect(tenants.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
    await expect(rowWith(tenants, '示范园区')).toBeVisible()
    await expect(
      rowWith(tenants, '示范园区').getByRole('cell', { name: '示范园区', exact: true }),
    ).toBeVisible()
  })
})

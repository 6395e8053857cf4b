import {
  API_DOCS,
  accounts,
  openParamPage,
  openSidebarFolder,
  PARAM,
  SYSTEM,
  sidebarItem,
  signIn,
} from '../support/console'
import { expect, test } from '../support/fixtures'

test.describe('what each role sees', () => {
  test('park staff reads 参数管理 without 新增 and has no 接口文档', async ({ page }) => {
    await signIn(page, accounts.parkStaff)
    await expect(page.getByTestId('user-dropdown')).toContainText('园区职员')
    await expect(sidebarItem(page, SYSTEM)).toHaveText('系统管理')
    await openSidebarFolder(page, SYSTEM, PARAM)
    await expect(sidebarItem(page, API_DOCS)).toHaveCount(0)
    await expect(page.getByTestId('sidebar')).not.toContainText('接口文档')

    await openParamPage(page)
    await expect(page.getByTestId('param-table')).toContainText('account.registerUser')
    await expect(page.getByTestId('param-table')).not.toContainText('account.initPassword')
    await expect(page.getByTestId('param-add')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0)
  })

  test('the park admin sees 系统管理 with 参数管理 and 接口文档', async ({ page }) => {
    await signIn(page, accounts.parkAdmin)
    await expect(page.getByTestId('user-dropdown')).toContainText('管理员')
    await expect(sidebarItem(page, SYSTEM)).toHaveText('系统管理')
    await openSidebarFolder(page, SYSTEM, PARAM)
    await expect(sidebarItem(page, PARAM)).toHaveText('参数管理')
    await expect(sidebarItem(page, API_DOCS)).toHaveText('接口文档')
  })
})

import type { Locator, Page } from '@playwright/test'
import {
  accounts,
  DEMO_PASSWORD,
  dialog,
  expectActiveTab,
  expectRoute,
  openParamPage,
  openSidebarFolder,
  PARAM,
  SYSTEM,
  sidebarItem,
  signIn,
} from '../support/console'
import { expect, test } from '../support/fixtures'

const DEPT = '/system/dept'
const ROLE = '/authority/role'
const USER = '/system/user'
const AUTHORITY = '/authority'

/** 系统管理 → a screen, waiting for its table. */
async function openSystemScreen(page: Page, path: string, label: string, testId: string): Promise<Locator> {
  // 角色管理 is under 权限管理 (/authority/role, BladeX's path); the others under 系统管理
  await openSidebarFolder(page, path.startsWith(`${AUTHORITY}/`) ? AUTHORITY : SYSTEM, path)
  await sidebarItem(page, path).click()
  await expectRoute(page, path)
  await expectActiveTab(page, label)
  const screen = page.getByTestId(testId)
  await expect(screen).toBeVisible()
  return screen
}

/** The open dialog form (the one antd shows now). */
const openForm = (page: Page): Locator => page.locator('.ant-modal-wrap:visible').getByTestId('crud-form')

/**
 * Saves the open dialog. No `popupsSettled` around the CRUD dialogs: the dialog is kept in the page
 * (hidden) after it closes, and when it closes while its OK button still plays the click wave or the
 * loading icon, antd leaves those motion classes on the hidden button for good. Playwright's own
 * wait for a stable element covers the opening zoom.
 */
async function submitDialog(page: Page, submitTestId: string, success: string): Promise<void> {
  await page.getByTestId(submitTestId).click()
  await expect(page.getByText(success).first()).toBeVisible()
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0)
}

/** Opens the add dialog of a CRUD screen. */
async function openAdd(page: Page, addTestId: string): Promise<Locator> {
  await page.getByTestId(addTestId).click()
  await expect(openForm(page)).toBeVisible()
  return openForm(page)
}

test.describe('organisation', () => {
  test('a role granted only 参数管理 (view) gives its new user exactly that', async ({ page }) => {
    test.setTimeout(120_000)
    const n = Date.now().toString(36).slice(-6)
    const deptName = `测试部${n}`
    const roleName = `只读参数${n}`
    const account = `e2e${n}`

    await signIn(page, accounts.platformAdmin)

    // 部门管理: a new top-level department
    const depts = await openSystemScreen(page, DEPT, '部门管理', 'dept-page')
    await openAdd(page, 'dept-add')
    await openForm(page).getByTestId('crud-form-deptName').fill(deptName)
    await submitDialog(page, 'dept-form-submit', '新增成功')
    await expect(depts.getByRole('row', { name: new RegExp(deptName) })).toBeVisible()

    // 角色管理: a new role, granted 系统管理 → 参数管理 → 查看 only
    const roles = await openSystemScreen(page, ROLE, '角色管理', 'role-page')
    await openAdd(page, 'role-add')
    await openForm(page).getByTestId('crud-form-roleName').fill(roleName)
    await openForm(page).getByTestId('crud-form-roleAlias').fill(`viewer_${n}`)
    await submitDialog(page, 'role-form-submit', '新增成功')
    const roleRow = roles.getByRole('row', { name: new RegExp(roleName) })
    await expect(roleRow).toBeVisible()
    const grant = page.getByTestId('role-grant-dialog')
    await roleRow.getByRole('button', { name: '权限设置' }).click()
    const menuTree = page.getByTestId('role-grant-tree-menu')
    await expect(menuTree).toBeVisible()
    // nothing granted yet; a click on the title checks the node, as its box would
    await expect(menuTree.locator('.ant-tree-checkbox-checked')).toHaveCount(0)
    await menuTree.getByTestId('role-grant-node-系统管理/参数管理/查看').click()
    await expect(menuTree.locator('.ant-tree-checkbox-checked')).toHaveCount(1)
    await page.getByTestId('role-grant-submit').click()
    await expect(page.getByText('更新成功').first()).toBeVisible()
    await expect(grant).toBeHidden()

    // 用户管理: the department chosen in the tree is the new user's; the role from the role picker
    const users = await openSystemScreen(page, USER, '用户管理', 'user-page')
    await page.getByTestId('user-dept-tree').getByText(deptName).click()
    await openAdd(page, 'user-add')
    const form = openForm(page)
    await form.getByTestId('crud-form-account').fill(account)
    await form.getByTestId('crud-form-realName').fill(`测试${n}`)
    await form.getByTestId('crud-form-passwordPlain').fill(DEMO_PASSWORD)
    await form.getByTestId('crud-form-password2').fill(DEMO_PASSWORD)
    await form.getByTestId('crud-form-phone').fill('13700000000')
    await expect(form.getByTestId('crud-form-deptId')).toContainText(deptName)
    await form.getByTestId('crud-form-roleId').click()
    const roleOption = page.locator(`.ant-select-dropdown:visible [title="${roleName}"]`)
    await expect(roleOption).toBeVisible()
    await roleOption.click()
    await expect(form.getByTestId('crud-form-roleId')).toContainText(roleName)
    // close the picker before saving (its dropdown may cover the dialog's buttons)
    await page.locator('.ant-modal-wrap:visible .ant-modal-title').click()
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
    await submitDialog(page, 'user-form-submit', '新增成功')
    await expect(users.getByRole('row', { name: new RegExp(account) })).toContainText(roleName)

    // sign out; the new user signs in
    await page.getByTestId('user-dropdown').click()
    await expect(page.getByTestId('logout')).toBeVisible()
    await page.getByTestId('logout').click()
    await expect(dialog(page).getByTestId('logout-confirm')).toBeVisible()
    await page.getByTestId('logout-confirm').click()
    await expectRoute(page, '/login')
    await signIn(page, { tenantId: accounts.platformAdmin.tenantId, username: account })

    // exactly the grant: 系统管理 with 参数管理 only, read-only
    await openSidebarFolder(page, SYSTEM, PARAM)
    await expect(sidebarItem(page, PARAM)).toHaveText('参数管理')
    for (const path of [USER, DEPT, ROLE, '/system/post'])
      await expect(sidebarItem(page, path)).toHaveCount(0)
    await expect(sidebarItem(page, AUTHORITY)).toHaveCount(0)
    await expect(page.getByTestId('sidebar')).not.toContainText('用户管理')
    await openParamPage(page)
    await expect(page.getByTestId('param-table')).toContainText('account.registerUser')
    // a parameter holding a credential is the platform administrator's alone
    await expect(page.getByTestId('param-table')).not.toContainText('account.initPassword')
    await expect(page.getByTestId('param-add')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0)
  })
})

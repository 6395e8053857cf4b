import {
  accounts,
  artifact,
  expectActiveTab,
  expectRoute,
  HOME,
  SYSTEM,
  signIn,
  tab,
} from '../support/console'
import {
  deleteRow,
  openAdd,
  openForm,
  openScreen,
  pickOption,
  rowId,
  rowWith,
  submitDialog,
} from '../support/crud'
import { expect, test } from '../support/fixtures'

const MENU_APP = '/system/menuApp'
const STAFF_TYPE = '/system/staffType'
const SHORTCUT = '/desk/shortcut'
const NOTICE = '/desk/notice'

test.describe('APP菜单, 员工类型, 快捷方式', () => {
  test('the platform administrator sees the seeded app menu tree on APP菜单', async ({ page }) => {
    await signIn(page, accounts.platformAdmin)
    await openScreen(page, SYSTEM, MENU_APP, 'APP菜单', 'menuapp-page')
    const table = page.getByTestId('menuapp-table')
    // the top level of apps/server/src/compose/seed/app.ts (rows by menu code: the name cell also holds the
    // expand button)
    const top = {
      app_home: '首页',
      app_visitor: '访客',
      app_meeting: '会议',
      app_repair: '报修',
      app_notice: '通知',
    }
    for (const [code, name] of Object.entries(top)) await expect(rowWith(table, code)).toContainText(name)
    await expect(table.locator('.ant-table-row')).toHaveCount(Object.keys(top).length)
    await expect(rowWith(table, 'app_visitor')).toContainText('/pages/visitor/index')
    // the console's own menus are not in it
    await expect(table).not.toContainText('系统管理')

    // 访客 opens onto its buttons (loaded one level at a time)
    const visitor = rowWith(table, 'app_visitor')
    const id = await rowId(visitor)
    await expect(page.getByTestId(`menuapp-add-child-${id}`)).toBeVisible()
    await expect(visitor.getByRole('cell').filter({ hasText: '访客' })).toBeVisible()
    await visitor.getByRole('button', { name: '展开行' }).click()
    await expect(rowWith(table, 'app_visitor_add')).toContainText('访客登记')
    await expect(rowWith(table, 'app_visitor_view')).toContainText('查看')
    await expect(rowWith(table, 'app_visitor_add')).toContainText('按钮')
  })

  test('APP菜单 at 1366×800 with the sidebar open shows the 菜单名称 and 路由地址 columns', async ({
    page,
  }) => {
    // the fixed-width columns and four row actions are wider than the card: the table scrolls
    // sideways instead of squeezing the columns without a width to nothing
    await signIn(page, accounts.platformAdmin)
    await openScreen(page, SYSTEM, MENU_APP, 'APP菜单', 'menuapp-page')
    const table = page.getByTestId('menuapp-table')
    await expect(table.getByRole('columnheader', { name: '菜单名称' })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: '路由地址' })).toBeVisible()
    await rowWith(table, 'app_visitor').getByRole('button', { name: '展开行' }).click()
    await expect(rowWith(table, 'app_visitor_add')).toContainText('访客登记')
  })

  test('a park admin adds, edits and deletes a staff type', async ({ page }) => {
    // unique per run: a retry never meets its own earlier type (the code is unique per tenant)
    const n = Date.now().toString(36).slice(-6)
    const name = `外包${n}`
    const renamed = `外包驻场${n}`
    const code = `outsource-${n}`
    await signIn(page, accounts.parkAdmin)
    await openScreen(page, SYSTEM, STAFF_TYPE, '员工类型', 'stafftype-page')
    const table = page.getByTestId('stafftype-table')

    const form = await openAdd(page, 'stafftype-add')
    await page.getByTestId('stafftype-form-submit').click()
    await expect(form.getByText('请输入类型名称')).toBeVisible()
    await form.getByTestId('stafftype-name').fill(name)
    await form.getByTestId('stafftype-code').fill(code)
    await form.getByTestId('stafftype-sort').fill('7')
    await submitDialog(page, 'stafftype-form-submit', '新增成功')
    await expect(rowWith(table, name)).toContainText(code)

    // edit
    const id = await rowId(rowWith(table, name))
    await page.getByTestId(`crud-row-edit-${id}`).click()
    await expect(openForm(page).getByTestId('stafftype-name')).toHaveValue(name)
    await openForm(page).getByTestId('stafftype-name').fill(renamed)
    await submitDialog(page, 'stafftype-form-submit', '更新成功')
    await expect(rowWith(table, renamed)).toContainText(code)
    await expect(rowWith(table, name)).toHaveCount(0)

    // delete
    await deleteRow(page, rowWith(table, renamed))
  })

  test('a park admin adds a shortcut to 通知公告: it is a quick link on 首页 until deleted', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const n = Date.now().toString(36).slice(-6)
    const name = `公告${n}`
    await signIn(page, accounts.parkAdmin)
    await openScreen(page, SYSTEM, SHORTCUT, '快捷方式', 'shortcut-page')
    const table = page.getByTestId('shortcut-table')

    // choosing the menu fills the path; the name is ours
    const form = await openAdd(page, 'shortcut-add')
    await pickOption(page, form.getByTestId('shortcut-menu'), '通知公告')
    await expect(form.getByTestId('shortcut-path')).toHaveValue(NOTICE)
    await form.getByTestId('shortcut-name').fill(name)
    await submitDialog(page, 'shortcut-form-submit', '新增成功')
    const row = rowWith(table, name)
    await expect(row).toContainText(NOTICE)
    const id = await rowId(row)

    // 首页 shows it as a quick link, which opens the screen
    await tab(page, HOME).click()
    await expectRoute(page, HOME)
    // the home page's 快捷入口 card (one of the cards configured per role)
    await expect(page.getByTestId('home-card-shortcuts')).toContainText('快捷入口')
    await expect(page.getByTestId('wel-shortcuts').getByTestId(`wel-shortcut-${id}`)).toHaveText(name)
    await page.screenshot({ path: artifact('app-admin.png'), fullPage: true })
    await page.getByTestId(`wel-shortcut-${id}`).click()
    await expectRoute(page, NOTICE)
    await expectActiveTab(page, '通知公告')
    await expect(page.getByTestId('notice-page')).toBeVisible()

    // deleted on 快捷方式, it leaves 首页
    await tab(page, SHORTCUT).click()
    await expectActiveTab(page, '快捷方式')
    await deleteRow(page, rowWith(table, name))
    await tab(page, HOME).click()
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
    await expect(page.getByTestId(`wel-shortcut-${id}`)).toHaveCount(0)
  })
})

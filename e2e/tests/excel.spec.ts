import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import {
  accounts,
  artifact,
  expectActiveTab,
  expectRoute,
  openSidebarFolder,
  popupsSettled,
  SYSTEM,
  sidebarItem,
  signIn,
} from '../support/console'
import { expect, test } from '../support/fixtures'

const USER = '/system/user'
const EXPORT_HEADERS = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '电子邮箱',
  '手机号码',
  '用户性别',
  '所属角色',
  '所属部门',
  '所属岗位',
  '创建时间',
]

async function openUsers(page: Page) {
  await openSidebarFolder(page, SYSTEM, USER)
  await sidebarItem(page, USER).click()
  await expectRoute(page, USER)
  await expectActiveTab(page, '用户管理')
  const screen = page.getByTestId('user-page')
  await expect(screen).toBeVisible()
  return screen
}

/** A row of the users table by its account (the cell text, exactly). */
const userRow = (page: Page, account: string) =>
  page
    .getByTestId('user-table')
    .locator('.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: account, exact: true }) })

test.describe('Excel', () => {
  test('a park admin exports the ticked users and imports a sheet with one bad row', async ({ page }) => {
    test.setTimeout(120_000)
    // unique per run: a retry imports new accounts instead of meeting the last run's
    const n = Date.now().toString(36).slice(-6)
    const work = mkdtempSync(join(tmpdir(), 'xpark-e2e-excel-'))
    try {
      await signIn(page, accounts.parkAdmin)
      await openUsers(page)

      // export: nothing ticked warns, then the ticked rows come back as an xlsx
      await page.getByTestId('crud-export').click()
      await expect(page.getByText('请勾选要导出的数据').first()).toBeVisible()
      // by account, ascending: admin and staff stay on page 1 however many users earlier runs imported
      await page.getByTestId('user-table').getByRole('columnheader', { name: '登录账号' }).click()
      await expect(page.getByTestId('user-table').locator('.ant-table-row').first()).toContainText('admin')
      await userRow(page, 'admin').getByRole('checkbox').check()
      await userRow(page, 'staff').getByRole('checkbox').check()
      const downloading = page.waitForEvent('download')
      await page.getByTestId('crud-export').click()
      const download = await downloading
      // the default title is the current timestamp
      expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.xlsx$/)
      const exported = join(work, 'export.xlsx')
      await download.saveAs(exported)
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(exported)
      const sheet = book.worksheets[0]!
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1 })
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(EXPORT_HEADERS)
      const accountsExported = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]
      expect(accountsExported.sort()).toEqual(['admin', 'staff'])
      expect(sheet.rowCount).toBe(3)

      // import: two good rows and a bad one (row 3: a role the park does not have)
      const sheetFile = join(work, `用户导入${n}.xlsx`)
      const upload = new ExcelJS.Workbook()
      const rows = upload.addWorksheet('用户')
      rows.addRow(EXPORT_HEADERS.slice(0, -1))
      rows.addRow([`xl${n}a`, '', `表格甲${n}`, '', '13800000011', '男', '园区职员', '示范园区', ''])
      rows.addRow([`xl${n}b`, '', `表格乙${n}`, '', '', '', '无此角色', '示范园区', ''])
      rows.addRow([`xl${n}c`, '', `表格丙${n}`, '', '', '女', '园区职员', '运营部', '普通员工'])
      await upload.xlsx.writeFile(sheetFile)

      await page.getByTestId('crud-import').click()
      const dialog = page.getByTestId('import-dialog')
      await expect(dialog).toBeVisible()
      await popupsSettled(page)
      await expect(dialog.getByTestId('import-template')).toBeVisible()
      await dialog.locator('input[type=file]').setInputFiles(sheetFile)
      await expect(dialog.getByText(`用户导入${n}.xlsx`)).toBeVisible()
      await page.getByTestId('import-submit').click()
      const result = page.getByTestId('import-result')
      await expect(result).toContainText('共 3 条: 新增 2 条, 更新 0 条, 有误 1 条')
      const bad = page.getByTestId('import-errors').locator('tbody tr.ant-table-row')
      await expect(bad).toHaveCount(1)
      await expect(bad.getByRole('cell').first()).toHaveText('3')
      await expect(bad).toContainText('角色不存在: 无此角色')
      await page.screenshot({ path: artifact('excel-import.png') })
      await page.getByTestId('import-close').click()
      await expect(dialog).toBeHidden()

      // the good users are in the table, the bad one is not
      await page.getByTestId('crud-search-account').fill(`xl${n}`)
      await page.getByTestId('crud-search-submit').click()
      await expect(userRow(page, `xl${n}a`)).toBeVisible()
      await expect(userRow(page, `xl${n}c`)).toBeVisible()
      await expect(userRow(page, `xl${n}b`)).toHaveCount(0)
      await expect(page.getByTestId('user-table').locator('.ant-table-row')).toHaveCount(2)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
})

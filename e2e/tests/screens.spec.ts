import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { accounts, artifact, dialog, popupsSettled, signIn, tokenOf } from '../support/console'
import { openAdd, openScreen, revealOption, rowId, rowWith, submitDialog } from '../support/crud'
import { raiseEvent } from '../support/devices'
import { expect, test } from '../support/fixtures'

/**
 * Big screens as a park's operator builds one (issue 32): a screen is designed with three widgets on
 * the wall, saved and published; a link is made and opened in a browser that never signed in, which
 * shows the figures; a door is forced (the device, over MQTT) and the alarm reaches the link's ticker
 * without a reload; the link is revoked and the open wall says so. A partner's figures are saved as a
 * report, reopened from 报表管理 with their view, and exported as the house's xlsx.
 */
const PARK = accounts.parkAdmin.tenantId
const DATAV = '/datav'
/** The demo door whose forced opening raises an alarm (alarm demo rule 门禁被强行打开). */
const DOOR = { code: 'DOOR-R1', name: '一号机房门禁' }

/** Chooses `title` in the antd select `field` (outside a dialog). */
async function choose(page: Page, field: Locator, title: string): Promise<void> {
  await field.click()
  // the statistics' list is long (every module's figures): the option may need scrolling to
  await (await revealOption(page, title)).click()
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
}

/** Adds a widget of `kind` from the palette and points it at the statistic titled `statistic`. */
async function addWidget(page: Page, kind: string, statistic: string): Promise<void> {
  const before = await page.locator('[data-testid^="screen-item-"]').count()
  await page.getByTestId(`screen-add-${kind}`).click()
  await expect(page.locator('[data-testid^="screen-item-"]')).toHaveCount(before + 1)
  await choose(page, page.getByTestId('screen-widget-statistic'), statistic)
  // the title it took from its first statistic follows the chosen one
  await expect(page.getByTestId('screen-widget-title')).toHaveValue(statistic)
}

test.describe('数据大屏 (issue 32)', () => {
  test('design, publish, open by link signed out, a live alarm on the ticker, revoke', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000)
    await signIn(page, accounts.parkAdmin)
    const name = `园区值班大屏 ${Date.now() % 1_000_000}`
    const list = await openScreen(page, DATAV, '/datav/list', '大屏管理', 'datav-page')
    const form = await openAdd(page, 'datav-add')
    await form.getByTestId('crud-form-name').fill(name)
    await submitDialog(page, 'datav-form-submit', '新增成功')
    const row = rowWith(list.getByTestId('datav-table'), name)
    await expect(row).toContainText('草稿')
    const id = await rowId(row)

    // the designer: three widgets on the wall, saved
    await row.getByTestId(`datav-design-${id}`).click()
    await expect(page.getByTestId('screen-editor')).toBeVisible()
    await addWidget(page, 'number', '今日告警')
    await addWidget(page, 'ticker', '最新告警')
    await addWidget(page, 'bar', '每日告警')
    await expect(page.locator('[data-testid^="screen-item-"]')).toHaveCount(3)
    await page.getByTestId('screen-save').click()
    await expect(page.getByText('保存成功').first()).toBeVisible()
    await page.screenshot({ path: artifact('screens-editor.png') })
    await page.getByTestId('screen-publish').click()
    const confirm = dialog(page).filter({ hasText: '确定发布' })
    await expect(confirm).toBeVisible()
    await popupsSettled(page)
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click()
    await expect(page.getByText('发布成功').first()).toBeVisible()

    // a link, shown once
    await page.goto('/#/datav/list')
    const published = rowWith(page.getByTestId('datav-table'), name)
    await expect(published).toContainText('已发布')
    await published.getByTestId(`datav-links-${id}`).click()
    await page.getByTestId('screen-link-issue').click()
    const url = ((await page.getByTestId('screen-link-url').textContent()) ?? '').trim()
    expect(url).toMatch(/#\/datavview\?token=[\w-]{40,}$/)

    // a browser that never signed in opens it and sees the figures
    const outside = await browser.newContext()
    const wall = await outside.newPage()
    await wall.goto(url)
    await expect(wall.getByTestId('screen-wall')).toBeVisible()
    await expect(wall.locator('[data-testid^="screen-number-"]')).toHaveText(/\d/)
    const ticker = wall.locator('[data-testid^="screen-ticker-"]')
    await expect(ticker).toBeVisible()
    const before = (await ticker.textContent()) ?? ''
    await wall.screenshot({ path: artifact('screens-public-wall.png') })

    // the door is forced (the machine, over MQTT): the ticker shows it without a reload
    await raiseEvent(PARK, DOOR.code, { type: 'forcedOpen' })
    await expect(ticker).not.toHaveText(before, { timeout: 15_000 })
    await expect(ticker).toContainText(DOOR.name)
    await wall.screenshot({ path: artifact('screens-public-alarm.png') })

    // revoked: the open wall says so, and nothing is shown
    const links = page.getByTestId('screen-links')
    const revoke = links.locator('[data-testid^="screen-link-revoke-"]').first()
    await revoke.click()
    const sure = dialog(page).filter({ hasText: '确定撤销' })
    await expect(sure).toBeVisible()
    await popupsSettled(page)
    await sure.getByRole('button', { name: /确\s*定|OK/ }).click()
    await expect(wall.getByTestId('screen-link-invalid')).toHaveText('链接无效或已过期', { timeout: 10_000 })
    await expect(wall.getByTestId('screen-wall')).toHaveCount(0)
    await wall.screenshot({ path: artifact('screens-revoked.png') })
    // the same link opened afresh shows only the text
    await wall.reload()
    await expect(wall.getByTestId('screen-link-invalid')).toHaveText('链接无效或已过期')
    await outside.close()
  })

  test('渠道统计 saved as a report, reopened from 报表管理, exported', async ({ page }) => {
    test.setTimeout(120_000)
    await signIn(page, accounts.parkAdmin)
    const screen = await openScreen(page, '/report', '/report/partner', '渠道统计', 'report-partner')
    await choose(page, screen.getByTestId('report-partner-select'), '沃尔玛')
    const table = screen.getByTestId('report-partner-table')
    // the last seven days, one row each (zeros included)
    await expect(table.locator('.ant-table-row')).toHaveCount(7)
    await expect(table).toContainText('沃尔玛')

    // 导出 with nothing ticked warns, as every export does
    await screen.getByTestId('report-partner-export').click()
    await expect(page.getByText('请勾选要导出的数据').first()).toBeVisible()
    const rows = table.locator('.ant-table-row')
    await rows.nth(0).getByRole('checkbox').check()
    await rows.nth(1).getByRole('checkbox').check()
    const work = mkdtempSync(join(tmpdir(), 'xpark-report-'))
    const readExport = async (click: () => Promise<void>) => {
      const downloading = page.waitForEvent('download')
      await click()
      const download = await downloading
      // the house layout (spec 02 §9): titled by the current timestamp, first column frozen
      expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.xlsx$/)
      const file = join(work, `${Date.now()}.xlsx`)
      await download.saveAs(file)
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(file)
      const sheet = book.worksheets[0]!
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1 })
      return sheet
    }
    const ticked = await readExport(() => screen.getByTestId('report-partner-export').click())
    expect(ticked.rowCount).toBe(3)
    expect(String(ticked.getRow(2).getCell(3).value)).toBe('沃尔玛')

    // 保存为报表, then reopened from 报表管理 with its partner
    const name = `沃尔玛周报 ${Date.now() % 1_000_000}`
    await screen.getByTestId('report-partner-save').click()
    const saveDialog = dialog(page).filter({ has: page.getByTestId('report-save-form') })
    await expect(saveDialog).toBeVisible()
    await page.getByTestId('report-save-name').fill(name)
    await popupsSettled(page)
    await saveDialog.getByRole('button', { name: /确\s*定|OK/ }).click()
    await expect(page.getByText('已保存为报表').first()).toBeVisible()

    const list = await openScreen(page, '/report', '/report/list', '报表管理', 'report-list')
    const saved = list.locator('.ant-table-row', { hasText: name })
    await expect(saved).toHaveCount(1)
    await saved.locator('[data-testid^="report-open-"]').click()
    // a tab of its own beside the first one (its address carries the report)
    const reopened = page.locator('[data-testid="report-partner"]:visible')
    await expect(reopened.getByTestId('report-partner-select')).toContainText('沃尔玛')
    await expect(reopened.getByTestId('report-partner-table').locator('.ant-table-row')).toHaveCount(7)
    await page.screenshot({ path: artifact('report-reopened.png') })

    // 导出全部: the whole range
    const all = await readExport(() => reopened.getByTestId('report-partner-export-all').click())
    expect(all.rowCount).toBe(8)
  })

  test('any list saved as a report (保存为报表) opens again with its search', async ({ page }) => {
    test.setTimeout(120_000)
    const n = Date.now() % 1_000_000
    const { headers } = await tokenOf(page.request, accounts.parkAdmin)
    for (const [code, name] of [
      [`RA${n}`, `报表甲${n}`],
      [`RB${n}`, `报表乙${n}`],
    ]) {
      const res = await page.request.post('/xparkApi/commodityUnit/submit', { headers, data: { code, name } })
      expect(res.ok()).toBe(true)
    }
    await signIn(page, accounts.parkAdmin)
    const units = await openScreen(page, '/commodity', '/commodity/unit', '商品单位', 'commodity-unit-page')
    await units.getByTestId('crud-search-name').fill(`报表甲${n}`)
    await units.getByTestId('commodity-unit-search-submit').click()
    const table = units.getByTestId('commodity-unit-table')
    await expect(table.locator('.ant-table-row')).toHaveCount(1)
    await units.getByTestId('crud-save-view').click()
    const saveDialog = dialog(page).filter({ has: page.getByTestId('report-save-form') })
    await expect(saveDialog).toBeVisible()
    const name = `单位报表 ${n}`
    await page.getByTestId('report-save-name').fill(name)
    await popupsSettled(page)
    await saveDialog.getByRole('button', { name: /确\s*定|OK/ }).click()
    await expect(page.getByText('已保存为报表').first()).toBeVisible()

    const list = await openScreen(page, '/report', '/report/list', '报表管理', 'report-list')
    const saved = list.locator('.ant-table-row', { hasText: name })
    await expect(saved).toContainText('/commodity/unit')
    await saved.locator('[data-testid^="report-open-"]').click()
    const reopened = page.locator('[data-testid="commodity-unit-page"]:visible')
    await expect(reopened.getByTestId('crud-search-name')).toHaveValue(`报表甲${n}`)
    await expect(reopened.getByTestId('commodity-unit-table').locator('.ant-table-row')).toHaveCount(1)
    await expect(reopened.getByTestId('commodity-unit-table')).toContainText(`RA${n}`)
    await page.screenshot({ path: artifact('report-saved-list.png') })
  })
})

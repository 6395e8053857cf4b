import { expect, type Page } from '@playwright/test'
import { accounts, dialog, popupsSettled, signIn } from '../support/console'
import { deleteRow, openAdd, openScreen, rowWith, submitDialog } from '../support/crud'
import { test } from '../support/fixtures'

const REGION = '/base/region'

/** The arrow opening a node of the region tree (its children load then). */
const openNode = async (page: Page, code: string) =>
  page
    .getByTestId(`region-node-${code}`)
    .locator('xpath=ancestor::div[contains(@class,"ant-tree-treenode")]')
    .locator('.ant-tree-switcher')
    .click()

test.describe('行政区划 (the kit’s lazy tree beside a list)', () => {
  test('the platform administrator opens a province, adds a district under a city and removes it', async ({
    page,
  }) => {
    await signIn(page, accounts.platformAdmin)
    await openScreen(page, '/base', REGION, '行政区划', 'region-page')

    // the provinces first; a city's districts only once it is opened
    await expect(page.getByTestId('region-node-32')).toContainText('江苏省')
    await expect(page.getByTestId('region-node-3201')).toHaveCount(0)
    await openNode(page, '32')
    await expect(page.getByTestId('region-node-3201')).toContainText('南京市')

    // pick 南京市: the list shows its districts
    await page.getByTestId('region-node-3201').click()
    const table = page.getByTestId('region-table')
    await expect(rowWith(table, '玄武区')).toHaveCount(1)
    await expect(rowWith(table, '常州市')).toHaveCount(0)

    // add under it: its code, the next level (区县)
    const suffix = String(50 + (Date.now() % 50))
    const code = `3201${suffix}`
    const name = `测试区${suffix}`
    const form = await openAdd(page, 'region-add')
    await expect(form.getByTestId('region-parentCode')).toHaveValue('3201')
    await expect(form.getByTestId('region-code')).toHaveValue('3201')
    await expect(form).toContainText('区县')
    await form.getByTestId('region-code').fill(code)
    await form.getByTestId('region-name').fill(name)
    await submitDialog(page, 'region-save', '新增成功')
    await expect(rowWith(table, name)).toHaveCount(1)

    // a city with districts cannot go
    await page.getByTestId('region-node-32').click()
    await expect(rowWith(table, '南京市')).toHaveCount(1)
    await rowWith(table, '南京市').getByTestId('crud-row-delete-3201').click()
    const confirm = dialog(page).filter({ hasText: '确定将选择数据删除?' })
    await popupsSettled(page)
    await confirm.getByTestId('confirm-ok').click()
    await expect(page.getByText('请先删除子节点!').first()).toBeVisible()
    await expect(rowWith(table, '南京市')).toHaveCount(1)

    // the new district goes (after the confirm)
    await page.getByTestId('region-node-3201').click()
    await deleteRow(page, rowWith(table, name))
  })
})

import { expect, type Page } from '@playwright/test'
import {
  accounts,
  expectActiveTab,
  expectRoute,
  openSidebarFolder,
  popupsSettled,
  SYSTEM,
  sidebarItem,
  signIn,
} from '../support/console'
import { test } from '../support/fixtures'

const DICT = '/system/dict'

/** The add/edit dialog that is open now (the other CrudPage dialogs stay mounted, hidden). */
async function openDialog(page: Page, trigger: ReturnType<Page['getByTestId']>) {
  await trigger.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await popupsSettled(page)
  return dialog
}

test.describe('字典管理', () => {
  test('the platform administrator adds, edits and deletes an entry of 性别 (sex)', async ({ page }) => {
    await signIn(page, accounts.platformAdmin)
    await openSidebarFolder(page, SYSTEM, DICT)
    await sidebarItem(page, DICT).click()
    await expectRoute(page, DICT)
    await expectActiveTab(page, '字典管理')
    await expect(page.getByTestId('dict-children-empty')).toContainText('请选择一个字典')

    // search the dictionaries by code, pick sex
    await page.getByTestId('dict-search-code').fill('sex')
    await page.getByTestId('dict-search-submit').click()
    const parents = page.getByTestId('dict-parent-table')
    const sexRow = parents.getByRole('row').filter({ hasText: '性别' })
    await expect(sexRow).toHaveCount(1)
    await sexRow.locator('[data-testid^="dict-row-config-"]').click()
    await expect(page.getByTestId('dict-children-title')).toContainText('sex')
    const children = page.getByTestId('dict-child-table')
    await expect(children).toContainText('男')
    await expect(children).toContainText('女')

    // add (key and labels unique per run, so a retry does not meet its own earlier entry)
    const key = String(100 + (Date.now() % 900))
    const added = `未说明${key}`
    const renamed = `未知性别${key}`
    let dialog = await openDialog(page, page.getByTestId('dict-child-add'))
    await expect(page.getByTestId('dict-child-code')).toHaveValue('sex')
    await page.getByTestId('dict-child-form-submit').click()
    await expect(dialog).toContainText('请输入字典键值')
    await page.getByTestId('dict-child-dictKey').fill(key)
    await page.getByTestId('dict-child-dictValue').fill(added)
    await page.getByTestId('dict-child-sort').fill('9')
    await page.getByTestId('dict-child-form-submit').click()
    await expect(page.getByText('新增成功')).toBeVisible()
    await expect(dialog).toBeHidden()
    const row = (text: string) => children.getByRole('row').filter({ hasText: text })
    await expect(row(added)).toHaveCount(1)
    await expect(row(added)).toContainText(key)

    // edit
    // (no wait for animations here: the toast of the add may still be leaving)
    await row(added).locator('[data-testid^="crud-row-edit-"]').click()
    dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(page.getByTestId('dict-child-dictValue')).toHaveValue(added)
    await page.getByTestId('dict-child-dictValue').fill(renamed)
    await page.getByTestId('dict-child-form-submit').click()
    await expect(page.getByText('更新成功')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(row(renamed)).toHaveCount(1)
    await expect(row(added)).toHaveCount(0)

    // delete, after the confirm
    await row(renamed).locator('[data-testid^="crud-row-delete-"]').click()
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' })
    await expect(confirm).toBeVisible()
    await expect(confirm).toContainText('提示')
    await popupsSettled(page)
    await confirm.getByRole('button', { name: /确\s*定/ }).click()
    await expect(page.getByText('删除成功')).toBeVisible()
    await expect(row(renamed)).toHaveCount(0)
    await expect(children).toContainText('男')
  })
})

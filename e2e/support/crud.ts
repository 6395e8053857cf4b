import { expect, type Locator, type Page } from '@playwright/test'
import {
  dialog,
  expectActiveTab,
  expectRoute,
  openSidebarFolder,
  popupsSettled,
  sidebarItem,
} from './console'

/**
 * Steps shared by the specs of the CRUD screens (CrudPage): open a screen from the sidebar, fill and
 * save its dialog, find a row, delete a row after the spec's confirm.
 */

/** A sidebar folder → one of its screens; waits for the tab and the screen's `testId`. */
export async function openScreen(
  page: Page,
  folder: string,
  path: string,
  label: string,
  testId: string,
): Promise<Locator> {
  await openSidebarFolder(page, folder, path)
  await sidebarItem(page, path).click()
  await expectRoute(page, path)
  await expectActiveTab(page, label)
  const screen = page.getByTestId(testId)
  await expect(screen).toBeVisible()
  return screen
}

/** The CRUD dialog that is open now (closed dialogs stay in the page, hidden). */
export const openForm = (page: Page): Locator =>
  page.locator('.ant-modal-wrap:visible').getByTestId('crud-form')

/** Opens the add dialog of a CRUD screen. */
export async function openAdd(page: Page, addTestId: string): Promise<Locator> {
  await page.getByTestId(addTestId).click()
  await expect(openForm(page)).toBeVisible()
  return openForm(page)
}

/**
 * Saves the open dialog and waits for `success` and for the dialog to close. No `popupsSettled` here:
 * see organisation.spec.ts (a closed CRUD dialog may keep motion classes on its hidden buttons).
 */
export async function submitDialog(page: Page, submitTestId: string, success: string): Promise<void> {
  await page.getByTestId(submitTestId).click()
  await expect(page.getByText(success).first()).toBeVisible()
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0)
}

/**
 * The option `title` of the open select dropdown, scrolled into view: long option lists are virtual
 * (only what is scrolled into view exists), so it scrolls as a person would, then uses the arrow keys
 * (the wheel may leave the last options of a long list below the window).
 */
export async function revealOption(page: Page, title: string): Promise<Locator> {
  const dropdown = page.locator('.ant-select-dropdown:visible')
  await expect(dropdown).toBeVisible()
  const option = dropdown.getByTitle(title, { exact: true })
  for (let i = 0; i < 30 && (await option.count()) === 0; i++) {
    await dropdown.hover()
    await page.mouse.wheel(0, 160)
    await page.waitForTimeout(100)
  }
  for (let i = 0; i < 200 && (await option.count()) === 0; i++) await page.keyboard.press('ArrowDown')
  await expect(option).toBeVisible()
  return option
}

/** Picks `title` in the select (or tree select) `field` of the open dialog, then closes its dropdown. */
export async function pickOption(page: Page, field: Locator, title: string): Promise<void> {
  await field.click()
  const option = await revealOption(page, title)
  await option.click()
  await expect(field).toContainText(title)
  // a multiple select keeps its dropdown open, and it may cover the dialog's buttons
  if (await page.locator('.ant-select-dropdown:visible').count())
    await page.locator('.ant-modal-wrap:visible .ant-modal-title').click()
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
}

/** The body rows of `table` whose cells include one reading exactly `text`. */
export const rowWith = (table: Locator, text: string): Locator =>
  table.locator('.ant-table-row').filter({ has: table.page().getByRole('cell', { name: text, exact: true }) })

/** The id of a table row (antd's `data-row-key`: the resource's row key). */
export async function rowId(row: Locator): Promise<string> {
  await expect(row).toHaveCount(1)
  const id = await row.getAttribute('data-row-key')
  expect(id, 'row key').toBeTruthy()
  return id as string
}

/** 删除 of a row: the spec's confirm (提示, 确定将选择数据删除?), then 删除成功 and the row leaves. */
export async function deleteRow(page: Page, row: Locator): Promise<void> {
  const id = await rowId(row)
  await row.getByTestId(`crud-row-delete-${id}`).click()
  const confirm = dialog(page).filter({ hasText: '确定将选择数据删除?' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('提示')
  await popupsSettled(page)
  await confirm.getByTestId('confirm-ok').click()
  await expect(page.getByText('删除成功').first()).toBeVisible()
  await expect(row).toHaveCount(0)
}

/** Signs out through the user menu and its confirm. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-dropdown').click()
  await expect(page.getByTestId('logout')).toBeVisible()
  await page.getByTestId('logout').click()
  await expect(dialog(page).getByTestId('logout-confirm')).toBeVisible()
  await page.getByTestId('logout-confirm').click()
  await expectRoute(page, '/login')
}

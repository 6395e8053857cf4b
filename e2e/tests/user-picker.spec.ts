import type { Locator, Page } from '@playwright/test'
import { accounts, artifact, popupsSettled, signIn } from '../support/console'
import { openScreen } from '../support/crud'
import { expect, test } from '../support/fixtures'

/**
 * The user picker (人员选择, issue 11) in both modes, where modules use it: several people as the
 * recipients of a message (message centre), one person for a duty (duty roster).
 */

const picker = (page: Page): Locator => page.getByTestId('user-picker')

/** Search the picker by name and tick the row of that person. */
async function pick(page: Page, realName: string): Promise<void> {
  await picker(page).getByTestId('user-picker-realName').fill(realName)
  await picker(page).getByTestId('user-picker-search').click()
  const row = picker(page).getByTestId('user-picker-table').locator('.ant-table-row', { hasText: realName })
  await expect(row).toHaveCount(1)
  await row.locator('.ant-checkbox-input, .ant-radio-input').first().check()
}

test.describe('人员选择', () => {
  test('several people as a message’s recipients; the message reaches them', async ({ page }) => {
    test.setTimeout(120_000)
    const title = `选择人员测试 ${Date.now() % 100000}`
    await signIn(page, accounts.parkAdmin)
    await page.goto('/#/message-center/index')
    const centre = page.getByTestId('message-center')
    await expect(centre).toBeVisible()
    await page.getByTestId('message-send').click()
    await page.getByTestId('message-send-pick').click()
    await expect(picker(page)).toBeVisible()
    await popupsSettled(page)
    // multiple: both stay ticked across two searches
    await pick(page, '管理员')
    await pick(page, '园区职员')
    await page.screenshot({ path: artifact('user-picker-multiple.png') })
    await picker(page).getByTestId('user-picker-ok').click()
    await expect(picker(page)).toBeHidden()
    const send = page.getByRole('dialog').filter({ has: page.getByTestId('message-send-title') })
    await expect(send.locator('.ant-tag', { hasText: '管理员' })).toBeVisible()
    await expect(send.locator('.ant-tag', { hasText: '园区职员' })).toBeVisible()
    await send.getByTestId('message-send-title').fill(title)
    await page.getByTestId('message-send-ok').click()
    await expect(page.getByText('发送成功').first()).toBeVisible()
    // the sender is one of the recipients: it is in their own list
    await expect(centre).toContainText(title)
  })

  test('one person for a duty: the pick fills the person field', async ({ page }) => {
    test.setTimeout(120_000)
    await signIn(page, accounts.parkAdmin)
    await openScreen(page, '/duty', '/duty/person', '值班人员', 'duty-person-page')
    await page.getByTestId('duty-person-add').click()
    const form = page.getByTestId('crud-form')
    await expect(form).toBeVisible()
    await form.getByTestId('duty-person-pick').click()
    await expect(picker(page)).toBeVisible()
    await popupsSettled(page)
    // single: a radio per row, the last choice wins
    await pick(page, '管理员')
    await pick(page, '园区职员')
    await expect(picker(page).locator('.ant-radio-input:checked')).toHaveCount(1)
    await picker(page).getByTestId('user-picker-ok').click()
    await expect(picker(page)).toBeHidden()
    await expect(form.getByTestId('crud-form-userId')).toContainText('园区职员 (staff)')
    await page.screenshot({ path: artifact('user-picker-single.png') })
  })
})

import type { Page } from '@playwright/test'
import { accounts, signIn } from '../support/console'
import { openScreen } from '../support/crud'
import { expect, test } from '../support/fixtures'

/**
 * The dispatch console against the embedded simulator (issue 12): a dispatcher picks an org, changes a
 * member's monitored flag and sees it after a reload, draws a fence on the map and sees a simulated
 * member cross it (the alarm appears), sends a broadcast, and sees the spec's 405 warning when the
 * simulator expires the password.
 */

const FOLDER = '/intercom'
const CONSOLE = '/intercom/console'

async function openConsole(page: Page) {
  return openScreen(page, FOLDER, CONSOLE, '调度台', 'intercom-console')
}

test.describe('无线对讲 调度台', () => {
  test('org and members, permissions persist, a fence alarm, a broadcast, the 405 warning', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const n = Date.now().toString(36).slice(-5).toUpperCase()
    await signIn(page, accounts.parkAdmin)
    const consolePage = await openConsole(page)
    await expect(consolePage.getByTestId('intercom-session-ok')).toBeVisible()

    // pick 巡逻一队: its members are listed; open the permissions of 100003 and monitor them
    await page.getByTestId('intercom-org-tree').getByText('巡逻一队', { exact: true }).click()
    const members = page.getByTestId('intercom-members')
    await expect(members).toContainText('100003')
    await page.getByTestId('intercom-permissions-100003').click()
    const panel = page.getByTestId('intercom-permissions-panel')
    const monitored = page.getByTestId('intercom-perm-monitored')
    await expect(monitored.getByLabel('未监控 (1)')).toBeChecked()
    await monitored.getByText('已监控 (0)').click()
    await page.getByTestId('intercom-permissions-save').click()
    await expect(page.getByText('保存成功').first()).toBeVisible()
    await expect(panel).toBeHidden()

    // after a reload the platform still has it
    await page.reload()
    await expect(page.getByTestId('intercom-console')).toBeVisible()
    await page.getByTestId('intercom-org-tree').getByText('巡逻一队', { exact: true }).click()
    await page.getByTestId('intercom-permissions-100003').click()
    await expect(page.getByTestId('intercom-perm-monitored').getByLabel('已监控 (0)')).toBeChecked()
    await page.keyboard.press('Escape')

    // the map: live members, a circle fence drawn at the park centre where member 100001 walks through
    await page.getByRole('tab', { name: '位置与围栏' }).click()
    const map = page.getByTestId('intercom-map')
    await expect(map).toBeVisible()
    await expect(page.getByTestId('intercom-live-count')).not.toContainText(': 0')
    await page.getByTestId('intercom-fence-new').click()
    const fenceName = `广场围栏${n}`
    await page.getByTestId('intercom-fence-name').fill(fenceName)
    // the circle's centre at the map's centre (the park centre), radius 150 m as offered
    await page.getByTestId('intercom-fence-centre').click()
    await expect(page.getByTestId('intercom-fence-points')).toContainText('已选 1 个点')
    await page.getByTestId('intercom-fence-save').click()
    await expect(page.getByText('围栏已保存').first()).toBeVisible()
    await expect(page.getByTestId('intercom-fences')).toContainText(fenceName)

    // the walker crosses it within a minute: the alarm appears (refreshed every 5 s)
    await page.getByRole('tab', { name: '围栏告警' }).click()
    await expect(
      page.getByTestId('intercom-alarms').locator('tr', { hasText: fenceName }).first(),
    ).toBeVisible({
      timeout: 75_000,
    })

    // a broadcast with rich text to two members
    await page.getByRole('tab', { name: '广播' }).click()
    await page.getByTestId('intercom-broadcast-new').click()
    const title = `夜间巡逻${n}`
    await page.getByTestId('intercom-broadcast-title').fill(title)
    await page.getByTestId('intercom-broadcast-content').click()
    await page.keyboard.type('请注意东门安全')
    const recipients = page.getByTestId('intercom-broadcast-recipients')
    for (const uid of ['100002', '100004']) {
      await recipients.click()
      await page.keyboard.type(uid)
      await page.keyboard.press('Enter')
    }
    await page.keyboard.press('Escape')
    await page.locator('#intercom-broadcast-send').click()
    await expect(page.getByText('广播已发送').first()).toBeVisible()
    await expect(page.getByTestId('intercom-broadcasts')).toContainText(title)

    // the simulator expires the dispatcher password and refuses the change: the spec's warning
    await page.getByTestId('intercom-sim-expire').click()
    await expect(page.getByTestId('intercom-session-warning')).toContainText(
      '调度员密码已过期，请联系管理员修改',
    )
    await page.getByTestId('intercom-sim-reset').click()
    await expect(page.getByTestId('intercom-session-ok')).toBeVisible()
  })
})

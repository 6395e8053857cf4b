import { accounts, artifact, dialog, expectRoute, HOME, popupsSettled, signIn, tab } from '../support/console'
import { expect, test } from '../support/fixtures'

test.describe('profile and tenant switch', () => {
  test('a user edits their own name on 个人信息; a bad phone is refused with the spec text', async ({
    page,
  }) => {
    await signIn(page, accounts.parkStaff)
    await page.getByTestId('user-dropdown').click()
    await page.getByTestId('user-profile').click()
    await expectRoute(page, '/info/index')
    await expect(tab(page, '/info/index')).toHaveText('个人信息')
    await expect(page.getByTestId('profile-account')).toHaveValue('staff')

    // the seeded staff has no phone: the profile requires one (spec 01 §5 texts)
    const phone = page.getByTestId('profile-phone')
    await phone.fill('')
    await page.getByTestId('profile-save').click()
    await expect(page.getByText('手机号码不能为空')).toBeVisible()
    await phone.fill('1380000')
    await expect(page.getByText('手机号码长度不为11位')).toBeVisible()
    await phone.fill('13800000002')

    // unique per run: a retry never depends on what an earlier attempt saved
    const realName = page.getByTestId('profile-realName')
    // the seeded name (apps/server/src/compose/seed/demo.ts), restored at the end
    const originalName = '园区职员'
    const name = `职员${Date.now() % 100000}`
    await realName.fill(name)
    await page.getByTestId('profile-save').click()
    await expect(page.getByText('更新成功')).toBeVisible()
    // the top bar shows the new name without a reload
    await expect(page.getByTestId('user-dropdown')).toContainText(name)
    await page.screenshot({ path: artifact('profile.png'), fullPage: true })
    // other specs know the staff by the seeded name: put it back
    await realName.fill(originalName)
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('user-dropdown')).toContainText(originalName)
  })

  test('the platform administrator switches into the demo park from the user menu', async ({ page }) => {
    await signIn(page, accounts.platformAdmin)
    await page.getByTestId('user-dropdown').click()
    await page.getByTestId('user-switch-tenant').hover()
    await page.getByTestId('switch-tenant-100001').click()
    const confirm = dialog(page)
    await expect(confirm).toContainText('确定切换到租户 示范园区 (100001)?')
    await popupsSettled(page)
    // the switch reloads the page (spec 01 §4): wait for the new page, not the old one
    const reloaded = page.waitForEvent('load')
    await page.getByTestId('switch-tenant-confirm').click()
    await reloaded
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
    await page.getByTestId('user-dropdown').click()
    await expect(page.getByTestId('user-tenant')).toHaveText('示范园区')
  })
})

import { accounts, artifact, dialog, expectRoute, HOME, openPopup, signIn, tab } from '../support/console'
import { expect, test } from '../support/fixtures'

test.describe('lock screen', () => {
  test('locks with a password, survives a reload, refuses a wrong password and unlocks with the right one', async ({
    page,
  }) => {
    await signIn(page, accounts.parkAdmin)
    const lockDialog = await openPopup(page, page.getByTestId('lock-control'), dialog(page))
    await expect(lockDialog).toContainText('设置锁屏密码')

    // no password: the dialog stays and says why (spec 01 §5, in Chinese)
    await page.getByTestId('lock-submit').click()
    await expect(lockDialog.getByText('锁屏密码不能为空')).toBeVisible()
    await expectRoute(page, HOME)

    await page.getByTestId('lock-password').fill('Lock#2024')
    await page.getByTestId('lock-submit').click()
    await expectRoute(page, '/lock')
    const lockPage = page.getByTestId('lock-page')
    await expect(lockPage).toBeVisible()
    await expect(lockPage).toContainText('管理员')
    await page.screenshot({ path: artifact('lock.png'), fullPage: true })

    await page.reload()
    await expectRoute(page, '/lock')
    await expect(page.getByTestId('lock-page')).toBeVisible()

    // a locked screen forces the lock page
    await page.goto('/#/system/param')
    await expectRoute(page, '/lock')
    await expect(page.getByTestId('lock-page')).toBeVisible()

    // empty, then wrong: still locked
    await page.getByTestId('unlock-submit').click()
    await expect(page.getByText('锁屏密码不能为空')).toBeVisible()
    await page.getByTestId('unlock-password').fill('not-the-password')
    await page.getByTestId('unlock-submit').click()
    await expect(page.getByText('解锁密码错误,请重新输入')).toBeVisible()
    await expectRoute(page, '/lock')
    await expect(page.getByTestId('lock-page')).toBeVisible()

    await page.getByTestId('unlock-password').fill('Lock#2024')
    await page.getByTestId('unlock-password').press('Enter')
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
    await expect(page.getByTestId('lock-page')).toHaveCount(0)

    // unlocked for good: a reload stays in the console
    await page.reload()
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toBeVisible()
  })
})

test.describe('console settings', () => {
  test('a chosen theme and English survive a reload', async ({ page }) => {
    await signIn(page, accounts.parkStaff)
    const body = page.locator('body')
    // the default theme is theme-d2
    await expect(body).toHaveClass(/(^|\s)theme-d2(\s|$)/)

    const themeDialog = await openPopup(page, page.getByTestId('theme-control'), dialog(page))
    await expect(themeDialog).toContainText('选择主题')
    await page.getByTestId('theme-theme-dark').click()
    await expect(body).toHaveClass(/(^|\s)theme-dark(\s|$)/)
    await expect(body).not.toHaveClass(/(^|\s)theme-d2(\s|$)/)
    await expect(page.getByTestId('theme-theme-dark')).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('Escape')
    await expect(themeDialog).toBeHidden()

    await openPopup(page, page.getByTestId('language-control'), page.getByTestId('language-en-US'))
    await page.getByTestId('language-en-US').click()
    await expect(tab(page, HOME)).toHaveText('Home')
    await expect(page.getByTestId('welcome')).toContainText('Welcome to the Smart Park Console')
    // the seeded menus follow the language too
    await expect(page.getByTestId('sidebar-item-/system')).toHaveText('System')

    await page.reload()
    await expectRoute(page, HOME)
    await expect(page.getByTestId('welcome')).toContainText('Welcome to the Smart Park Console')
    await expect(tab(page, HOME)).toHaveText('Home')
    await expect(page.getByTestId('top-menu-home')).toHaveText('Home')
    await expect(body).toHaveClass(/(^|\s)theme-dark(\s|$)/)

    // the English texts reach the dialogs too
    const enDialog = await openPopup(page, page.getByTestId('lock-control'), dialog(page))
    await expect(enDialog).toContainText('Set a lock password')
    await page.getByTestId('lock-submit').click()
    await expect(enDialog.getByText('lock password cannot be empty')).toBeVisible()
  })
})

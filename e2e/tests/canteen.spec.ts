import { accounts, artifact, openSidebarFolder, popupsSettled, sidebarItem, signIn } from '../support/console'
import { openAdd, openScreen, pickOption, rowId, rowWith, submitDialog } from '../support/crud'
import { expect, test } from '../support/fixtures'

/**
 * The canteen's main flow with finance: a card topped up online on the /pay page (opened in a new
 * tab from the menu, paid through the built-in simulator), a dish published on a menu, ordered and
 * paid from the card, half refunded; the balance follows and the bills are listed.
 */

const CANTEEN = '/canteen'
const FINANCE = '/finance'

test.describe('智慧食堂 and 财务管理', () => {
  test('top up a card on /pay, publish a dish, order it, refund half, balance restored', async ({ page }) => {
    test.setTimeout(240_000)
    const n = Date.now().toString(36).slice(-5).toUpperCase()
    const cardNo = `E2E${n}`
    const dish = `测试菜${n}`
    await signIn(page, accounts.parkAdmin)

    // 储值卡: a new card (balance 0)
    await openScreen(page, FINANCE, '/finance/card', '储值卡', 'finance-card-page')
    const cardForm = await openAdd(page, 'finance-card-add')
    await cardForm.getByTestId('crud-form-cardNo').fill(cardNo)
    await cardForm.getByTestId('crud-form-holderName').fill(`员工${n}`)
    await submitDialog(page, 'finance-card-form-submit', '新增成功')
    const cards = page.getByTestId('finance-card-table')
    await expect(rowWith(cards, cardNo)).toContainText('0.00')

    // 在线支付 opens /pay in a new tab: a 50 yuan recharge, paid through the simulator
    await openSidebarFolder(page, FINANCE, '/pay')
    const [pay] = await Promise.all([page.waitForEvent('popup'), sidebarItem(page, '/pay').click()])
    await expect(pay.getByTestId('pay-page')).toBeVisible()
    await pay.getByText('储值卡充值').click()
    await pay.getByTestId('pay-card').fill(cardNo)
    await pay.getByTestId('pay-amount').fill('50')
    await pay.getByTestId('pay-create').click()
    await expect(pay.getByTestId('pay-qr')).toBeVisible()
    await expect(pay.getByTestId('pay-amount-shown')).toHaveText('¥50.00')
    await expect(pay.getByTestId('pay-status')).toContainText('等待支付')
    await pay.screenshot({ path: artifact('pay-qr.png') })
    await pay.getByTestId('pay-simulate').click()
    await expect(pay.getByTestId('pay-paid')).toBeVisible({ timeout: 20_000 })
    await expect(pay.getByTestId('pay-paid')).toContainText('支付成功')
    await pay.close()

    // 菜品管理: a dish of 第一食堂 at 12.50
    await openScreen(page, CANTEEN, '/canteen/food', '菜品管理', 'canteen-food-page')
    const foodForm = await openAdd(page, 'canteen-food-add')
    await foodForm.getByTestId('crud-form-name').fill(dish)
    await pickOption(page, foodForm.getByTestId('crud-form-canteenId'), '第一食堂')
    await pickOption(page, foodForm.getByTestId('crud-form-categoryId'), '热菜')
    await foodForm.getByTestId('crud-form-price').fill('12.5')
    await submitDialog(page, 'canteen-food-form-submit', '新增成功')

    // 菜品发布: a breakfast menu some day ahead with the dish
    const day = new Date(Date.now() + (20 + (Date.now() % 200)) * 86_400_000).toISOString().slice(0, 10)
    await openScreen(page, CANTEEN, '/canteen/publish', '菜品发布', 'canteen-publish-page')
    const menu = await openAdd(page, 'canteen-publish-add')
    await pickOption(page, menu.getByTestId('crud-form-canteenId'), '第一食堂')
    await menu.getByTestId('crud-form-publishDate').fill(day)
    await pickOption(page, menu.getByTestId('crud-form-mealType'), '早餐')
    await page.getByTestId('bill-add-line').click()
    await pickOption(page, menu.getByTestId('bill-line-foodId-0'), dish)
    await submitDialog(page, 'canteen-publish-form-submit', '新增成功')

    // 订餐订单: order two, paid from the card (25.00)
    await openScreen(page, CANTEEN, '/canteen/order', '订餐订单', 'canteen-order-page')
    const bill = await openAdd(page, 'canteen-order-add')
    await bill.getByTestId('crud-form-cardNo').fill(cardNo)
    await page.getByTestId('bill-add-line').click()
    await pickOption(page, bill.getByTestId('bill-line-publishFoodId-0'), dish)
    await expect(bill.getByTestId('bill-line-price-0')).toHaveText('12.50')
    await bill.getByTestId('bill-line-quantity-0').fill('2')
    await expect(bill.getByTestId('bill-total-amount')).toHaveText('25.00')
    await submitDialog(page, 'canteen-order-form-submit', '新增成功')
    const orders = page.getByTestId('canteen-order-table')
    const order = rowWith(orders, cardNo)
    await expect(order).toContainText('25.00')
    await expect(order).toContainText('已支付')

    // refund half
    await rowId(order)
    await order.getByTestId('canteen-order-refund').click()
    const refund = page.locator('.ant-modal-wrap:visible')
    await refund.getByTestId('canteen-refund-amount').fill('12.5')
    await popupsSettled(page)
    await refund.getByRole('button', { name: /OK|确\s*定/ }).click()
    await expect(page.getByText('退款成功').first()).toBeVisible()
    await expect(order).toContainText('部分退款')
    await page.screenshot({ path: artifact('canteen-orders.png') })

    // the card: 50 − 25 + 12.50; the bills: the recharge, the order and the refund
    await openScreen(page, FINANCE, '/finance/card', '储值卡', 'finance-card-page')
    await page
      .getByTestId('finance-card-refresh')
      .click()
      .catch(() => {})
    await expect(rowWith(cards, cardNo)).toContainText('37.50')
    await openScreen(page, FINANCE, '/finance/bill', '账单明细', 'finance-bill-page')
    const bills = page.getByTestId('finance-bill-table')
    await expect(bills.locator('.ant-table-row').filter({ hasText: cardNo })).toHaveCount(3)
    await expect(
      bills.locator('.ant-table-row').filter({ hasText: cardNo }).filter({ hasText: '退款' }),
    ).toContainText('12.50')
  })
})

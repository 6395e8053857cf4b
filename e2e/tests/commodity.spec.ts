import type { Locator, Page } from '@playwright/test'
import { accounts, artifact, dialog, popupsSettled, signIn } from '../support/console'
import { openAdd, openForm, openScreen, pickOption, rowId, rowWith, submitDialog } from '../support/crud'
import { expect, test } from '../support/fixtures'

/**
 * The first module built with the kit, as a shop keeper uses it: a commodity type, a listing under
 * it put on and off the shelf, an order placed for it (a bill with lines and totals), viewed, and paid.
 */

const SHOP = '/commodity'

/** Confirm a transition's dialog and wait for its success message. */
async function confirmAction(page: Page, question: string, done: string): Promise<void> {
  const confirm = dialog(page).filter({ hasText: question })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('提示')
  await popupsSettled(page)
  await confirm.getByTestId('confirm-ok').click()
  await expect(page.getByText(done).first()).toBeVisible()
}

async function rowAction(row: Locator, name: string, to: number): Promise<void> {
  const id = await rowId(row)
  await row.getByTestId(`crud-row-${name}-${to}-${id}`).click()
}

test.describe('商品管理 (module kit)', () => {
  test('a type, a listing on and off the shelf, an order placed, viewed and paid', async ({ page }) => {
    test.setTimeout(150_000)
    const n = Date.now().toString(36).slice(-5).toUpperCase()
    const typeName = `测试类型${n}`
    const listing = `测试商品${n}`
    const buyer = `买家${n}`
    await signIn(page, accounts.parkAdmin)

    // 商品类型: a new top-level type
    await openScreen(page, SHOP, '/commodity/type', '商品类型', 'commodity-type-page')
    const typeForm = await openAdd(page, 'commodity-type-add')
    // the asterisk comes from the contract's form (required), the length limit too
    await expect(typeForm.locator('.ant-form-item-required', { hasText: '名称' })).toBeVisible()
    await expect(typeForm.getByTestId('crud-form-code')).toHaveAttribute('maxlength', '32')
    await typeForm.getByTestId('crud-form-name').fill(typeName)
    await typeForm.getByTestId('crud-form-code').fill(`T${n}`)
    await submitDialog(page, 'commodity-type-form-submit', '新增成功')
    await expect(rowWith(page.getByTestId('commodity-type-table'), typeName)).toContainText('启用')

    // 商品信息: pick the type in the tree, add a listing under it (price in yuan, stored in cents)
    await openScreen(page, SHOP, '/commodity/message', '商品信息', 'commodity-message-page')
    await page.getByTestId('tree-list-tree').getByText(typeName, { exact: true }).click()
    const form = await openAdd(page, 'commodity-message-add')
    await expect(form.getByTestId('crud-form-typeId')).toContainText(typeName)
    await form.getByTestId('crud-form-code').fill(`G${n}`)
    await form.getByTestId('crud-form-name').fill(listing)
    await form.getByTestId('crud-form-price').fill('12.5')
    await form.getByTestId('crud-form-stock').fill('20')
    await submitDialog(page, 'commodity-message-form-submit', '新增成功')
    const table = page.getByTestId('commodity-message-table')
    const row = rowWith(table, listing)
    await expect(row).toContainText('12.50')
    await expect(row).toContainText('已下架')

    // on the shelf, off, and on again
    await rowAction(row, 'changeStatus', 1)
    await confirmAction(page, '确定上架?', '上架成功')
    await expect(row).toContainText('已上架')
    await rowAction(row, 'changeStatus', 0)
    await confirmAction(page, '确定下架?', '下架成功')
    await expect(row).toContainText('已下架')
    await rowAction(row, 'changeStatus', 1)
    await confirmAction(page, '确定上架?', '上架成功')
    await expect(row).toContainText('已上架')
    await page.screenshot({ path: artifact('commodity-listings.png') })

    // 商品订单: a bill with one line; the price fills in, the amount and the totals follow
    await openScreen(page, SHOP, '/commodity/order', '商品订单', 'commodity-order-page')
    const bill = await openAdd(page, 'commodity-order-add')
    await bill.getByTestId('crud-form-buyerName').fill(buyer)
    await page.getByTestId('bill-add-line').click()
    await pickOption(page, bill.getByTestId('bill-line-commodityId-0'), listing)
    await expect(bill.getByTestId('bill-line-price-0')).toHaveText('12.50')
    await bill.getByTestId('bill-line-quantity-0').fill('2')
    await expect(bill.getByTestId('bill-line-amount-0')).toHaveText('25.00')
    await expect(bill.getByTestId('bill-total-amount')).toHaveText('25.00')
    await page.screenshot({ path: artifact('commodity-order-bill.png') })
    await submitDialog(page, 'commodity-order-form-submit', '新增成功')
    const orders = page.getByTestId('commodity-order-table')
    const order = rowWith(orders, buyer)
    await expect(order).toContainText('25.00')
    await expect(order).toContainText('待付款')

    // view it: the bill shows its line; 确认收款 from the bill's footer
    const orderId = await rowId(order)
    await order.getByTestId(`crud-row-view-${orderId}`).click()
    await expect(openForm(page)).toBeVisible()
    await expect(page.getByTestId('bill-line-commodityId-0')).toBeVisible()
    await expect(page.getByTestId('bill-lines')).toContainText('12.50')
    await page.locator('.ant-modal-wrap:visible').getByTestId(`crud-row-pay-2-${orderId}`).click()
    await confirmAction(page, '确定该订单已收款?', '确认收款成功')
    await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0)
    await expect(order).toContainText('已付款')
    // stock went down by what was ordered
    await openScreen(page, SHOP, '/commodity/message', '商品信息', 'commodity-message-page')
    await expect(rowWith(table, listing)).toContainText('18')
  })
})

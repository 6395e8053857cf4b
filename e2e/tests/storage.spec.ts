import type { Locator, Page } from '@playwright/test'
import { accounts, artifact, dialog, popupsSettled, signIn } from '../support/console'
import { openAdd, openScreen, pickOption, rowId, rowWith, submitDialog } from '../support/crud'
import { expect, test } from '../support/fixtures'

/**
 * A keeper's day with the storage module: a classification and a goods, an in bill with a decimal
 * quantity (submitted, then checked), and the goods' stock following the check.
 */

const STORES = '/storage'

async function confirmAction(page: Page, question: string, done: string): Promise<void> {
  const confirm = dialog(page).filter({ hasText: question })
  await expect(confirm).toBeVisible()
  await popupsSettled(page)
  await confirm.getByTestId('confirm-ok').click()
  await expect(page.getByText(done).first()).toBeVisible()
}

async function rowAction(row: Locator, name: string, to: number): Promise<void> {
  const id = await rowId(row)
  await row.getByTestId(`crud-row-${name}-${to}-${id}`).click()
}

test.describe('仓储管理 (keeper)', () => {
  test('a goods received on an in bill, submitted and checked: its stock follows', async ({ page }) => {
    test.setTimeout(180_000)
    const n = Date.now().toString(36).slice(-5).toUpperCase()
    const className = `测试分类${n}`
    const goodsName = `测试物品${n}`
    const goodsCode = `G${n}`
    await signIn(page, accounts.parkAdmin)

    await openScreen(page, STORES, '/storage/classification', '物品分类', 'storage-classification-page')
    const classForm = await openAdd(page, 'storage-classification-add')
    await classForm.getByTestId('crud-form-name').fill(className)
    await classForm.getByTestId('crud-form-code').fill(`C${n}`)
    await submitDialog(page, 'storage-classification-form-submit', '新增成功')

    await openScreen(page, STORES, '/storage/goods', '物品信息', 'storage-goods-page')
    await page.getByTestId('tree-list-tree').getByText(className, { exact: true }).click()
    const goodsForm = await openAdd(page, 'storage-goods-add')
    await goodsForm.getByTestId('crud-form-code').fill(goodsCode)
    await goodsForm.getByTestId('crud-form-name').fill(goodsName)
    await goodsForm.getByTestId('crud-form-unit').fill('千克')
    await goodsForm.getByTestId('crud-form-price').fill('2.5')
    await submitDialog(page, 'storage-goods-form-submit', '新增成功')
    const goodsTable = page.getByTestId('storage-goods-table')
    await expect(rowWith(goodsTable, goodsName)).toContainText('2.50')

    await openScreen(page, STORES, '/storage/bill', '出入库单', 'storage-bill-page')
    const bill = await openAdd(page, 'storage-bill-add')
    await pickOption(page, bill.getByTestId('crud-form-billType'), '入库单')
    await pickOption(page, bill.getByTestId('crud-form-warehouseId'), '综合仓库')
    await bill.getByTestId('crud-form-handler').fill(`保管员${n}`)
    await page.getByTestId('bill-add-line').click()
    await pickOption(page, bill.getByTestId('bill-line-goodsId-0'), `${goodsCode} ${goodsName}`)
    await bill.getByTestId('bill-line-quantity-0').fill('10.5')
    await expect(bill.getByTestId('bill-line-amount-0')).toHaveText('26.25')
    await page.screenshot({ path: artifact('storage-in-bill.png') })
    await submitDialog(page, 'storage-bill-form-submit', '新增成功')
    const bills = page.getByTestId('storage-bill-table')
    const row = rowWith(bills, `保管员${n}`)
    await expect(row).toContainText('草稿')
    await expect(row).toContainText('26.25')

    await rowAction(row, 'submitBill', 1)
    await confirmAction(page, '确定提交该单据? 提交后不能修改', '提交成功')
    await expect(row).toContainText('已提交')
    await rowAction(row, 'check', 2)
    await confirmAction(page, '确定审核该单据? 审核后库存随之变动', '审核成功')
    await expect(row).toContainText('已审核')

    await openScreen(page, STORES, '/storage/goods', '物品信息', 'storage-goods-page')
    await page.getByTestId('tree-list-tree').getByText(className, { exact: true }).click()
    await expect(rowWith(goodsTable, goodsName)).toContainText('10.5000')
    await page.screenshot({ path: artifact('storage-goods-stock.png') })
  })
})

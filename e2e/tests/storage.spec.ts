import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { accounts, artifact, dialog, popupsSettled, signIn } from '../support/console'
import { openAdd, openScreen, pickOption, rowId, rowWith, submitDialog } from '../support/crud'
import { expect, test } from '../support/fixtures'

/**
 * A keeper's day with the storage module (issue 9, end to end): a warehouse of the test's own (so its
 * count holds one line), a classification and a goods, an in bill with a decimal quantity (submitted,
 * then checked), an out bill issuing part of it, a count plan that finds a loss and audits it, and the
 * goods summary on screen and in its xlsx export agreeing on the final quantity.
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

/** A bill's lifecycle from its row: 草稿 → 提交 → 审核, each behind the spec's confirm. */
async function submitAndCheck(page: Page, row: Locator): Promise<void> {
  await expect(row).toContainText('草稿')
  await rowAction(row, 'submitBill', 1)
  await confirmAction(page, '确定提交该单据? 提交后不能修改', '提交成功')
  await expect(row).toContainText('已提交')
  await rowAction(row, 'check', 2)
  await confirmAction(page, '确定审核该单据? 审核后库存随之变动', '审核成功')
  await expect(row).toContainText('已审核')
}

/** A count plan's action behind its popconfirm (确定执行该操作?), then 操作成功. */
async function planAction(page: Page, row: Locator, testId: string): Promise<void> {
  const id = await rowId(row)
  await row.getByTestId(`${testId}-${id}`).click()
  const pop = page.locator('.ant-popover:visible').filter({ hasText: '确定执行该操作?' })
  await expect(pop).toBeVisible()
  await popupsSettled(page)
  await pop.locator('.ant-btn-primary').click()
  await expect(page.getByText('操作成功').first()).toBeVisible()
}

/** The cells of the sheet's row whose first cell is `key`, by the header row's titles. */
function sheetRow(sheet: ExcelJS.Worksheet, key: string): Map<string, string> {
  let headers: string[] | undefined
  for (let r = 1; r <= sheet.rowCount; r++) {
    const cells = (sheet.getRow(r).values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))
    if (!headers) {
      // the header row may follow a title row (spec 02 §9 layout)
      if (cells.includes('结存数量')) headers = cells
    } else if (cells[0] === key) return new Map(headers.map((h, c) => [h, cells[c] ?? '']))
  }
  throw new Error(`no row of ${key} under a header row`)
}

test.describe('仓储管理 (keeper)', () => {
  test('goods received, checked, issued in part, counted with a loss audited; the summary and its export agree', async ({
    page,
  }) => {
    test.setTimeout(360_000)
    const n = Date.now().toString(36).slice(-5).toUpperCase()
    const warehouseName = `测试仓库${n}`
    const className = `测试分类${n}`
    const goodsName = `测试物品${n}`
    const goodsCode = `G${n}`
    const goodsLabel = `${goodsCode} ${goodsName}`
    await signIn(page, accounts.parkAdmin)

    await openScreen(page, STORES, '/storage/warehouse', '仓库管理', 'storage-warehouse-page')
    const storeForm = await openAdd(page, 'storage-warehouse-add')
    await storeForm.getByTestId('crud-form-code').fill(`W${n}`)
    await storeForm.getByTestId('crud-form-name').fill(warehouseName)
    await storeForm.getByTestId('crud-form-keeper').fill(`保管员${n}`)
    await submitDialog(page, 'storage-warehouse-form-submit', '新增成功')

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

    // 入库单: 10.5 千克 at 2.50, submitted then checked
    await openScreen(page, STORES, '/storage/bill', '出入库单', 'storage-bill-page')
    const bill = await openAdd(page, 'storage-bill-add')
    await pickOption(page, bill.getByTestId('crud-form-billType'), '入库单')
    await pickOption(page, bill.getByTestId('crud-form-warehouseId'), warehouseName)
    await bill.getByTestId('crud-form-handler').fill(`入库员${n}`)
    await page.getByTestId('bill-add-line').click()
    await pickOption(page, bill.getByTestId('bill-line-goodsId-0'), goodsLabel)
    await bill.getByTestId('bill-line-unitQuantity-0').fill('10.5')
    await expect(bill.getByTestId('bill-line-amount-0')).toHaveText('26.25')
    // entered in the base unit: the base quantity is the same
    await expect(bill.getByTestId('bill-line-quantity-0')).toHaveText('10.5')
    await page.screenshot({ path: artifact('storage-in-bill.png') })
    await submitDialog(page, 'storage-bill-form-submit', '新增成功')
    const bills = page.getByTestId('storage-bill-table')
    const inRow = rowWith(bills, `入库员${n}`)
    await expect(inRow).toContainText('26.25')
    await submitAndCheck(page, inRow)

    await openScreen(page, STORES, '/storage/goods', '物品信息', 'storage-goods-page')
    await page.getByTestId('tree-list-tree').getByText(className, { exact: true }).click()
    await expect(rowWith(goodsTable, goodsName)).toContainText('10.5000')
    await page.screenshot({ path: artifact('storage-goods-stock.png') })

    // 出库单: 3 issued from the same warehouse, submitted then checked
    await openScreen(page, STORES, '/storage/bill', '出入库单', 'storage-bill-page')
    const out = await openAdd(page, 'storage-bill-add')
    await pickOption(page, out.getByTestId('crud-form-billType'), '出库单')
    await pickOption(page, out.getByTestId('crud-form-warehouseId'), warehouseName)
    await out.getByTestId('crud-form-handler').fill(`领用人${n}`)
    await page.getByTestId('bill-add-line').click()
    await pickOption(page, out.getByTestId('bill-line-goodsId-0'), goodsLabel)
    await out.getByTestId('bill-line-unitQuantity-0').fill('3')
    await expect(out.getByTestId('bill-line-amount-0')).toHaveText('7.50')
    await submitDialog(page, 'storage-bill-form-submit', '新增成功')
    const outRow = rowWith(bills, `领用人${n}`)
    await expect(outRow).toContainText('7.50')
    await submitAndCheck(page, outRow)
    await page.screenshot({ path: artifact('storage-out-bill.png') })

    await openScreen(page, STORES, '/storage/goods', '物品信息', 'storage-goods-page')
    await page.getByTestId('tree-list-tree').getByText(className, { exact: true }).click()
    await expect(rowWith(goodsTable, goodsName)).toContainText('7.5000')

    // 库存盘点: a plan of the warehouse, its count bill from the stock (账面 7.5), counted 7: a 0.5 loss
    await openScreen(page, STORES, '/storage/inventory', '库存盘点', 'storage-inventory-page')
    const plan = await openAdd(page, 'storage-inventory-add')
    await plan.getByTestId('crud-form-planNo').fill(`PD${n}`)
    await plan.getByTestId('crud-form-name').fill(`${warehouseName}盘点`)
    await pickOption(page, plan.getByTestId('crud-form-warehouseId'), warehouseName)
    await plan.getByTestId('crud-form-counter').fill(`盘点员${n}`)
    await submitDialog(page, 'storage-inventory-form-submit', '新增成功')
    const plans = page.getByTestId('storage-inventory-table')
    const planRow = rowWith(plans, `PD${n}`)
    await expect(planRow).toContainText('未开始')
    await planAction(page, planRow, 'inventory-create-bill')
    await expect(planRow).toContainText('盘点中')

    const planId = await rowId(planRow)
    await planRow.getByTestId(`inventory-count-${planId}`).click()
    const counting = page.locator('.ant-modal-wrap:visible').filter({ hasText: `盘点明细 PD${n}` })
    await expect(counting).toBeVisible()
    const countLine = counting.locator('.ant-table-row').filter({ hasText: goodsCode })
    await expect(countLine).toHaveCount(1)
    await expect(countLine).toContainText('7.5000')
    await counting.getByTestId(`inventory-count-input-${goodsCode}`).fill('7')
    await popupsSettled(page)
    await counting.locator('.ant-modal-footer .ant-btn-primary').click()
    await expect(page.getByText('更新成功').first()).toBeVisible()
    await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0)

    // the saved count shows its difference before the audit
    await planRow.getByTestId(`inventory-count-${planId}`).click()
    await expect(counting).toBeVisible()
    await expect(counting.getByTestId(`inventory-difference-${goodsCode}`)).toHaveText('-0.5000')
    await popupsSettled(page)
    await page.screenshot({ path: artifact('storage-count-loss.png') })
    await counting.locator('.ant-modal-close').click()
    await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0)

    // 盘亏审核 applies the loss; 盘盈审核 (nothing gained) finishes the plan
    await planAction(page, planRow, 'inventory-audit-losses')
    await expect(planRow.getByTestId(`inventory-audit-losses-${planId}`)).toHaveCount(0)
    await expect(planRow).toContainText('已审核')
    await planAction(page, planRow, 'inventory-audit-profit')
    await expect(planRow).toContainText('已完成')
    await page.screenshot({ path: artifact('storage-count-audited.png') })

    await openScreen(page, STORES, '/storage/goods', '物品信息', 'storage-goods-page')
    await page.getByTestId('tree-list-tree').getByText(className, { exact: true }).click()
    await expect(rowWith(goodsTable, goodsName)).toContainText('7.0000')

    // 物品汇总 (this month): in 10.5, out 3.5 (issued 3, lost 0.5), closing 7 worth 17.50
    const summary = await openScreen(page, STORES, '/storage/summary', '物品汇总', 'crud-page')
    await summary.getByTestId('crud-search-goodsName').fill(goodsName)
    await summary.getByTestId('crud-search-submit').click()
    const summaryRow = rowWith(summary, goodsCode)
    await expect(summaryRow).toHaveCount(1)
    const cells = summaryRow.getByRole('cell')
    await expect(cells.filter({ hasText: /^10\.5000$/ })).toHaveCount(1)
    await expect(cells.filter({ hasText: /^3\.5000$/ })).toHaveCount(1)
    await expect(cells.filter({ hasText: /^7\.0000$/ })).toHaveCount(1)
    await expect(cells.filter({ hasText: /^17\.50$/ })).toHaveCount(1)
    await page.screenshot({ path: artifact('storage-summary.png') })

    // its xlsx export holds the same figures for the goods
    await summaryRow.getByRole('checkbox').check()
    const downloading = page.waitForEvent('download')
    await summary.getByTestId('crud-export').click()
    const download = await downloading
    const work = mkdtempSync(join(tmpdir(), 'xpark-e2e-storage-'))
    try {
      const file = join(work, 'summary.xlsx')
      await download.saveAs(file)
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(file)
      const line = sheetRow(book.worksheets[0]!, goodsCode)
      expect(line.get('物品名称')).toBe(goodsName)
      expect(Number(line.get('入库数量'))).toBe(10.5)
      expect(Number(line.get('出库数量'))).toBe(3.5)
      expect(Number(line.get('结存数量'))).toBe(7)
      expect(Number(line.get('结存金额(元)'))).toBe(17.5)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
})

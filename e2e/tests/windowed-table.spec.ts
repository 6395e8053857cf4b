import type { Locator } from '@playwright/test'
import { accounts, artifact, dialog, openParamPage, popupsSettled, signIn, tokenOf } from '../support/console'
import { expect, test } from '../support/fixtures'

const PARAM_API = '/xparkApi/blade-system/param'
const COUNT = 40

/** The left edge of an element on the page. */
const leftOf = async (el: Locator) => Math.round((await el.boundingBox())!.x)

test.describe('the windowed table body (CrudPage)', () => {
  test('a page of 50 draws the rows in view only, lines up with the header, scrolls and ticks across the window', async ({
    page,
  }) => {
    // 40 parameters of this run, through the API, so the search below lists exactly them
    const admin = await tokenOf(page.request, accounts.platformAdmin)
    const run = String(Date.now() % 1_000_000)
    const prefix = `窗口${run}`
    for (let i = 1; i <= COUNT; i++) {
      const n = String(i).padStart(2, '0')
      const res = await page.request.post(`${PARAM_API}/submit`, {
        headers: admin.headers,
        data: { paramName: `${prefix}-${n}`, paramKey: `e2e.window.${run}.${n}`, paramValue: n },
      })
      expect(res.ok()).toBe(true)
    }

    try {
      await signIn(page, accounts.platformAdmin)
      await openParamPage(page)
      await page.getByTestId('param-search-name').fill(prefix)
      await page.getByTestId('param-search-submit').click()
      const pager = page.getByTestId('crud-pagination')
      await expect(pager).toContainText(`共 ${COUNT} 条`)
      await pager.locator('.ant-pagination-options .ant-select').click()
      await page.locator('.ant-select-item-option', { hasText: /^50 条\/页/ }).click()

      // the table as one reads it (header and body, CrudPage's container) and antd's table inside
      const area = page.getByRole('table')
      const table = page.getByTestId('param-table')
      const rows = table.locator('.ant-table-row')
      // every record is counted, a dozen or so are drawn
      await expect(area).toHaveAttribute('aria-rowcount', String(COUNT + 1))
      await expect(area).toHaveAttribute('aria-busy', 'false')
      await expect(rows.first()).toHaveAttribute('aria-rowindex', '2')
      const drawn = await rows.count()
      expect(drawn).toBeGreaterThan(5)
      expect(drawn).toBeLessThan(COUNT)

      // the body's columns stand under the header's
      const header = table.getByRole('columnheader', { name: '参数名称' })
      const firstName = rows.first().getByRole('cell').nth(1)
      expect(await leftOf(firstName)).toBe(await leftOf(header))
      const actions = table.getByRole('columnheader', { name: '操作' })
      expect(await leftOf(rows.first().getByRole('cell').last())).toBe(await leftOf(actions))

      // scrolled to the end: the last record is drawn, the first is not
      const body = table.locator('.ant-table-body')
      await body.evaluate((el) => {
        el.scrollTop = el.scrollHeight
      })
      const last = table.locator(`.ant-table-row[aria-rowindex="${COUNT + 1}"]`)
      await expect(last).toBeVisible()
      await expect(last).toContainText(prefix)
      await expect(table.locator('.ant-table-row[aria-rowindex="2"]')).toHaveCount(0)
      await page.screenshot({ path: artifact('windowed-table-scrolled.png') })

      // a tick at the end and one at the start (scrolled back) are both kept: 删除 removes the two
      const lastName = (await last.getByRole('cell').nth(1).textContent()) ?? ''
      await last.locator('.ant-checkbox-input').check()
      await body.evaluate((el) => {
        el.scrollTop = 0
      })
      const first = table.locator('.ant-table-row[aria-rowindex="2"]')
      await expect(first).toBeVisible()
      const firstText = (await first.getByRole('cell').nth(1).textContent()) ?? ''
      await first.locator('.ant-checkbox-input').check()
      await expect(first).toHaveClass(/ant-table-row-selected/)
      await page.getByTestId('param-bulk-delete').click()
      const confirm = dialog(page).filter({ hasText: '确定将选择数据删除?' })
      await expect(confirm).toBeVisible()
      await popupsSettled(page)
      await confirm.getByTestId('confirm-ok').click()
      await expect(page.getByText('删除成功').first()).toBeVisible()
      await expect(pager).toContainText(`共 ${COUNT - 2} 条`)
      await expect(area).toHaveAttribute('aria-rowcount', String(COUNT - 1))
      await expect(table.getByRole('cell', { name: firstText, exact: true })).toHaveCount(0)
      await body.evaluate((el) => {
        el.scrollTop = el.scrollHeight
      })
      await expect(table.locator(`.ant-table-row[aria-rowindex="${COUNT - 1}"]`)).toBeVisible()
      await expect(table.getByRole('cell', { name: lastName, exact: true })).toHaveCount(0)
    } finally {
      // the run's parameters go, whatever happened above
      const listed = await page.request.get(`${PARAM_API}/list`, {
        headers: admin.headers,
        params: { paramName: prefix, current: 1, size: 100 },
      })
      const ids = ((await listed.json()) as { data: { records: { id: string }[] } }).data.records.map(
        (r) => r.id,
      )
      if (ids.length)
        await page.request.post(`${PARAM_API}/remove`, {
          headers: admin.headers,
          params: { ids: ids.join(',') },
        })
    }
  })
})

import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { accounts, artifact, dialog, popupsSettled, signIn } from '../support/console'
import {
  deleteRow,
  openAdd,
  openForm,
  openScreen,
  pickOption,
  rowId,
  rowWith,
  submitDialog,
} from '../support/crud'
import { expect, test } from '../support/fixtures'

const RESOURCE = '/resource'
const OSS = '/resource/oss'
const SMS = '/resource/sms'
const ATTACH = '/resource/attach'

/** 启用 of a row (OSS or SMS): the confirm, 启用成功, then the row shows 已启用 and offers 启用 no more. */
async function enable(page: Page, row: Locator, prefix: 'oss' | 'sms'): Promise<void> {
  const id = await rowId(row)
  await expect(row).toContainText('未启用')
  await row.getByTestId(`${prefix}-row-enable-${id}`).click()
  const confirm = dialog(page).filter({ hasText: '确定启用这个配置? 同一租户只能启用一个, 其余将被停用' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('提示')
  await popupsSettled(page)
  await confirm.getByTestId('enable-confirm-ok').click()
  await expect(page.getByText('启用成功').first()).toBeVisible()
  await expect(row).toContainText('已启用')
  await expect(row.getByTestId(`${prefix}-row-enable-${id}`)).toHaveCount(0)
}

test.describe('资源管理', () => {
  test('对象存储: two local-disk configurations, only one enabled at a time; 附件管理: upload, download, delete', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // unique per run: a retry adds its own configurations and file
    const n = Date.now().toString(36).slice(-6)
    const first = `e2e-a-${n}`
    const second = `e2e-b-${n}`
    await signIn(page, accounts.parkAdmin)

    // 对象存储: add two configurations of category local (dict oss)
    const oss = await openScreen(page, RESOURCE, OSS, '对象存储', 'oss-page')
    const table = page.getByTestId('oss-table')
    for (const code of [first, second]) {
      const form = await openAdd(page, 'oss-add')
      await pickOption(page, form.getByTestId('oss-category'), 'local')
      await form.getByTestId('oss-ossCode').fill(code)
      await submitDialog(page, 'oss-form-submit', '新增成功')
      await expect(rowWith(table, code)).toContainText('local')
      await expect(rowWith(table, code)).toContainText('未启用')
    }

    // 启用 the first, then the second: the first is stopped, one stays enabled
    await enable(page, rowWith(table, first), 'oss')
    await enable(page, rowWith(table, second), 'oss')
    await expect(rowWith(table, first)).toContainText('未启用')
    await expect(table.locator('.ant-table-row').filter({ hasText: '已启用' })).toHaveCount(1)
    await expect(oss).toBeVisible()

    // 附件管理: upload a text file (it goes to the enabled local store)
    await openScreen(page, RESOURCE, ATTACH, '附件管理', 'attach-page')
    const attachments = page.getByTestId('attach-table')
    const fileName = `e2e-${n}.txt`
    const content = `xpark e2e attachment ${n}\n园区附件\n`
    // antd puts the test id on the file input itself (README: "its input[type=file] inside"): take either
    await page
      .locator(
        'input[type=file][data-testid="attach-upload"], [data-testid="attach-upload"] input[type=file]',
      )
      .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(content, 'utf8') })
    await expect(page.getByText(`${fileName} 上传成功`)).toBeVisible()
    const row = rowWith(attachments, fileName)
    await expect(row).toBeVisible()
    await expect(row).toContainText('txt')
    await expect(row).toContainText(`${Buffer.byteLength(content)} B`)
    await page.screenshot({ path: artifact('resource.png'), fullPage: true })

    // 下载: the browser saves the same bytes under the original name
    const id = await rowId(row)
    const downloading = page.waitForEvent('download')
    await row.getByTestId(`attach-row-download-${id}`).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(fileName)
    expect(await readFile(await download.path(), 'utf8')).toBe(content)

    // 删除, after the confirm
    await deleteRow(page, row)
  })

  test('短信配置: a log-provider configuration, enabled, sends a test message', async ({ page }) => {
    const n = Date.now().toString(36).slice(-6)
    const code = `e2e-log-${n}`
    await signIn(page, accounts.parkAdmin)
    await openScreen(page, RESOURCE, SMS, '短信配置', 'sms-page')
    const table = page.getByTestId('sms-table')

    // add: category log (dict sms), code, template and signature
    const form = await openAdd(page, 'sms-add')
    await pickOption(page, form.getByTestId('sms-category'), 'log')
    await form.getByTestId('sms-smsCode').fill(code)
    await form.getByTestId('sms-templateId').fill(`T-${n}`)
    await form.getByTestId('sms-signName').fill('智慧园区')
    await submitDialog(page, 'sms-form-submit', '新增成功')
    const row = rowWith(table, code)
    await expect(row).toContainText('log')
    await expect(row).toContainText(`T-${n}`)

    await enable(page, row, 'sms')
    await expect(table.locator('.ant-table-row').filter({ hasText: '已启用' })).toHaveCount(1)

    // 发送短信: empty phones are refused, then the log provider records the message
    const id = await rowId(row)
    await row.getByTestId(`sms-row-send-${id}`).click()
    const send = dialog(page).filter({ has: page.getByTestId('sms-send-dialog') })
    await expect(send).toBeVisible()
    await expect(send).toContainText(`发送短信: ${code}`)
    await popupsSettled(page)
    await page.getByTestId('sms-send-submit').click()
    await expect(send.getByText('手机号码不能为空')).toBeVisible()
    await page.getByTestId('sms-send-phones').fill('13800000001')
    await page.getByTestId('sms-send-params').fill('{"code":"1234"}')
    await page.getByTestId('sms-send-submit').click()
    await expect(page.getByText('已记录到日志: 1 条')).toBeVisible()
    await expect(send).toBeHidden()
    await expect(openForm(page)).toHaveCount(0)
  })
})

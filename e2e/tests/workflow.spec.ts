import type { Locator, Page } from '@playwright/test'
import {
  accounts,
  artifact,
  expectActiveTab,
  openSidebarFolder,
  sidebarItem,
  signIn,
} from '../support/console'
import { openAdd, rowId, submitDialog } from '../support/crud'
import { expect, test } from '../support/fixtures'

/**
 * A leave request through the workflow as the park lives it (issue 31): a member of staff asks for
 * two days off in 请假申请 (the demo's 请假审批, `park_leave`, whose 经理审批 is the park's admin); the
 * admin finds it on the home page's 待办事务 and in 待办事务, handles it (同意); the request reads 已通过
 * and the admin's 我的已办 lists the task.
 */
const FOLDER = '/workflow/process'

/**
 * 流程管理 → 流程事务 opened in the sidebar, then one of its screens (the task lists share the kit's
 * test ids: the screen is the visible one).
 */
async function openWork(page: Page, path: string, label: string) {
  await openSidebarFolder(page, '/workflow', FOLDER)
  await openSidebarFolder(page, FOLDER, path)
  await sidebarItem(page, path).click()
  await expectActiveTab(page, label)
  // the task lists are the kit's plain lists; 请假申请 is its contract's (test ids of its own)
  await expect(
    page.locator('[data-testid="crud-page"]:visible, [data-testid="workflow-leave-page"]:visible'),
  ).toHaveCount(1)
}

/** yyyy-MM-dd HH:mm:ss of a day from today, at a given hour (the browser and this run share a clock). */
function at(daysFromToday: number, hour: number): string {
  const d = new Date(Date.now() + daysFromToday * 86_400_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(hour)}:00:00`
}

async function typeDate(page: Page, field: Locator, value: string): Promise<void> {
  await field.click()
  await field.fill(value)
  await field.press('Enter')
  await expect(field).toHaveValue(value)
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0)
}

/** The visible screen's table (a keep-alive tab keeps the others in the page, hidden). */
const visibleTable = (page: Page) => page.locator('[data-testid="crud-table"]:visible')

test.describe('流程事务 (issue 31)', () => {
  test('staff ask for leave; the admin approves it in 待办事务; the request reads 已通过', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000)
    const reason = `家中有事 ${Date.now() % 1_000_000}`

    // the staff member's request
    await signIn(page, accounts.parkStaff)
    await openWork(page, '/workflow/leave', '请假申请')
    const form = await openAdd(page, 'workflow-leave-add')
    await form.getByTestId('crud-form-leaveType').fill('事假')
    await form.getByTestId('crud-form-days').fill('2')
    await typeDate(page, form.getByTestId('crud-form-startTime'), at(7, 9))
    await typeDate(page, form.getByTestId('crud-form-endTime'), at(8, 18))
    await form.getByTestId('crud-form-reason').fill(reason)
    await submitDialog(page, 'workflow-leave-form-submit', '新增成功')
    const request = page.locator('[data-testid="workflow-leave-table"] .ant-table-row', { hasText: reason })
    await expect(request).toContainText('审批中')

    // the admin, in a browser of their own
    const desk = await browser.newContext()
    const admin = await desk.newPage()
    await signIn(admin, accounts.parkAdmin)
    await expect(admin.getByTestId('home-todo')).toBeVisible()
    await openWork(admin, '/workflow/process/todo', '待办事务')
    // newest first: the staff member's request (the demo's older one waits for the admin too)
    const task = visibleTable(admin)
      .locator('.ant-table-row', { hasText: '经理审批' })
      .filter({ hasText: '园区职员' })
      .first()
    await expect(task).toContainText('请假审批')
    const taskId = await rowId(task)
    await task.getByTestId(`workflow-handle-${taskId}`).click()
    await expect(admin.getByTestId('workflow-handle-ok')).toBeVisible()
    await admin.getByTestId('workflow-handle-comment').fill('同意, 注意交接')
    await admin.screenshot({ path: artifact('workflow-handle.png') })
    await admin.getByTestId('workflow-handle-ok').click()
    await expect(admin.getByText('已办理').first()).toBeVisible()
    await expect(visibleTable(admin).locator(`[data-row-key="${taskId}"]`)).toHaveCount(0)
    await openWork(admin, '/workflow/process/my-done', '我的已办')
    await expect(visibleTable(admin).locator('.ant-table-row', { hasText: '经理审批' }).first()).toBeVisible()
    await desk.close()

    // back with the staff member: approved (two days are not more than three: no 人事审批)
    await page.reload()
    await expect(
      page.locator('[data-testid="workflow-leave-table"] .ant-table-row', { hasText: reason }),
    ).toContainText('已通过', { timeout: 15_000 })
    await page.screenshot({ path: artifact('workflow-leave-approved.png') })
  })

  test('staff start 请假审批 from 新建流程 with its form (请假表单); it shows in 已发事务', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const reason = `探亲 ${Date.now() % 1_000_000}`
    await signIn(page, accounts.parkStaff)
    // what 已发事务 holds before: the staff's running 请假审批 requests (as the list answered)
    const listed = page.waitForResponse((r) => r.url().includes('blade-workflow/process/sendList'))
    await openWork(page, '/workflow/process/send', '已发事务')
    const { data } = (await (await listed).json()) as {
      data: { records: { processDefinitionName: string; processStatus: number }[] }
    }
    const before = data.records.filter(
      (r) => r.processDefinitionName === '请假审批' && r.processStatus === 1,
    ).length
    const running = visibleTable(page)
      .locator('.ant-table-row', { hasText: '请假审批' })
      .filter({ hasText: '运行中' })
    await openSidebarFolder(page, FOLDER, '/workflow/process/create')
    await sidebarItem(page, '/workflow/process/create').click()
    await expectActiveTab(page, '新建流程')
    await page.getByTestId('process-search').locator('input').fill('请假')
    await page.getByTestId('process-card-park_leave').click()
    await expectActiveTab(page, '请假审批')

    // the demo's 请假表单 in form-js: its rules checked here before the server checks them again
    const start = page.locator('[data-testid="process-start"]:visible')
    await expect(start.getByLabel('请假天数')).toBeVisible({ timeout: 20_000 })
    await start.getByTestId('process-start-submit').click()
    await expect(start.getByText('请假天数不能为空')).toBeVisible()
    await start.getByLabel('请假天数').fill('5')
    await start.getByLabel('请假事由').fill(reason)
    await page.screenshot({ path: artifact('workflow-start-form.png') })
    await start.getByTestId('process-start-submit').click()
    await expect(page.getByText('流程已发起')).toBeVisible()
    await expectActiveTab(page, '已发事务')
    // one more running 请假审批, the newest first
    await expect(running).toHaveCount(before + 1)
    await expect(visibleTable(page).locator('.ant-table-row').first()).toContainText('请假审批')
  })
})

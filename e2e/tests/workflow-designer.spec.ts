import type { Page } from '@playwright/test'
import {
  accounts,
  artifact,
  expectActiveTab,
  openSidebarFolder,
  sidebarItem,
  signIn,
} from '../support/console'
import { rowId } from '../support/crud'
import { connect, selectShape } from '../support/diagram'
import { expect, test } from '../support/fixtures'

/**
 * 流程设计 (issue 31, spec 02 §2 "Workflow flow editor"): the demo's leave model opens in the bpmn-js
 * designer; a connection from a node to itself and one back against a drawn flow are refused with the
 * spec's texts; a rename in the properties panel is saved as a new version that 模型历史 lists.
 */
const DESIGN = '/workflow/design'

async function openModels(page: Page) {
  await openSidebarFolder(page, '/workflow', DESIGN)
  await openSidebarFolder(page, DESIGN, `${DESIGN}/model`)
  await sidebarItem(page, `${DESIGN}/model`).click()
  await expectActiveTab(page, '模型设计')
}

test.describe('流程设计 (issue 31)', () => {
  test('the designer refuses the editor’s three connections and saves a version', async ({ page }) => {
    test.setTimeout(120_000)
    await signIn(page, accounts.parkAdmin)
    await openModels(page)
    const row = page.locator('[data-testid="crud-table"]:visible .ant-table-row', { hasText: 'park_leave' })
    const id = await rowId(row)
    await row.getByTestId(`workflow-model-design-${id}`).click()
    await expectActiveTab(page, '流程设计')
    const canvas = page.getByTestId('wfd-canvas')
    await expect(canvas.locator('.djs-element[data-element-id="manager"]')).toBeVisible({ timeout: 20_000 })

    // the spec's refusals, at the drop
    await connect(page, 'hr', 'hr')
    await expect(page.getByText('cannot connect to itself')).toBeVisible()
    await connect(page, 'start', 'manager')
    await expect(page.getByText('cannot repeat a connection')).toBeVisible()
    await connect(page, 'manager', 'start')
    await expect(page.getByText('cannot loop back')).toBeVisible()
    await expect(canvas.locator('.djs-connection')).toHaveCount(5)

    // the properties panel writes to the diagram; a save is a new version
    await selectShape(page, 'hr')
    await expect(page.getByTestId('wfd-id')).toContainText('hr')
    await page.getByTestId('wfd-name').fill('人事部审批')
    await page.getByTestId('wfd-name').press('Enter')
    await expect(canvas.locator('.djs-element[data-element-id="hr"]')).toContainText('人事部审批')
    await page.screenshot({ path: artifact('workflow-designer.png') })
    await page.getByTestId('wfd-save').click()
    await expect(page.getByText(/已保存为第 \d+ 版/)).toBeVisible()

    // 模型历史 lists it, newest first, as the current version
    await openModels(page)
    await row.getByTestId(`workflow-model-history-${id}`).click()
    await expectActiveTab(page, '模型历史')
    const first = page.locator('.ant-table-row').filter({ hasText: '当前版本' }).first()
    await expect(first).toBeVisible()
    await expect(page.getByTestId('wf-diagram').locator('.djs-element[data-element-id="hr"]')).toContainText(
      '人事部审批',
    )
    await page.screenshot({ path: artifact('workflow-model-history.png') })
  })
})

test.describe('流程详情 (issue 31)', () => {
  test('a task’s detail shows the form, the history and the diagram with the current step marked', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await signIn(page, accounts.parkAdmin)
    await openSidebarFolder(page, '/workflow', '/workflow/process')
    await openSidebarFolder(page, '/workflow/process', '/workflow/process/todo')
    await sidebarItem(page, '/workflow/process/todo').click()
    await expectActiveTab(page, '待办事务')
    // the demo's five-day request waits at 经理审批 for the park's admin
    const task = page
      .locator('[data-testid="crud-table"]:visible .ant-table-row', { hasText: '经理审批' })
      .first()
    const id = await rowId(task)
    await task.getByTestId(`workflow-detail-${id}`).click()
    await expectActiveTab(page, '流程详情')
    await expect(page.getByTestId('wfx-status')).toHaveText('运行中')
    await expect(page.getByTestId('wfx-history')).toContainText('发起')
    await expect(page.getByTestId('wfx-form')).toContainText('请假天数')
    const diagram = page.getByTestId('wf-diagram')
    await expect(diagram.locator('.djs-element.xpark-current[data-element-id="manager"]')).toBeVisible({
      timeout: 20_000,
    })
    await expect(diagram.locator('.djs-element.xpark-passed[data-element-id="start"]')).toBeVisible()
    // the handler's actions are offered beside it
    await expect(page.locator('[data-testid^="workflow-handle-"]:visible')).toHaveText(/办\s*理/)
    await page.getByTestId('wfx-rollback').click()
    await expect(page.getByText('退回: ')).toBeVisible()
    await page.screenshot({ path: artifact('workflow-detail.png') })
    await page.getByRole('button', { name: /取\s*消|Cancel/ }).click()
    // handled here, with the form as the handler leaves it: five days go on to 人事审批
    await page.locator('[data-testid^="workflow-handle-"]:visible').click()
    await page.getByTestId('workflow-handle-comment').fill('同意')
    await page.getByTestId('workflow-handle-ok').click()
    await expect(page.getByText('已办理').first()).toBeVisible()
    await expect(diagram.locator('.djs-element.xpark-current[data-element-id="hr"]')).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByTestId('wfx-history')).toContainText('同意')
  })
})

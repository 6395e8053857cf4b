import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import {
  accounts,
  artifact,
  DEMO_PASSWORD,
  expectActiveTab,
  openSidebarFolder,
  popupsSettled,
  sidebarItem,
  signIn,
  tokenOf,
} from '../support/console'
import { openAdd, rowId, submitDialog } from '../support/crud'
import { clickDiagram, connect, padEntry, selectShape, shape } from '../support/diagram'
import { expect, test } from '../support/fixtures'

/**
 * The one long story (issue 31, "Playwright workflow.spec.ts"), as people click it in the
 * console: the park's admin designs a leave approval from scratch (a 流程表达式, a form with the days,
 * the diagram drawn in 流程设计: 经理审批, then 人事审批 when days > 3, else straight to the end) and
 * deploys it; an employee asks for 5 days; the manager approves from 待办事务; HR (a role of two, so
 * the task waits in 待签事务) claims it and rolls it back (退回) to the manager; the manager approves
 * again, copying (抄送) a colleague; HR claims it again and approves; 流程详情 shows the walked path;
 * the colleague finds it in 抄送事务; a second request is withdrawn (撤回) before the manager acts.
 *
 * Who plays whom: the demo park's admin (管理员) designs and is the manager; its staff (园区职员) is the
 * employee; two HR people and a colleague are made for the story (below).
 */
const run = Date.now() % 100_000
const KEY = `staff_leave_${run}`
const NAME = `员工请假${run}`
const CONDITION = `请假超过3天转人事${run}`
const HR_ROLE = `人事${run}`
const HR = { account: `hr_a_${run}`, realName: `人事甲${run}` }
const HR_OTHER = { account: `hr_b_${run}`, realName: `人事乙${run}` }
const COLLEAGUE = { account: `mate_${run}`, realName: `同事丙${run}` }
const DESIGN = '/workflow/design'
const WORK = '/workflow/process'
const API = '/xparkApi'

/**
 * Setup data through the API, not the story's steps: the HR role and its two members, and the copied
 * colleague. Each keeps the staff's role too (the park staff's menus: the task lists), in the staff's
 * department; they sign in with the demo password.
 */
async function makePeople(request: APIRequestContext) {
  const admin = await tokenOf(request, accounts.parkAdmin)
  const staff = await tokenOf(request, accounts.parkStaff)
  const ok = async (reply: Promise<Awaited<ReturnType<APIRequestContext['get']>>>) => {
    const r = await reply
    const body = (await r.json()) as { success?: boolean; msg?: string; data?: unknown }
    expect(r.ok(), `${r.url()}: ${body.msg}`).toBe(true)
    return body.data
  }
  const me = (await ok(
    request.get(`${API}/blade-user/detail`, { headers: admin.headers, params: { id: staff.userId } }),
  )) as { roleId: string; deptId: string }
  await ok(
    request.post(`${API}/blade-system/role/submit`, {
      headers: admin.headers,
      data: { roleName: HR_ROLE, roleAlias: `hr${run}`, sort: 9 },
    }),
  )
  const roles = (await ok(
    request.get(`${API}/blade-system/role/list`, { headers: admin.headers, params: { roleName: HR_ROLE } }),
  )) as { id: string; roleName: string }[]
  const hrRole = roles.find((r) => r.roleName === HR_ROLE)?.id
  expect(hrRole, 'the HR role').toBeTruthy()
  for (const [person, roleId] of [
    [HR, `${me.roleId},${hrRole}`],
    [HR_OTHER, `${me.roleId},${hrRole}`],
    [COLLEAGUE, me.roleId],
  ] as const)
    await ok(
      request.post(`${API}/blade-user/submit`, {
        headers: admin.headers,
        data: { ...person, roleId, deptId: me.deptId, passwordPlain: DEMO_PASSWORD },
      }),
    )
}

/** Someone's own browser, signed in. */
async function personAt(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, { tenantId: accounts.parkAdmin.tenantId, username })
  return page
}

/** A screen under 流程管理 → `folder` from the sidebar; waits for its tab. */
async function openScreen(page: Page, folder: string, path: string, label: string) {
  await openSidebarFolder(page, '/workflow', folder)
  await openSidebarFolder(page, folder, path)
  await sidebarItem(page, path).click()
  await expectActiveTab(page, label)
}

/** One of the task lists, fresh from the server (another person acted since it was last shown). */
async function openList(page: Page, path: string, label: string): Promise<Locator> {
  await page.reload()
  await expect(page.getByTestId('welcome').or(page.getByTestId('tab-bar')).first()).toBeVisible()
  await openScreen(page, WORK, path, label)
  const table = page.locator('[data-testid="crud-table"]:visible')
  await expect(table).toHaveCount(1)
  return table
}

/** The row of this story's process in a list (and the step it is at, when told). */
const storyRow = (table: Locator, step?: string) =>
  step
    ? table.locator('.ant-table-row', { hasText: NAME }).filter({ hasText: step })
    : table.locator('.ant-table-row', { hasText: NAME })

/** Picks an option of an antd select outside a dialog form (typing `search` first when given). */
async function choose(page: Page, select: Locator, title: string, search?: string) {
  await select.click()
  if (search) await page.keyboard.type(search)
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true })
  await expect(option).toBeVisible()
  await option.click()
  // a multiple select keeps its list open
  if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape')
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
}

/** 确定 of the confirm dialog that is open now. */
async function confirm(page: Page) {
  await popupsSettled(page)
  await page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click()
}

// —— the designer, as a mouse and keyboard use it ——

/** The element selected now (the one just made by the context pad). */
async function selectedId(page: Page): Promise<string> {
  const selected = page.getByTestId('wfd-canvas').locator('.djs-shape.selected')
  await expect(selected).toHaveCount(1)
  return (await selected.getAttribute('data-element-id')) as string
}

/** Selects a sequence flow by clicking the middle of its line. */
async function selectFlow(page: Page, id: string) {
  const middle = await page
    .locator(`.djs-connection[data-element-id="${id}"] .djs-visual > path`)
    .first()
    .evaluate((line: SVGPathElement) => {
      // the line's middle in its own coordinates, placed by where the line is drawn on the page
      const p = line.getPointAtLength(line.getTotalLength() / 2)
      const own = line.getBBox()
      const drawn = line.getBoundingClientRect()
      const scale = own.width >= own.height ? drawn.width / own.width : drawn.height / own.height
      return { x: drawn.x + (p.x - own.x) * scale, y: drawn.y + (p.y - own.y) * scale }
    })
  await clickDiagram(page, middle)
  await expect(page.getByTestId('wfd-id')).toContainText(id)
}

/** The flows drawn now (their ids). */
const flowIds = (page: Page) =>
  page
    .getByTestId('wfd-canvas')
    .locator('.djs-connection')
    .evaluateAll((all) => all.map((e) => e.getAttribute('data-element-id') ?? ''))

/**
 * From the selected node, the context pad's "append task": the new task's name typed in place, then
 * the wrench turns it into a user task. Answers the user task's id.
 */
async function appendUserTask(page: Page, name: string): Promise<string> {
  await padEntry(page, 'append.append-task').click()
  const editing = page.locator('.djs-direct-editing-parent')
  await expect(editing).toBeVisible()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  await expect(editing).toBeHidden()
  const task = await selectedId(page)
  await expect(shape(page, task)).toContainText(name)
  await padEntry(page, 'replace').click()
  await page.locator('.djs-popup [data-id="replace-with-user-task"]').click()
  const userTask = await selectedId(page)
  await expect(page.getByTestId('wfd-canvas').locator('.djs-element.selected')).toContainText(name)
  return userTask
}

test.describe('流程: the issue’s story (issue 31)', () => {
  test('design and deploy a leave approval; approve, claim, roll back, copy; withdraw a second request', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000)
    await makePeople(page.request)
    await signIn(page, accounts.parkAdmin)

    // —— design: a 流程表达式 for "more than three days" ——
    await openScreen(page, DESIGN, `${DESIGN}/condition`, '流程表达式')
    let form = await openAdd(page, 'workflow-condition-add')
    await form.getByTestId('crud-form-name').fill(CONDITION)
    await form.getByTestId('crud-form-type').fill('请假')
    await form.getByTestId('crud-form-expression').fill('days > 3')
    await submitDialog(page, 'workflow-condition-form-submit', '新增成功')

    // the start form (its key is the process key): a number field 请假天数 (days), in form-js
    await openScreen(page, DESIGN, `${DESIGN}/form`, '表单设计')
    form = await openAdd(page, 'workflow-form-add')
    await form.getByTestId('crud-form-name').fill(`${NAME}表单`)
    await form.getByTestId('crud-form-formKey').fill(KEY)
    await form.getByTestId('crud-form-content').click()
    const number = page.locator('.fjs-palette-field[data-field-type="number"]')
    await expect(number).toBeVisible({ timeout: 20_000 })
    // the palette's keyboard way: Enter on an entry adds the field at the end (and selects it)
    await number.focus()
    await number.press('Enter')
    // select it on the form's canvas: its properties (常规: label, key) show beside
    const field = page.locator('.fjs-editor-container .fjs-element', { hasText: 'Number' }).last()
    await expect(field).toBeVisible()
    await field.click()
    await expect(page.locator('.bio-properties-panel-header')).toContainText(/number/i)
    const keyInput = page.locator('[data-entry-id="key"] input')
    if (!(await keyInput.isVisible()))
      // the panel's group 常规 (form-js's General, in the console's Chinese: forms/formjs-zh.ts)
      await page.locator('.bio-properties-panel-group-header', { hasText: '常规' }).click()
    await expect(keyInput).toBeVisible()
    await keyInput.fill('days')
    await keyInput.press('Tab')
    const label = page.locator('[data-entry-id="label"] [contenteditable="true"]')
    await label.click()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('请假天数')
    await expect(page.locator('.fjs-form-field-number label')).toContainText('请假天数')
    await page.screenshot({ path: artifact('workflow-story-form.png') })
    await page.getByTestId('form-design-save').click()
    await expect(form).toContainText('请假天数')
    await submitDialog(page, 'workflow-form-form-submit', '新增成功')

    // the model, then its diagram in 流程设计
    await openScreen(page, DESIGN, `${DESIGN}/model`, '模型设计')
    form = await openAdd(page, 'workflow-model-add')
    await form.getByTestId('crud-form-name').fill(NAME)
    await form.getByTestId('crud-form-modelKey').fill(KEY)
    await submitDialog(page, 'workflow-model-form-submit', '新增成功')
    const model = page.locator('[data-testid="workflow-model-table"] .ant-table-row', { hasText: KEY })
    const modelId = await rowId(model)
    await model.getByTestId(`workflow-model-design-${modelId}`).click()
    await expectActiveTab(page, '流程设计')
    await expect(shape(page, 'start')).toBeVisible({ timeout: 20_000 })

    // start → 经理审批 → a gateway → the end (default); the gateway → 人事审批 (days > 3) → the end
    await selectShape(page, 'start')
    const manager = await appendUserTask(page, '经理审批')
    await padEntry(page, 'append.gateway').click()
    const gateway = await selectedId(page)
    let before = await flowIds(page)
    await padEntry(page, 'append.end-event').click()
    const end = await selectedId(page)
    await page.getByTestId('wfd-name').fill('结束')
    await page.getByTestId('wfd-name').press('Enter')
    await expect(shape(page, `${end}_label`)).toContainText('结束')
    const toEnd = (await flowIds(page)).filter((f) => !before.includes(f))
    await selectShape(page, gateway)
    before = await flowIds(page)
    const hr = await appendUserTask(page, '人事审批')
    const toHr = (await flowIds(page)).filter((f) => !before.includes(f))
    expect([toEnd.length, toHr.length]).toEqual([1, 1])
    await connect(page, hr, end)
    await expect(page.getByTestId('wfd-canvas').locator('.djs-connection')).toHaveCount(5)

    // the properties panel: who handles each step, the condition and the default flow
    await selectShape(page, manager)
    await choose(page, page.getByTestId('wfd-assignee'), '管理员 (示范园区)', '管理员')
    await selectShape(page, hr)
    await choose(page, page.getByTestId('wfd-assignee-mode'), '角色')
    await choose(page, page.getByTestId('wfd-assignee'), HR_ROLE, HR_ROLE)
    await selectFlow(page, toHr[0]!)
    await choose(page, page.getByTestId('wfd-condition-pick'), `${CONDITION}: days > 3`)
    await expect(page.getByTestId('wfd-condition')).toHaveValue('days > 3')
    await selectFlow(page, toEnd[0]!)
    await page.getByTestId('wfd-default-flow').click()
    await expect(page.getByTestId('wfd-default-flow')).toBeChecked()
    await page.screenshot({ path: artifact('workflow-story-designer.png') })
    await page.getByTestId('wfd-deploy').click()
    await expect(page.getByText(new RegExp(`已部署: ${KEY}:1:`))).toBeVisible()

    // —— the employee asks for five days ——
    const employee = await personAt(browser, accounts.parkStaff.username)
    await openScreen(employee, WORK, `${WORK}/create`, '新建流程')
    await employee.getByTestId('process-search').locator('input').fill(NAME)
    await employee.getByTestId(`process-card-${KEY}`).click()
    await expectActiveTab(employee, NAME)
    const start = employee.locator('[data-testid="process-start"]:visible')
    await expect(start.getByLabel('请假天数')).toBeVisible({ timeout: 20_000 })
    await start.getByLabel('请假天数').fill('5')
    await start.getByTestId('process-start-submit').click()
    await expect(employee.getByText('流程已发起')).toBeVisible()
    await expectActiveTab(employee, '已发事务')
    await expect(storyRow(employee.locator('[data-testid="crud-table"]:visible'))).toContainText('运行中')

    // —— the manager approves it from 待办事务 ——
    const approve = async (comment: string) => {
      const todo = await openList(page, `${WORK}/todo`, '待办事务')
      const task = storyRow(todo, '经理审批')
      const taskId = await rowId(task)
      await task.getByTestId(`workflow-handle-${taskId}`).click()
      await page.getByTestId('workflow-handle-comment').fill(comment)
      await popupsSettled(page)
      await page.getByTestId('workflow-handle-ok').click()
      await expect(page.getByText('已办理').first()).toBeVisible()
      await expect(todo.locator(`[data-row-key="${taskId}"]`)).toHaveCount(0)
    }
    await approve('同意')

    // —— HR: two people hold the role, so the task waits in 待签事务 until one claims it ——
    const hrDesk = await personAt(browser, HR.account)
    const claim = async () => {
      const claims = await openList(hrDesk, `${WORK}/claim`, '待签事务')
      const offered = storyRow(claims, '人事审批')
      const taskId = await rowId(offered)
      await offered.getByTestId(`workflow-claim-${taskId}`).click()
      await confirm(hrDesk)
      await expect(hrDesk.getByText('已签收').first()).toBeVisible()
      await expect(claims.locator(`[data-row-key="${taskId}"]`)).toHaveCount(0)
    }
    /** 待办事务 → 详情 of the HR task: 流程详情 with the handler's actions. */
    const hrDetail = async () => {
      const todo = await openList(hrDesk, `${WORK}/todo`, '待办事务')
      const task = storyRow(todo, '人事审批')
      const taskId = await rowId(task)
      await task.getByTestId(`workflow-detail-${taskId}`).click()
      await expectActiveTab(hrDesk, '流程详情')
      await expect(hrDesk.getByTestId('wfx-status')).toHaveText('运行中')
      return taskId
    }
    await claim()
    await hrDetail()
    // 退回 to the manager
    await hrDesk.getByTestId('wfx-rollback').click()
    await popupsSettled(hrDesk)
    await choose(hrDesk, hrDesk.getByTestId('wfx-rollback-dialog-node'), '经理审批')
    await hrDesk.getByTestId('wfx-rollback-dialog-text').fill('请经理再确认交接安排')
    await hrDesk.getByTestId('wfx-rollback-dialog-ok').click()
    await expect(hrDesk.getByText('已办理').first()).toBeVisible()
    await expect(hrDesk.getByTestId('wfx-history')).toContainText('退回')

    // —— the manager approves again, from the task's 流程详情, copying (抄送) a colleague first ——
    // (the manager copies: picking people looks them up (search/user, user_view), which the park's
    // admin may and its staff, HR here, may not)
    const todo = await openList(page, `${WORK}/todo`, '待办事务')
    const again = storyRow(todo, '经理审批')
    await again.getByTestId(`workflow-detail-${await rowId(again)}`).click()
    await expectActiveTab(page, '流程详情')
    await expect(page.getByTestId('wfx-history')).toContainText('请经理再确认交接安排')
    await page.getByTestId('wfx-copy').click()
    await popupsSettled(page)
    await choose(
      page,
      page.getByTestId('wfx-copy-dialog-people'),
      `${COLLEAGUE.realName} (${COLLEAGUE.account})`,
      COLLEAGUE.realName,
    )
    await page.getByTestId('wfx-copy-dialog-ok').click()
    await expect(page.getByText('已抄送').first()).toBeVisible()
    await page.locator('[data-testid^="workflow-handle-"]:visible').click()
    await page.getByTestId('workflow-handle-comment').fill('已确认交接, 同意')
    await popupsSettled(page)
    await page.getByTestId('workflow-handle-ok').click()
    await expect(page.getByText('已办理').first()).toBeVisible()

    // —— HR claims it again and approves ——
    await claim()
    await hrDetail()
    await hrDesk.locator('[data-testid^="workflow-handle-"]:visible').click()
    await hrDesk.getByTestId('workflow-handle-comment').fill('同意, 人事已备案')
    await popupsSettled(hrDesk)
    await hrDesk.getByTestId('workflow-handle-ok').click()
    await expect(hrDesk.getByText('已办理').first()).toBeVisible()

    // —— 流程详情: done, and the diagram lights the walked path ——
    await expect(hrDesk.getByTestId('wfx-status')).toHaveText('已完成')
    const history = hrDesk.getByTestId('wfx-history')
    for (const step of ['发起', '签收', '退回', '抄送', '同意']) await expect(history).toContainText(step)
    const diagram = hrDesk.getByTestId('wf-diagram')
    // the gateway too: it writes no history, the diagram infers it (designer/walked.ts)
    for (const node of ['start', manager, gateway, hr, end])
      await expect(diagram.locator(`.djs-element.xpark-passed[data-element-id="${node}"]`)).toBeVisible({
        timeout: 20_000,
      })
    await expect(diagram.locator('.djs-element.xpark-current')).toHaveCount(0)
    await hrDesk.screenshot({ path: artifact('workflow-story-detail.png') })
    await diagram.scrollIntoViewIfNeeded()
    await hrDesk.screenshot({ path: artifact('workflow-story-diagram.png') })

    // —— the colleague finds it in 抄送事务 ——
    const colleague = await personAt(browser, COLLEAGUE.account)
    const copies = await openList(colleague, `${WORK}/copy`, '抄送事务')
    const copied = storyRow(copies)
    await expect(copied).toContainText('已完成')
    await copied.getByTestId(`workflow-detail-${await rowId(copied)}`).click()
    await expectActiveTab(colleague, '流程详情')
    await expect(colleague.getByTestId('wfx-status')).toHaveText('已完成')
    await expect(colleague.getByTestId('wfx-form')).toContainText('请假天数')

    // —— a second request, withdrawn (撤回) before the manager acts ——
    await openScreen(employee, WORK, `${WORK}/create`, '新建流程')
    await employee.getByTestId('process-search').locator('input').fill(NAME)
    await employee.getByTestId(`process-card-${KEY}`).click()
    await expectActiveTab(employee, NAME)
    await expect(start.getByLabel('请假天数')).toBeVisible({ timeout: 20_000 })
    await start.getByLabel('请假天数').fill('2')
    await start.getByTestId('process-start-submit').click()
    await expect(employee.getByText('流程已发起')).toBeVisible()
    await expectActiveTab(employee, '已发事务')
    const sent = employee.locator('[data-testid="crud-table"]:visible')
    const second = storyRow(sent).filter({ hasText: '运行中' })
    const secondId = await rowId(second)
    await second.getByTestId(`workflow-withdraw-${secondId}`).click()
    await confirm(employee)
    await expect(employee.getByText('已撤回').first()).toBeVisible()
    // the initiator's own end before any approval is a withdrawal: the row reads 已撤回
    await expect(sent.locator(`[data-row-key="${secondId}"]`)).toContainText('已撤回')
    await employee.screenshot({ path: artifact('workflow-story-withdrawn.png') })
    // the manager has nothing of it left to do
    const left = await openList(page, `${WORK}/todo`, '待办事务')
    await expect(storyRow(left)).toHaveCount(0)
  })
})

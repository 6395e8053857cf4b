import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { accounts, artifact, DEMO_PASSWORD, expectActiveTab, popupsSettled, signIn } from '../support/console'
import {
  openAdd,
  openForm,
  openScreen,
  pickOption,
  rowId,
  rowWith,
  signOut,
  submitDialog,
} from '../support/crud'
import { raiseEvent } from '../support/devices'
import { expect, test } from '../support/fixtures'

/**
 * People and places (issue 30): a host registers a visitor, an approver lets them in through a door
 * registered for the run (its area is theirs alone), the door (as the machine, over MQTT) admits
 * them, and 访客管理, 门禁记录 and 访客分析 show it; a car the park's gate cameras see enter and leave pays its fee on the exit pass; a new
 * department's people punch at the attendance machine all of last month, and 考勤月报 shows each day
 * as those punches make it, on screen and in the xlsx it exports.
 */
const PARK = accounts.parkAdmin.tenantId
const SYSTEM = '/system'
const VISITOR = '/visitor'
const ANALYSIS = '/analysis'
const PARKING = '/parking'
const ATTENDANCE = '/attendance'
/** The demo park's machines (device, parking and attendance demos). */
const GATE_IN = 'GATE-P1'
const GATE_OUT = 'GATE-P2'
const CLOCK = { code: 'CLOCK-A1', name: 'A 栋考勤机' }

/** A short tag making this run's names its own (the database outlives a failed try). */
const tag = () => String(Date.now() % 1_000_000)
const two = (n: number) => String(n).padStart(2, '0')
const dayText = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
/** `yyyy-MM-dd HH:mm:ss` as the tables show a time (the browser, the server and this run share a clock). */
const timeText = (d: Date) =>
  `${dayText(d)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`

/** Types a date and time into a date picker of the open dialog, as a person may, and confirms it. */
async function typeDate(page: Page, field: Locator, value: string): Promise<void> {
  await field.click()
  await field.fill(value)
  await field.press('Enter')
  await expect(field).toHaveValue(value)
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0)
}

/** The antd select `field`: types `search`, chooses the option titled `title`. */
async function chooseTyped(page: Page, field: Locator, search: string, title: string): Promise<void> {
  await field.click()
  await page.keyboard.type(search)
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true })
  await expect(option).toBeVisible()
  await option.click()
  await expect(field).toContainText(title)
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
}

/** Picks `title` in a select of a screen's filters (no dialog around it), then closes its dropdown. */
async function pickFilter(page: Page, field: Locator, title: string): Promise<void> {
  await field.click()
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true })
  await expect(option).toBeVisible()
  await option.click()
  await expect(field).toContainText(title)
  if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape')
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
}

/** 用户管理: a new user of department `dept` with role `role`; answers their id. */
async function addUser(
  page: Page,
  user: { dept: string; account: string; realName: string; role: string },
): Promise<string> {
  const users = await openScreen(page, SYSTEM, '/system/user', '用户管理', 'user-page')
  await page.getByTestId('user-dept-tree').getByText(user.dept, { exact: true }).click()
  const form = await openAdd(page, 'user-add')
  await popupsSettled(page)
  await form.getByTestId('crud-form-account').fill(user.account)
  await form.getByTestId('crud-form-realName').fill(user.realName)
  await form.getByTestId('crud-form-passwordPlain').fill(DEMO_PASSWORD)
  await form.getByTestId('crud-form-password2').fill(DEMO_PASSWORD)
  await form.getByTestId('crud-form-phone').fill('13700000000')
  await expect(form.getByTestId('crud-form-deptId')).toContainText(user.dept)
  await pickOption(page, form.getByTestId('crud-form-roleId'), user.role)
  await submitDialog(page, 'user-form-submit', '新增成功')
  return rowId(rowWith(users.getByTestId('user-table'), user.account))
}

/** The 访客数 and 已到访 of `area` in 访客分析's 各区域访客 table (0 while the area has no row). */
async function visitsIn(page: Page, area: string): Promise<{ visits: number; arrived: number }> {
  const panel = page.getByTestId('dashboard-panel-3')
  await expect(panel).toContainText('各区域访客')
  await expect(panel).toContainText('合计')
  const table = page.getByTestId('dashboard-panel-table-3')
  await expect(table.getByRole('columnheader', { name: '已到访' })).toBeVisible()
  const row = rowWith(table, area)
  if ((await row.count()) === 0) return { visits: 0, arrived: 0 }
  const cells = await row.getByRole('cell').allTextContents()
  return { visits: Number(cells[1]), arrived: Number(cells[2]) }
}

test.describe('访客, 停车, 考勤 (issue 30)', () => {
  test('a host registers a visitor, an approver approves, the door admits them: records and visit analysis show it', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const run = tag()
    const host = { account: `host${run}`, realName: `接待人${run}` }
    const visitor = `访客${run}`
    await signIn(page, accounts.parkAdmin)

    // the host: a park administrator of 示范园区 (the demo's staff role only looks at visits)
    await addUser(page, { dept: '示范园区', role: '管理员', ...host })

    // 设备管理: the door of this visit, at a gate of its own (the analysis counts its area's visits alone)
    const door = { code: `DOOR-${run}`, name: `${run}号门岗门禁`, area: `${run}号门岗` }
    const machines = await openScreen(page, '/device', '/device/machine', '设备管理', 'machine-page')
    const machineForm = await openAdd(page, 'machine-add')
    await popupsSettled(page)
    await machineForm.getByTestId('crud-form-code').fill(door.code)
    await machineForm.getByTestId('crud-form-name').fill(door.name)
    await pickOption(page, machineForm.getByTestId('crud-form-type'), '门禁')
    await machineForm.getByTestId('crud-form-location').fill(door.area)
    await submitDialog(page, 'machine-form-submit', '新增成功')
    await expect(rowWith(machines.getByTestId('machine-table'), door.code)).toContainText(door.name)
    await signOut(page)

    // the host registers their visitor for the next two hours
    await signIn(page, { tenantId: PARK, username: host.account })
    const visits = await openScreen(page, VISITOR, '/visitor/list', '访客管理', 'visitor-page')
    const form = await openAdd(page, 'visitor-add')
    await popupsSettled(page)
    await form.getByTestId('crud-form-visitorName').fill(visitor)
    await form.getByTestId('crud-form-visitorPhone').fill('13912345678')
    await form.getByTestId('crud-form-company').fill('华南设备有限公司')
    await chooseTyped(
      page,
      form.getByTestId('crud-form-hostId'),
      host.realName,
      `${host.realName} (${host.account})`,
    )
    const now = Date.now()
    await typeDate(page, form.getByTestId('crud-form-visitStart'), timeText(new Date(now - 10 * 60_000)))
    await typeDate(page, form.getByTestId('crud-form-visitEnd'), timeText(new Date(now + 120 * 60_000)))
    await form.getByTestId('crud-form-reason').fill('设备巡检交流')
    await page.screenshot({ path: artifact('visitor-register.png') })
    await submitDialog(page, 'visitor-form-submit', '新增成功')
    const table = visits.getByTestId('visitor-table')
    const visit = rowWith(table, visitor)
    await expect(visit).toContainText('待审批')
    await expect(visit).toContainText(host.realName)
    const visitId = await rowId(visit)
    await signOut(page)

    // the approver (visitor_approve) lets them in through the A building's door
    await signIn(page, accounts.parkAdmin)
    const approval = await openScreen(page, VISITOR, '/visitor/approval', '访客审批', 'visitor-approval')
    const asked = approval.locator('.ant-table-row', { hasText: visitor })
    await expect(asked).toContainText(host.realName)
    await asked.getByTestId(`visit-approve-${visitId}`).click()
    const decide = page.locator('.ant-modal-wrap:visible').filter({ hasText: '通过' })
    await expect(decide).toBeVisible()
    await popupsSettled(page)
    await pickOption(page, decide.getByTestId('visit-doors'), `${door.name} (${door.area})`)
    await decide.getByRole('button', { name: /确\s*定|OK/ }).click()
    await expect(page.getByText('操作成功').first()).toBeVisible()
    const grants = page.locator('.ant-modal-wrap:visible').filter({ hasText: '授权结果' })
    const grant = grants.locator('.ant-table-row', { hasText: door.name })
    await expect(grant).toContainText(door.area)
    // issued to the door once the decision committed: 待下发 at the reply, 已下发 once the door took it
    await expect(grant).toContainText(/待下发|已下发/)
    await page.screenshot({ path: artifact('visitor-approved.png') })
    await grants.locator('.ant-modal-close').click()
    await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0)

    // the door recognises the visitor it was granted (the visit's id) and lets them through
    await raiseEvent(PARK, door.code, { type: 'door', userId: visitId, method: 'face' })

    // 访客管理: arrived
    await openScreen(page, VISITOR, '/visitor/list', '访客管理', 'visitor-page')
    await visits.getByTestId('crud-search-visitorName').fill(visitor)
    await visits.getByTestId('visitor-search-submit').click()
    await expect(async () => {
      await visits.getByTestId('crud-refresh').click()
      await expect(visit).toContainText('已到访', { timeout: 3_000 })
    }).toPass({ timeout: 30_000 })
    await expect(visit).toContainText(door.area)
    await expect(visit).toContainText('管理员')

    // 门禁记录: the visitor's pass at the door
    const doors = await openScreen(page, VISITOR, '/door/record', '门禁记录', 'door-record-page')
    await doors.getByTestId('crud-search-personName').fill(visitor)
    await doors.getByTestId('door-record-search-submit').click()
    const pass = rowWith(doors.getByTestId('door-record-table'), visitor)
    await expect(pass).toHaveCount(1)
    for (const text of [door.name, door.area, '访客', '人脸', '通过']) await expect(pass).toContainText(text)
    await page.screenshot({ path: artifact('visitor-door-record.png') })

    // 访客分析: the door's area, one visit, arrived, once the daily figures are recomputed (30 s job)
    await openScreen(page, ANALYSIS, '/analysis/visit', '访客分析', 'dashboard')
    await expect(async () => {
      await page.reload()
      await expectActiveTab(page, '访客分析')
      expect(await visitsIn(page, door.area)).toEqual({ visits: 1, arrived: 1 })
    }).toPass({ timeout: 120_000, intervals: [5_000] })
    await page.screenshot({ path: artifact('visitor-analysis.png'), fullPage: true })
  })

  test('a car the gate cameras see enter and leave: in 在场车辆 meanwhile, its fee on the exit pass', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const plate = `粤E${String(Date.now() % 100_000).padStart(5, '0')}`
    // in 130 minutes ago, out 125 min 20 s later: 126 started minutes, 3 started hours at 2 元 = 6 元
    const entered = new Date(Date.now() - 130 * 60_000)
    const left = new Date(entered.getTime() + 125 * 60_000 + 20_000)
    await signIn(page, accounts.parkAdmin)

    // the entry camera reports the plate (a temporary car: 地下停车场 lets them in by itself)
    await raiseEvent(PARK, GATE_IN, { type: 'plate', plate, plateColor: 1 }, entered)
    const vehicles = await openScreen(page, PARKING, '/parking/vehicle', '在场车辆', 'parking-vehicle-page')
    await vehicles.getByTestId('crud-search-plate').fill(plate)
    await vehicles.getByTestId('parking-vehicle-search-submit').click()
    const inside = rowWith(vehicles.getByTestId('parking-vehicle-table'), plate)
    // 刷新 until the camera's event has been decided
    await expect(async () => {
      await vehicles.getByTestId('crud-refresh').click()
      await expect(inside).toHaveCount(1, { timeout: 3_000 })
    }).toPass({ timeout: 30_000 })
    // the entry gate by the car park's name for it, as 过车记录 names it (南入口, on the demo's GATE-P1)
    for (const text of ['地下停车场', '南入口', '蓝色', timeText(entered)])
      await expect(inside).toContainText(text)
    await page.screenshot({ path: artifact('parking-vehicle.png') })

    // the exit camera reports it
    await raiseEvent(PARK, GATE_OUT, { type: 'plate', plate, plateColor: 1 }, left)
    await expect(async () => {
      await vehicles.getByTestId('crud-refresh').click()
      await expect(inside).toHaveCount(0, { timeout: 3_000 })
    }).toPass({ timeout: 30_000 })

    // 过车记录: the entry, and the exit with its minutes and its fee
    const passes = await openScreen(page, PARKING, '/parking/pass', '过车记录', 'parking-pass-page')
    await passes.getByTestId('crud-search-plate').fill(plate)
    await passes.getByTestId('parking-pass-search-submit').click()
    const rows = passes.getByTestId('parking-pass-table').locator('.ant-table-row', { hasText: plate })
    await expect(rows).toHaveCount(2)
    const entry = rows.filter({ has: page.getByRole('cell', { name: '入场', exact: true }) })
    for (const text of ['南入口', '车牌识别', '入口放行', '开闸', timeText(entered)])
      await expect(entry).toContainText(text)
    const exit = rows.filter({ has: page.getByRole('cell', { name: '出场', exact: true }) })
    for (const text of ['南出口', '车牌识别', '出口收费放行', '开闸', timeText(left), timeText(entered)])
      await expect(exit).toContainText(text)
    await expect(exit.getByRole('cell', { name: '126', exact: true })).toBeVisible()
    await expect(exit.getByRole('cell', { name: '6.00', exact: true })).toBeVisible()
    await page.screenshot({ path: artifact('parking-passes.png') })
  })

  test("a department's monthly sheet shows its punches at the attendance machine, and exports as xlsx", async ({
    page,
  }) => {
    test.setTimeout(300_000)
    const run = tag()
    const dept = `考勤测试部${run}`
    const person = { account: `kq${run}`, realName: `考勤员${run}` }
    // last month: every day of it has closed
    const first = new Date()
    first.setDate(1)
    first.setMonth(first.getMonth() - 1)
    const year = first.getFullYear()
    const month = first.getMonth()
    const monthText = `${year}-${two(month + 1)}`
    const dayCount = new Date(year, month + 1, 0).getDate()
    const days = Array.from({ length: dayCount }, (_, i) => new Date(year, month, i + 1))
    const weekday = (d: Date) => d.getDay() >= 1 && d.getDay() <= 5
    const [normalDay, lateDay, earlyDay, missingDay] = days.filter(weekday) as [Date, Date, Date, Date]
    const at = (d: Date, hh: number, mm: number) =>
      new Date(d.getFullYear(), d.getMonth(), d.getDate(), hh, mm)
    // what the machine reads out: on time; 20 minutes late; 30 minutes early; no punch out
    const punches = [
      at(normalDay, 8, 55),
      at(normalDay, 18, 5),
      at(lateDay, 9, 20),
      at(lateDay, 18, 2),
      at(earlyDay, 8, 58),
      at(earlyDay, 17, 30),
      at(missingDay, 8, 50),
    ]
    // and so each day's result: the other weekdays without a punch are 旷工, weekends 休息
    const expected = days.map((d) =>
      d === normalDay
        ? '正常'
        : d === lateDay
          ? '迟到'
          : d === earlyDay
            ? '早退'
            : d === missingDay
              ? '缺卡'
              : weekday(d)
                ? '旷工'
                : '休息',
    )
    const workdays = days.filter(weekday).length
    const figures = {
      应出勤: workdays,
      正常: 1,
      迟到: 1,
      早退: 1,
      缺卡: 1,
      旷工: workdays - 4,
      休息: dayCount - workdays,
      请假: 0,
      '迟到(分钟)': 20,
      '早退(分钟)': 30,
      '旷工(天)': workdays - 4,
    }
    await signIn(page, accounts.parkAdmin)

    // 部门管理: the department, and its one person
    const depts = await openScreen(page, SYSTEM, '/system/dept', '部门管理', 'dept-page')
    await openAdd(page, 'dept-add')
    await openForm(page).getByTestId('crud-form-deptName').fill(dept)
    await submitDialog(page, 'dept-form-submit', '新增成功')
    await expect(depts.getByRole('row', { name: new RegExp(dept) })).toBeVisible()
    const userId = await addUser(page, { dept, role: '园区职员', ...person })

    // 考勤规则: the department, 09:00-18:00 on weekdays at the A building's machine, from last month on
    const rules = await openScreen(page, ATTENDANCE, '/attendance/rule', '考勤规则', 'attendance-rule-page')
    const form = await openAdd(page, 'attendance-rule-add')
    await popupsSettled(page)
    await form.getByTestId('crud-form-name').fill(`${dept}工时`)
    await pickOption(page, form.getByTestId('crud-form-deptIds'), dept)
    for (const d of ['周一', '周二', '周三', '周四', '周五'])
      await form.getByTestId('crud-form-workdays').getByLabel(d).check()
    await pickOption(page, form.getByTestId('crud-form-shiftCount'), '一天一班')
    await form.getByTestId('crud-form-start1').fill('09:00')
    await form.getByTestId('crud-form-end1').fill('18:00')
    await form.getByTestId('crud-form-lateGraceMinutes').fill('5')
    await form.getByTestId('crud-form-earlyGraceMinutes').fill('0')
    await form.getByTestId('crud-form-absentMinutes').fill('240')
    await form.getByTestId('crud-form-punchBeforeMinutes').fill('120')
    await form.getByTestId('crud-form-punchAfterMinutes').fill('240')
    await pickOption(page, form.getByTestId('crud-form-machineIds'), `${CLOCK.name} (${CLOCK.code})`)
    await pickOption(page, form.getByTestId('crud-form-useHolidays'), '否')
    await typeDate(page, form.getByTestId('crud-form-effectiveDay'), `${monthText}-01`)
    await pickOption(page, form.getByTestId('crud-form-status'), '启用')
    await page.screenshot({ path: artifact('attendance-rule-form.png') })
    await submitDialog(page, 'attendance-rule-form-submit', '新增成功')
    const rule = rowWith(rules.getByTestId('attendance-rule-table'), `${dept}工时`)
    await expect(rule).toContainText(dept)
    await expect(rule).toContainText(CLOCK.name)
    await expect(rule.getByRole('cell', { name: '1', exact: true }).first()).toBeVisible()

    // the machine reads out last month's punches of the person (as the machine, over MQTT)
    for (const punch of punches) await raiseEvent(PARK, CLOCK.code, { type: 'punch', userId }, punch)

    // 考勤月报: the department, last month; the results job (every 60 s) computes the days
    const sheet = await openScreen(page, ATTENDANCE, '/attendance/sheet', '考勤月报', 'attendance-sheet')
    const row = rowWith(sheet.getByTestId('attendance-sheet-table'), person.realName)
    const marks: Record<string, string> = {
      正常: '√',
      迟到: '迟',
      早退: '早',
      缺卡: '缺',
      旷工: '旷',
      休息: '休',
      请假: '假',
    }
    await expect(async () => {
      await page.reload()
      await expectActiveTab(page, '考勤月报')
      await pickFilter(page, sheet.getByTestId('attendance-sheet-dept'), dept)
      const picker = sheet.getByTestId('attendance-sheet-month')
      await picker.click()
      await picker.fill(monthText)
      await picker.press('Enter')
      await expect(picker).toHaveValue(monthText)
      await expect(row).toHaveCount(1, { timeout: 5_000 })
      const cells = row.getByRole('cell')
      for (const [i, status] of expected.entries())
        await expect(cells.nth(2 + i), `day ${i + 1}`).toHaveText(marks[status]!, { timeout: 1_000 })
    }).toPass({ timeout: 180_000, intervals: [10_000] })
    const cells = row.getByRole('cell')
    await expect(cells.nth(1)).toHaveText(dept)
    for (const [i, value] of Object.values(figures).entries())
      await expect(cells.nth(2 + dayCount + i)).toHaveText(String(value))
    await expect(sheet.getByTestId('attendance-sheet-table').locator('.ant-table-row')).toHaveCount(1)
    await page.screenshot({ path: artifact('attendance-sheet.png'), fullPage: true })

    // 导出: the same sheet as an xlsx, each day's result by its name
    const work = mkdtempSync(join(tmpdir(), 'xpark-e2e-sheet-'))
    try {
      const downloading = page.waitForEvent('download')
      await sheet.getByTestId('attendance-sheet-export').click()
      const download = await downloading
      expect(download.suggestedFilename()).toBe(`考勤月报 ${monthText}.xlsx`)
      const file = join(work, 'sheet.xlsx')
      await download.saveAs(file)
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(file)
      const ws = book.worksheets[0]!
      const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1).map((v) => v ?? '')
      expect(values(1)).toEqual([
        '姓名',
        '部门',
        ...days.map((_, i) => String(i + 1)),
        '应出勤(天)',
        '正常',
        '迟到',
        '早退',
        '缺卡',
        '旷工',
        '休息',
        '请假',
        '迟到(分钟)',
        '早退(分钟)',
        '旷工(天)',
      ])
      expect(ws.rowCount).toBe(2)
      // what the screen shows, cell by cell: the marks read as their names
      const shown = await cells.allTextContents()
      const byMark = Object.fromEntries(Object.entries(marks).map(([name, mark]) => [mark, name]))
      const fromScreen = [
        shown[0],
        shown[1],
        ...shown.slice(2, 2 + dayCount).map((m) => byMark[m]),
        ...shown.slice(2 + dayCount, 2 + dayCount + 11).map(Number),
      ]
      expect(values(2)).toEqual(fromScreen)
      expect(values(2)).toEqual([person.realName, dept, ...expected, ...Object.values(figures)])
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
})

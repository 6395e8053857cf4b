import type { PartnerStatisticRow, SavedReportRow } from '@xpark/contract/modules/report'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLUMN_WIDTH_PX, widthInPixels } from '../../core/excel/index.js'
import { nextId } from '../../core/ids.js'
import { stamped } from '../../core/tenancy.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { firstSheet, rowValues } from '../../test/workbook.js'
import { roleScope, scopeData } from '../authority/index.js'
import { canteenOrder } from '../canteen/index.js'
import { commodityOrder } from '../commodity/index.js'
import { user } from '../identity/index.js'
import { menu } from '../menu/index.js'
import { reportPartner, savedReport } from './schema.js'

/**
 * Reports through their routes on a real database: a partner's figures equal the raw sums over crafted
 * orders (another tenant's never counted), an unknown partner is 404 `data not found`, the export
 * reads back with the house layout, saved reports are listed to their owner and shared roles and
 * removed by their owner or `report_delete` only, partner codes are path-safe and unique.
 */

const TENANT = '100001'
const OTHER = '200002'
type Page<T> = { records: T[]; total: number }

describe('reports', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  const api = apiClient(
    () => t,
    () => admin,
  )
  const { get, post } = api

  const who = (tenantId: string) => ({ tenantId, userId: '1', deptIds: [] as string[] })
  let orderNo = 0
  const shopOrder = async (tenantId: string, channel: string, at: string, amount: number, status: number) =>
    t.database.db.insert(commodityOrder).values(
      stamped(commodityOrder, who(tenantId), {
        id: nextId(),
        orderNo: `RPT${++orderNo}`,
        buyerName: '测试',
        totalAmount: amount,
        itemCount: 1,
        orderTime: new Date(at),
        status,
        channel,
      }) as never,
    )
  const mealOrder = async (
    tenantId: string,
    channel: string,
    day: string,
    pay: number,
    refund: number,
    meal = 2,
    canteenId = '9001',
  ) =>
    t.database.db.insert(canteenOrder).values(
      stamped(canteenOrder, who(tenantId), {
        id: nextId(),
        orderNo: `RPM${++orderNo}`,
        canteenId,
        publishId: '1',
        cardId: '1',
        cardNo: 'C1',
        orderDate: day,
        mealType: meal,
        totalFee: pay,
        payPrice: pay,
        refundFee: refund,
        status: 2,
        channel,
      }) as never,
    )

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
  })
  afterAll(() => t.close())

  it('seeds the demo partners and gives a share of the demo orders their channels', async () => {
    const res = await get<{ code: string; name: string }[]>('supermarketList')
    expect(res.status, res.body.msg).toBe(200)
    expect(res.body.data).toEqual([
      { code: 'darunfa', name: '大润发' },
      { code: 'walmart', name: '沃尔玛' },
    ])
    const carried = await t.database.db
      .select({ id: commodityOrder.id })
      .from(commodityOrder)
      .where(and(eq(commodityOrder.tenantId, TENANT), eq(commodityOrder.channel, 'darunfa')))
    expect(carried.length).toBeGreaterThan(0)
    const meals = await t.database.db
      .select({ id: canteenOrder.id })
      .from(canteenOrder)
      .where(and(eq(canteenOrder.tenantId, TENANT), eq(canteenOrder.channel, 'tietong')))
    expect(meals.length).toBeGreaterThan(0)
  })

  it('statisticList equals the raw sums over crafted orders; another tenant is never counted', async () => {
    const saved = await post('xpark-report/partner/save', { code: 'acme-1', name: '测试渠道', kind: 1 })
    expect(saved.status, saved.body.msg).toBe(200)
    // tenant B has a partner of the same code, and orders of it on the same days
    await t.database.db
      .insert(reportPartner)
      .values(
        stamped(reportPartner, who(OTHER), { id: nextId(), code: 'acme-1', name: 'B', kind: 1 }) as never,
      )
    const local = (d: string, h: number) => new Date(`${d}T00:00:00`).getTime() + h * 3600_000
    const at = (d: string, h: number) => new Date(local(d, h)).toISOString()
    await shopOrder(TENANT, 'acme-1', at('2026-01-01', 9), 1250, 2)
    await shopOrder(TENANT, 'acme-1', at('2026-01-01', 23), 300, 3)
    await shopOrder(TENANT, 'acme-1', at('2026-01-01', 10), 999, 1) // placed: not sold
    await shopOrder(TENANT, 'acme-1', at('2026-01-01', 11), 888, 4) // cancelled
    await shopOrder(TENANT, 'other', at('2026-01-01', 11), 777, 2) // another channel
    await shopOrder(TENANT, 'acme-1', at('2026-01-03', 0), 5000, 2)
    await shopOrder(TENANT, 'acme-1', at('2026-01-04', 1), 4000, 2) // after the range
    await shopOrder(OTHER, 'acme-1', at('2026-01-01', 9), 100_000, 2)
    await mealOrder(TENANT, 'acme-1', '2026-01-01', 1500, 500)
    await mealOrder(TENANT, 'acme-1', '2026-01-02', 1200, 0)
    await mealOrder(OTHER, 'acme-1', '2026-01-02', 100_000, 100)

    const res = await get<PartnerStatisticRow[]>('acme-1/statisticList', {
      startTime: '2026-01-01',
      endTime: '2026-01-03',
    })
    expect(res.status, res.body.msg).toBe(200)
    const row = (day: string, orderCount: number, amount: number, refundAmount: number) => ({
      day,
      partnerCode: 'acme-1',
      partnerName: '测试渠道',
      orderCount,
      amount,
      refundAmount,
    })
    expect(res.body.data).toEqual([
      row('2026-01-01', 3, 1250 + 300 + 1500, 500),
      row('2026-01-02', 1, 1200, 0),
      row('2026-01-03', 1, 5000, 0),
    ])
  })

  it('the report.partner statistic answers the figures statisticList answers, for widgets and saved views', async () => {
    const today = new Date()
    const day = (n: number) => {
      const d = new Date(today.getTime() - n * 86_400_000)
      const two = (x: number) => String(x).padStart(2, '0')
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
    }
    const list = await get<PartnerStatisticRow[]>('darunfa/statisticList', {
      startTime: day(29),
      endTime: day(0),
    })
    expect(list.status, list.body.msg).toBe(200)
    for (const [measure, of] of [
      ['orders', (r: PartnerStatisticRow) => r.orderCount],
      ['amount', (r: PartnerStatisticRow) => r.amount],
      ['refund', (r: PartnerStatisticRow) => r.refundAmount],
    ] as const) {
      const run = await get<{
        value: number
        labels: string[]
        series: { data: number[] }[]
        money: boolean
      }>('xpark-statistic/run', {
        name: 'report.partner',
        params: JSON.stringify({ days: '30', partner: 'darunfa', measure }),
      })
      expect(run.status, run.body.msg).toBe(200)
      expect(run.body.data.labels).toEqual(list.body.data.map((r) => r.day))
      expect(run.body.data.series[0]!.data).toEqual(list.body.data.map(of))
      expect(run.body.data.money).toBe(measure !== 'orders')
    }
    const unknown = await get('xpark-statistic/run', {
      name: 'report.partner',
      params: '{"partner":"nobody"}',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.msg).toBe('data not found')
  })

  it('an unknown partner, or one of another tenant only, is 404 data not found', async () => {
    await t.database.db
      .insert(reportPartner)
      .values(
        stamped(reportPartner, who(OTHER), { id: nextId(), code: 'only-b', name: 'B', kind: 1 }) as never,
      )
    for (const code of ['nobody', 'only-b', 'Bad_Code']) {
      const res = await get(`${code}/statisticList`, { startTime: '2026-01-01', endTime: '2026-01-02' })
      expect(res.status).toBe(404)
      expect(res.body.msg).toBe('data not found')
    }
    const dining = await get('tietong/dingingCount', { startTime: '2026-01-01', endTime: '2026-01-02' })
    expect(dining.status, dining.body.msg).toBe(200)
    await t.database.db
      .update(reportPartner)
      .set({ isDeleted: 1 })
      .where(and(eq(reportPartner.tenantId, TENANT), eq(reportPartner.code, 'yidong')))
    const gone = await get('yidong/dingingCount', { startTime: '2026-01-01', endTime: '2026-01-02' })
    expect(gone.status).toBe(404)
    expect(gone.body.msg).toBe('data not found')
    const long = await get('acme-1/statisticList', { startTime: '2025-01-01', endTime: '2026-01-02' })
    expect(long.status).toBe(400)
    const backwards = await get('acme-1/statisticList', { startTime: '2026-01-03', endTime: '2026-01-02' })
    expect(backwards.status).toBe(400)
  })

  it('the dining counts are meals a day per canteen and meal of the channel', async () => {
    await mealOrder(TENANT, 'tietong', '2026-02-01', 1000, 0, 1, '9001')
    await mealOrder(TENANT, 'tietong', '2026-02-01', 1000, 0, 1, '9001')
    await mealOrder(TENANT, 'tietong', '2026-02-01', 1000, 0, 2, '9001')
    await mealOrder(TENANT, 'walmart', '2026-02-01', 1000, 0, 2, '9001')
    await mealOrder(OTHER, 'tietong', '2026-02-01', 1000, 0, 2, '9001')
    const res = await get<{ day: string; mealType: number; meals: number }[]>('tietong/dingingCount', {
      startTime: '2026-02-01',
      endTime: '2026-02-01',
    })
    expect(res.status, res.body.msg).toBe(200)
    expect(res.body.data.map((r) => [r.day, r.mealType, r.meals])).toEqual([
      ['2026-02-01', 1, 2],
      ['2026-02-01', 2, 1],
    ])
  })

  it('darunfa-h5/page pages the darunfa orders with their filters', async () => {
    const all = await get<Page<{ orderNo: string }>>('darunfa-h5/page', { size: 1000 })
    expect(all.status, all.body.msg).toBe(200)
    const expected = await t.database.db
      .select({ id: commodityOrder.id })
      .from(commodityOrder)
      .where(
        and(
          eq(commodityOrder.tenantId, TENANT),
          eq(commodityOrder.channel, 'darunfa'),
          eq(commodityOrder.isDeleted, 0),
        ),
      )
    expect(all.body.data.total).toBe(expected.length)
    const first = all.body.data.records[0]!
    const one = await get<Page<{ orderNo: string }>>('darunfa-h5/page', { orderNo: first.orderNo })
    expect(one.body.data.records.map((r) => r.orderNo)).toContain(first.orderNo)
  })

  it('exports the ticked days, or the range, with the house layout', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/acme-1/export-excel',
      headers: admin,
      payload: { startTime: '2026-01-01', endTime: '2026-01-03', days: ['2026-01-01', '2026-01-03'] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const sheet = await firstSheet(res.rawPayload)
    expect(sheet.name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/)
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(sheet.name))
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1 })
    for (let c = 1; c <= 6; c++) expect(widthInPixels(sheet.getColumn(c).width!)).toBe(COLUMN_WIDTH_PX)
    expect(rowValues(sheet, 1)).toEqual(['日期', '渠道编码', '渠道名称', '订单数', '金额(元)', '退款(元)'])
    expect(rowValues(sheet, 2)).toEqual(['2026-01-01', 'acme-1', '测试渠道', 3, '30.50', '5.00'])
    expect(rowValues(sheet, 3)).toEqual(['2026-01-03', 'acme-1', '测试渠道', 1, '50.00', '0.00'])
    expect(sheet.rowCount).toBe(3)

    const whole = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/acme-1/export-excel',
      headers: admin,
      payload: { startTime: '2026-01-01', endTime: '2026-01-03' },
    })
    const all = await firstSheet(whole.rawPayload)
    expect(all.rowCount).toBe(4)
    let sum = 0
    for (let r = 2; r <= 4; r++) sum += Math.round(Number(rowValues(all, r)[4]) * 100)
    expect(sum).toBe(1250 + 300 + 1500 + 1200 + 5000)

    const unknown = await post('nobody/export-excel', { startTime: '2026-01-01', endTime: '2026-01-03' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.msg).toBe('data not found')
  })

  it('a saved report is listed to its owner and the roles it is shared with', async () => {
    const [staffUser] = await t.database.db
      .select({ id: user.id, roleId: user.roleId })
      .from(user)
      .where(and(eq(user.tenantId, TENANT), eq(user.account, 'staff')))
    const staffRole = staffUser!.roleId.split(',')[0]!
    const view = { filters: { partner: 'darunfa', startTime: '2026-01-01', endTime: '2026-01-31' } }
    const shared = await post<{ id: string }>('blade-report/report/rest/submit', {
      name: '共享的报表',
      path: '/report/partner',
      view,
      roleIds: staffRole,
    })
    expect(shared.status, shared.body.msg).toBe(200)
    const own = await post<{ id: string }>('blade-report/report/rest/submit', {
      name: '自己的报表',
      path: '/report/partner',
      view,
    })
    expect(own.status, own.body.msg).toBe(200)

    const listed = await get<Page<SavedReportRow>>('blade-report/report/rest/list', {}, staff)
    expect(listed.status, listed.body.msg).toBe(200)
    const names = listed.body.data.records.map((r) => r.name)
    expect(names).toContain('共享的报表')
    expect(names).not.toContain('自己的报表')
    const detail = await get<SavedReportRow>(
      'blade-report/report/rest/detail',
      { id: shared.body.data.id },
      staff,
    )
    expect(detail.body.data.view).toEqual(view)
    const hidden = await get('blade-report/report/rest/detail', { id: own.body.data.id }, staff)
    expect(hidden.status).toBe(404)
    // the owner sees both, filtered by name
    const mine = await get<Page<SavedReportRow>>('blade-report/report/rest/list', { name: '自己' })
    expect(mine.body.data.records.map((r) => r.name)).toEqual(['自己的报表'])
    // another user does not change it
    const changed = await post(
      'blade-report/report/rest/submit',
      { id: shared.body.data.id, name: 'x', path: '/report/partner', view },
      {},
      staff,
    )
    expect(changed.status).toBe(403)
  })

  it('remove: by the owner or report_delete, else 403 and nothing removed for the whole batch', async () => {
    const mine = await post<{ id: string }>(
      'blade-report/report/rest/submit',
      { name: '员工的报表', path: '/report/partner', view: {} },
      {},
      staff,
    )
    expect(mine.status, mine.body.msg).toBe(200)
    const admins = await post<{ id: string }>('blade-report/report/rest/submit', {
      name: '管理员的报表',
      path: '/report/partner',
      view: {},
    })
    const ids = [mine.body.data.id, admins.body.data.id]
    const live = async () =>
      (
        await t.database.db
          .select({ id: savedReport.id })
          .from(savedReport)
          .where(eq(savedReport.isDeleted, 0))
      )
        .map((r) => String(r.id))
        .filter((id) => ids.includes(id))
    const refused = await post('blade-report/report/rest/remove', undefined, { ids: ids.join(',') }, staff)
    expect(refused.status).toBe(403)
    expect(await live()).toEqual(expect.arrayContaining(ids))
    const ownRemoved = await post('blade-report/report/rest/remove', undefined, { ids: ids[0] }, staff)
    expect(ownRemoved.status, ownRemoved.body.msg).toBe(200)
    expect(await live()).toEqual([ids[1]])
    // the admin holds report_delete
    const other = await post<{ id: string }>(
      'blade-report/report/rest/submit',
      { name: '员工的第二个报表', path: '/report/partner', view: {} },
      {},
      staff,
    )
    const byAdmin = await post('blade-report/report/rest/remove', undefined, { ids: other.body.data.id })
    expect(byAdmin.status, byAdmin.body.msg).toBe(200)
    // the data a report shows is untouched
    const figures = await get<PartnerStatisticRow[]>('acme-1/statisticList', {
      startTime: '2026-01-01',
      endTime: '2026-01-01',
    })
    expect(figures.body.data[0]!.orderCount).toBe(3)
  })

  it('partner codes: path-safe, unique per tenant, and a partner orders carry is not removed', async () => {
    for (const code of ['A-bad', '1abc', 'a', 'a b', 'a/b', 'x'.repeat(33)]) {
      const res = await post('xpark-report/partner/save', { code, name: '坏编码', kind: 1 })
      expect(res.status, code).toBe(400)
      expect(res.body.msg).toContain('渠道编码须以小写字母开头')
    }
    const dup = await post('xpark-report/partner/save', { code: 'darunfa', name: '重复', kind: 1 })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toContain('渠道编码已存在')
    const [darunfa] = await t.database.db
      .select({ id: reportPartner.id })
      .from(reportPartner)
      .where(and(eq(reportPartner.tenantId, TENANT), eq(reportPartner.code, 'darunfa')))
    const held = await post('xpark-report/partner/remove', undefined, { ids: String(darunfa!.id) })
    expect(held.status).toBe(409)
    expect(held.body.msg).toContain('大润发')
    const free = await post<{ id: string }>('xpark-report/partner/save', {
      code: 'free-1',
      name: '空',
      kind: 2,
    })
    const removed = await post('xpark-report/partner/remove', undefined, { ids: free.body.data.id })
    expect(removed.status, removed.body.msg).toBe(200)
  })

  it("a saved report re-run narrows to its opener's data scope", async () => {
    // the staff's role sees only the orders its users created (none of the crafted ones)
    const [staffUser] = await t.database.db
      .select({ roleId: user.roleId })
      .from(user)
      .where(and(eq(user.tenantId, TENANT), eq(user.account, 'staff')))
    const roleId = staffUser!.roleId.split(',')[0]!
    const menus = await t.database.db
      .select({ id: menu.id, code: menu.code })
      .from(menu)
      .where(inArray(menu.code, ['commodity_order', 'canteen_order']))
    for (const code of ['commodity_order', 'canteen_order']) {
      const scopeId = nextId()
      await t.database.db.insert(scopeData).values({
        id: scopeId,
        menuId: menus.find((m) => m.code === code)!.id,
        resourceCode: code,
        scopeName: 'own rows',
        scopeType: 2,
        scopeColumn: 'create_user',
        scopeValue: '',
      })
      await t.database.db.insert(roleScope).values({ id: nextId(), roleId, scopeId, scopeCategory: 1 })
    }
    const view = { filters: { partner: 'acme-1', startTime: '2026-01-01', endTime: '2026-01-03' } }
    const saved = await post<{ id: string }>('blade-report/report/rest/submit', {
      name: '渠道月报 (范围)',
      path: '/report/partner',
      view,
      roleIds: roleId,
    })
    expect(saved.status, saved.body.msg).toBe(200)
    // the staff open it: the same view, re-run as them
    const opened = await get<SavedReportRow>(
      'blade-report/report/rest/detail',
      { id: saved.body.data.id },
      staff,
    )
    expect(opened.status, opened.body.msg).toBe(200)
    expect(opened.body.data.view).toEqual(view)
    const rerun = (headers: Headers) =>
      get<PartnerStatisticRow[]>('acme-1/statisticList', opened.body.data.view.filters as never, headers)
    const theirs = await rerun(staff)
    expect(theirs.status, theirs.body.msg).toBe(200)
    expect(theirs.body.data.map((r) => r.orderCount)).toEqual([0, 0, 0])
    expect(theirs.body.data.map((r) => r.amount)).toEqual([0, 0, 0])
    const mine = await rerun(admin)
    expect(mine.body.data.map((r) => r.orderCount)).toEqual([3, 1, 1])
  })
})

import { Figure, StatisticInfo } from '@xpark/contract/modules/statistics'
import { and, count, eq, gte, inArray, lt, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { menu, role, roleMenu, roleScope, scopeData, user } from '../compose/schema.js'
import { hashPassword, md5 } from '../core/auth/passwords.js'
import { addDays, dayBounds, dayOf, lastDays } from '../core/days.js'
import { nextId } from '../core/ids.js'
import { Statistics } from '../core/statistics/index.js'
import { alarm } from '../modules/alarm/schema.js'
import { alarmDays } from '../modules/analysis/index.js'
import { asset, assetType } from '../modules/asset/schema.js'
import { canteenOrder } from '../modules/canteen/schema.js'
import { commodityOrder } from '../modules/commodity/schema.js'
import { MODULES } from '../modules/index.js'
import { parkingLot, parkingVehicle } from '../modules/parking/schema.js'
import { propertyRepair } from '../modules/property/schema.js'
import { storageStock, storageWarehouse } from '../modules/storage/schema.js'
import { visitDays } from '../modules/visitor/index.js'
import { visit } from '../modules/visitor/schema.js'
import { apiClient } from './client.js'
import { bearer, DEMO_PASSWORD, type Headers, signIn, startTestApp, type TestContext } from './harness.js'

/**
 * The modules' statistics (issue 32) on a real database: crafted rows in two tenants give exactly their
 * raw sums for one and never count the other's; every statistic of the app, read with no caller as a
 * public link reads it, answers a `Figure` with nothing personal in it; the catalog lists what the caller may
 * read and a scope rule narrows a figure as it narrows the list.
 */

const PARK = '100001'
const A = '900001'
const B = '900002'
/** a fixed moment: today is `DAY` (no demo row is that far ahead) */
const NOW = new Date(2031, 2, 15, 12, 0, 0)
const DAY = dayOf(NOW)
const at = (day: string, hour: number) => new Date(dayBounds(day)[0].getTime() + hour * 3600_000)

/** Keys a figure's table may never have, and values that look like a phone number. */
const PERSONAL =
  /name|phone|mobile|tel|face|photo|idcard|id_card|plate|account|user|person|email|contact|address|buyer|holder|card/i
const PHONE = /(^|\D)1[3-9]\d{9}(\D|$)/

describe('statistics', () => {
  let t: TestContext
  let admin: Headers
  const statistics = new Statistics(MODULES.flatMap((m) => m.statistics ?? []))
  const { get } = apiClient(
    () => t,
    () => admin,
  )
  const db = () => t.database.db
  const read = (name: string, tenantId: string, params: Record<string, string> = {}) =>
    statistics.run(name, params, { db: db(), tenantId, now: NOW })
  const series = (f: Figure, name: string) => f.series.find((s) => s.name === name)!.data

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK, account: 'admin' }))
  })
  afterAll(() => t.close())

  describe('equal the raw sums of their tenant', () => {
    const base = (tenantId: string) => ({ id: nextId(), tenantId })

    it('alarms: today by level, the latest ones, by day from the daily aggregate', async () => {
      const alarmRow = (tenantId: string, level: number, first: Date, last = first) => ({
        ...base(tenantId),
        dedupeKey: `x${nextId()}`,
        source: 2,
        alarmType: 'smoke',
        level,
        content: '张三 13800138000',
        firstTime: first,
        lastTime: last,
      })
      await db()
        .insert(alarm)
        .values([
          alarmRow(A, 1, at(DAY, 1)),
          alarmRow(A, 3, at(DAY, 2)),
          alarmRow(A, 3, at(DAY, 3)),
          // raised yesterday, still going today: not raised today
          alarmRow(A, 4, at(addDays(DAY, -1), 20), at(DAY, 4)),
          alarmRow(A, 2, at(addDays(DAY, -2), 9)),
          // tomorrow's (a clock ahead) is not today's
          alarmRow(A, 2, at(addDays(DAY, 1), 1)),
          alarmRow(B, 1, at(DAY, 1)),
          alarmRow(B, 3, at(DAY, 5)),
          alarmRow(B, 4, at(DAY, 6)),
        ])
      const today = await read('alarm.today', A)
      expect(today.value).toBe(3)
      expect(today.labels).toEqual(['提示', '一般', '重要', '紧急'])
      expect(series(today, '告警')).toEqual([1, 0, 2, 0])

      const recent = await read('alarm.recent', A)
      expect(recent.rows).toHaveLength(6)
      expect(recent.rows[0]).toMatchObject({ type: '烟雾告警', alarm: '烟雾告警', level: '一般' })
      // the free text (it may name anyone) is never read
      expect(JSON.stringify(recent)).not.toContain('13800138000')

      await db().transaction((tx) =>
        alarmDays.recompute(
          tx,
          [A, B].flatMap((tenantId) => [-2, -1, 0].map((n) => ({ tenantId, day: addDays(DAY, n) }))),
        ),
      )
      const byDay = await read('alarm.byDay', A, { days: '7' })
      expect(byDay.labels).toHaveLength(7)
      expect(byDay.labels.at(-1)).toBe(DAY)
      expect(series(byDay, '告警').slice(-3)).toEqual([1, 1, 3])
      expect(series(byDay, '重要').at(-1)).toBe(2)
      expect((await read('alarm.byDay', B)).series[0]!.data.at(-1)).toBe(3)
    })

    it('commodity orders and amounts by day', async () => {
      const order = (tenantId: string, time: Date, amount: number, status: number) => ({
        ...base(tenantId),
        orderNo: `S${nextId()}`,
        buyerName: '李四',
        buyerPhone: '13900139000',
        totalAmount: amount,
        orderTime: time,
        status,
      })
      await db()
        .insert(commodityOrder)
        .values([
          order(A, at(DAY, 9), 1250, 2),
          order(A, at(DAY, 10), 800, 3),
          order(A, at(DAY, 11), 500, 1),
          order(A, at(addDays(DAY, -6), 23.5), 300, 2),
          order(A, at(addDays(DAY, -7), 10), 999, 2),
          order(B, at(DAY, 9), 7000, 2),
        ])
      const orders = await read('commodity.ordersByDay', A)
      expect(orders.money).toBe(false)
      expect(orders.series[0]!.data).toEqual([1, 0, 0, 0, 0, 0, 3])
      const amount = await read('commodity.ordersByDay', A, { measure: 'amount' })
      expect(amount.money).toBe(true)
      // placed (1) is not sold
      expect(amount.series[0]!.data).toEqual([300, 0, 0, 0, 0, 0, 2050])
      const month = await read('commodity.ordersByDay', A, { days: '14' })
      expect(month.series[0]!.data.reduce((a, b) => a + b, 0)).toBe(5)
    })

    it('assets: value, count and depreciation by type (scrapped ones left out)', async () => {
      const typeA = { ...base(A), code: 'T1', name: '电脑' }
      const typeB = { ...base(B), code: 'T1', name: '电脑' }
      await db().insert(assetType).values([typeA, typeB])
      const item = (tenantId: string, typeId: string, price: number, status = 1) => ({
        ...base(tenantId),
        typeId,
        code: `A${nextId()}`,
        name: '笔记本',
        purchasePrice: price,
        residualValue: 0,
        // 12 of 24 months used at NOW
        purchaseDate: new Date(2030, 2, 15),
        lifeMonths: 24,
        status,
      })
      await db()
        .insert(asset)
        .values([
          item(A, typeA.id, 100_000),
          item(A, typeA.id, 50_000),
          item(A, typeA.id, 70_000, 3),
          item(B, typeB.id, 9_000_000),
        ])
      expect((await read('asset.value', A)).value).toBe(150_000)
      const byType = await read('asset.byType', A)
      expect(byType.labels).toEqual(['电脑'])
      expect(byType.series[0]!.data).toEqual([2])
      expect(byType.rows).toEqual([{ type: '电脑', count: 2, value: 150_000 }])
      expect((await read('asset.byType', A, { measure: 'value' })).series[0]!.data).toEqual([150_000])
      const dep = await read('asset.depreciation', A)
      expect(series(dep, '累计折旧')).toEqual([75_000])
      expect(series(dep, '净值')).toEqual([75_000])
    })

    it('canteen meals, parking occupancy, stock value and work orders', async () => {
      const meal = (tenantId: string, day: string, mealType: number, status = 2) => ({
        ...base(tenantId),
        orderNo: `C${nextId()}`,
        canteenId: '1',
        publishId: '1',
        cardId: '1',
        cardNo: '0001',
        userName: '王五',
        orderDate: day,
        mealType,
        status,
      })
      await db()
        .insert(canteenOrder)
        .values([
          meal(A, DAY, 1),
          meal(A, DAY, 2),
          meal(A, DAY, 2),
          meal(A, DAY, 2, 4),
          meal(A, addDays(DAY, -1), 3),
          meal(B, DAY, 2),
        ])
      const meals = await read('canteen.mealsByDay', A)
      expect(series(meals, '早餐').at(-1)).toBe(1)
      expect(series(meals, '午餐').at(-1)).toBe(2)
      expect(series(meals, '晚餐').slice(-2)).toEqual([1, 0])

      const lotA = { ...base(A), name: '一号车场', spaces: 4 }
      const lotA2 = { ...base(A), name: '二号车场', spaces: 6 }
      const lotB = { ...base(B), name: '一号车场', spaces: 1 }
      await db().insert(parkingLot).values([lotA, lotA2, lotB])
      const car = (tenantId: string, lotId: string, n: number) => ({
        ...base(tenantId),
        lotId,
        plate: `京A1000${n}`,
        entryTime: at(DAY, 8),
      })
      await db()
        .insert(parkingVehicle)
        .values([car(A, lotA.id, 1), car(A, lotA.id, 2), car(A, lotA2.id, 3), car(B, lotB.id, 4)])
      const parking = await read('parking.occupancy', A)
      expect(parking.value).toBe(30)
      expect(parking.labels).toEqual(['一号车场', '二号车场'])
      expect(series(parking, '在场')).toEqual([2, 1])
      expect(series(parking, '空闲')).toEqual([2, 5])
      expect((await read('parking.occupancy', B)).value).toBe(100)

      const store = { ...base(A), code: 'W1', name: '主仓库' }
      await db()
        .insert(storageWarehouse)
        .values([store, { ...base(B), code: 'W1', name: '主仓库' }])
      await db()
        .insert(storageStock)
        .values([
          { ...base(A), warehouseId: store.id, goodsId: '1', quantity: '3', price: 150 },
          { ...base(A), warehouseId: store.id, goodsId: '2', batchCode: 'b', quantity: '2.5', price: 200 },
        ])
      const stock = await read('storage.stockValue', A)
      expect(stock.value).toBe(950)
      expect(stock.series[0]!.data).toEqual([950])
      expect((await read('storage.stockValue', B)).value).toBe(0)

      const repair = (tenantId: string, status: number, made: Date, finished?: Date) => ({
        ...base(tenantId),
        orderNo: `R${nextId()}`,
        communityId: '1',
        reporterId: '1',
        title: '灯坏了',
        status,
        createTime: made,
        ...(finished ? { finishTime: finished } : {}),
      })
      await db()
        .insert(propertyRepair)
        .values([
          repair(A, 1, at(DAY, 9)),
          repair(A, 3, at(addDays(DAY, -1), 9)),
          repair(A, 5, at(addDays(DAY, -2), 9), at(DAY, 10)),
          repair(A, 6, at(DAY, 11)),
          repair(B, 1, at(DAY, 9)),
        ])
      const work = await read('property.workOrders', A)
      expect(work.value).toBe(2)
      expect(series(work, '新增').slice(-3)).toEqual([1, 1, 2])
      expect(series(work, '完成').slice(-3)).toEqual([0, 0, 1])
    })
  })

  it('every statistic read through a public link answers a Figure with nothing personal in it', async () => {
    expect(statistics.all.map((s) => s.name).sort()).toEqual(
      [
        'alarm.byDay',
        'alarm.recent',
        'alarm.today',
        'analysis.energy',
        'asset.byType',
        'asset.depreciation',
        'asset.value',
        'canteen.averageScore',
        'canteen.mealsByDay',
        'canteen.orders',
        'canteen.ordersByDay',
        'canteen.ordersByMeal',
        'canteen.refunded',
        'canteen.revenue',
        'canteen.topScored',
        'commodity.itemsSold',
        'commodity.openOrders',
        'commodity.orderCount',
        'commodity.ordersByDay',
        'commodity.ordersByStatus',
        'commodity.revenue',
        'commodity.topSellers',
        'device.byType',
        'device.online',
        'parking.occupancy',
        'property.workOrders',
        'report.partner',
        'storage.batches',
        'storage.expiring',
        'storage.lowStock',
        'storage.movementsByDay',
        'storage.openBills',
        'storage.overdue',
        'storage.stockValue',
        'visitor.byDay',
        'visitor.today',
      ].sort(),
    )
    const now = new Date()
    // the demo park's daily aggregates, as the jobs would keep them
    const month = lastDays(now, 30)
    const keys = month.map((day) => ({ tenantId: PARK, day }))
    await db().transaction(async (tx) => {
      await alarmDays.recompute(tx, keys)
      await visitDays.recompute(tx, keys)
    })
    for (const s of statistics.all) {
      for (const params of [
        {},
        ...(s.paramInfo ?? []).flatMap((p) => (p.choices ?? []).map((c) => ({ [p.name]: c.value }))),
      ]) {
        const figure = await statistics.run(s.name, params, { db: db(), tenantId: PARK, now })
        const parsed = Figure.safeParse(figure)
        expect(parsed.success, `${s.name}: ${parsed.error?.message}`).toBe(true)
        const keys = [...figure.columns.map((c) => c.key), ...figure.rows.flatMap((r) => Object.keys(r))]
        for (const key of keys) expect(key, `${s.name}: column ${key}`).not.toMatch(PERSONAL)
        const texts = [
          ...figure.labels,
          ...figure.series.map((x) => x.name),
          ...figure.rows.flatMap((r) => Object.values(r).map(String)),
        ]
        for (const text of texts) expect(text, `${s.name}: ${text}`).not.toMatch(PHONE)
        for (const x of figure.series) expect(x.data.every(Number.isFinite), s.name).toBe(true)
      }
    }
    // the demo park has figures to show, not only zeros; the aggregates' equal the rows' counts
    const [from] = dayBounds(month[0]!)
    const [, to] = dayBounds(month.at(-1)!)
    const [raised] = await db()
      .select({ n: count() })
      .from(alarm)
      .where(
        and(
          eq(alarm.tenantId, PARK),
          eq(alarm.isDeleted, 0),
          gte(alarm.firstTime, from),
          lt(alarm.firstTime, to),
        ),
      )
    const [visits] = await db()
      .select({ n: count() })
      .from(visit)
      .where(
        and(
          eq(visit.tenantId, PARK),
          eq(visit.isDeleted, 0),
          gte(visit.visitDay, month[0]!),
          lte(visit.visitDay, month.at(-1)!),
        ),
      )
    const total = async (name: string) =>
      (await statistics.run(name, { days: '30' }, { db: db(), tenantId: PARK, now })).series[0]!.data.reduce(
        (a, b) => a + b,
        0,
      )
    expect(raised!.n).toBeGreaterThan(0)
    expect(await total('alarm.byDay')).toBe(raised!.n)
    expect(await total('visitor.byDay')).toBe(visits!.n)
    expect(
      (await statistics.run('device.byType', {}, { db: db(), tenantId: PARK, now })).labels.length,
    ).toBeGreaterThan(0)
  })

  describe('the calls', () => {
    it('the catalog lists what the caller may read; run 404s an unknown name and 400s a bad day count', async () => {
      const all = await get<StatisticInfo[]>('xpark-statistic/catalog')
      expect(all.status).toBe(200)
      z.array(StatisticInfo).parse(all.body.data)
      expect(all.body.data.map((s) => s.name).sort()).toEqual(statistics.all.map((s) => s.name).sort())
      const alarms = all.body.data.find((s) => s.name === 'alarm.recent')!
      expect(alarms.live).toBe('alarms')
      expect(all.body.data.find((s) => s.name === 'visitor.byDay')!.params).toEqual([
        {
          name: 'days',
          label: '天数',
          choices: [
            { value: '7', label: '近7天' },
            { value: '14', label: '近14天' },
            { value: '30', label: '近30天' },
          ],
        },
      ])

      const run = await get<Figure>('xpark-statistic/run', { name: 'alarm.today' })
      expect(run.status, run.text).toBe(200)
      Figure.parse(run.body.data)
      const unknown = await get('xpark-statistic/run', { name: 'x' })
      expect(unknown.status).toBe(404)
      expect(unknown.body.msg).toBe('统计不存在: x')
      const bad = await get('xpark-statistic/run', { name: 'alarm.byDay', params: '{"days":"9"}' })
      expect(bad.status).toBe(400)
      expect(bad.body.msg).toContain('days')
      expect((await get('xpark-statistic/run', { name: 'alarm.byDay', params: 'nope' })).status).toBe(400)
    })

    it('a role sees the statistics of its view codes only, narrowed by its data scope', async () => {
      const roleId = nextId()
      await db()
        .insert(role)
        .values({ id: roleId, tenantId: PARK, roleName: 'shop clerk', roleAlias: 'clerk' })
      const menus = await db()
        .select()
        .from(menu)
        .where(
          inArray(menu.code, [
            'commodity',
            'commodity_order',
            'commodity_order_view',
            'visitor_manage',
            'visitor',
            'visitor_view',
          ]),
        )
      await db()
        .insert(roleMenu)
        .values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
      // own rows only, on the orders and on the visits
      for (const code of ['commodity_order', 'visitor']) {
        const ruleId = nextId()
        await db()
          .insert(scopeData)
          .values({
            id: ruleId,
            menuId: menus.find((m) => m.code === code)!.id,
            resourceCode: code,
            scopeName: 'own rows',
            scopeType: 2,
            scopeColumn: 'create_user',
            scopeValue: '',
          })
        await db().insert(roleScope).values({ id: nextId(), roleId, scopeId: ruleId, scopeCategory: 1 })
      }
      await db()
        .insert(user)
        .values({
          id: nextId(),
          tenantId: PARK,
          account: 'stats-clerk',
          password: await hashPassword(md5(DEMO_PASSWORD)),
          realName: 'clerk',
          roleId,
        })
      const clerk = bearer(await signIn(t.app, { tenantId: PARK, account: 'stats-clerk' }))
      const catalog = await get<StatisticInfo[]>('xpark-statistic/catalog', {}, clerk)
      expect(catalog.body.data.map((s) => s.name).sort()).toEqual([
        'commodity.itemsSold',
        'commodity.openOrders',
        'commodity.orderCount',
        'commodity.ordersByDay',
        'commodity.ordersByStatus',
        'commodity.revenue',
        'commodity.topSellers',
        'visitor.byDay',
        'visitor.today',
      ])
      const denied = await get('xpark-statistic/run', { name: 'alarm.today' }, clerk)
      expect(denied.status).toBe(403)

      const total = (f: Figure) => f.series[0]!.data.reduce((a, b) => a + b, 0)
      const params = { name: 'commodity.ordersByDay', params: '{"days":"30"}' }
      const mine = await get<Figure>('xpark-statistic/run', params, clerk)
      expect(mine.status, mine.text).toBe(200)
      const everyone = await get<Figure>('xpark-statistic/run', params)
      // the clerk made none of the demo's orders; the admin reads the tenant's (as the public link does)
      expect(total(mine.body.data)).toBe(0)
      expect(total(everyone.body.data)).toBeGreaterThan(0)
      expect(
        total(
          await statistics.run(
            'commodity.ordersByDay',
            { days: '30' },
            { db: db(), tenantId: PARK, now: new Date() },
          ),
        ),
      ).toBe(total(everyone.body.data))

      // the visits by day: the clerk's own from the rows (none), the admin's the tenant's aggregate
      const visits = { name: 'visitor.byDay', params: '{"days":"30"}' }
      const ownVisits = await get<Figure>('xpark-statistic/run', visits, clerk)
      expect(ownVisits.status, ownVisits.text).toBe(200)
      expect(total(ownVisits.body.data)).toBe(0)
      expect(total((await get<Figure>('xpark-statistic/run', visits)).body.data)).toBeGreaterThan(0)
      expect(
        (await get<Figure>('xpark-statistic/run', { name: 'visitor.today' }, clerk)).body.data.value,
      ).toBe(0)
    })
  })
})

import type { Figure } from '@xpark/contract/modules/statistics'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menu, role, roleMenu, roleScope, scopeData, user } from '../compose/schema.js'
import { hashPassword, md5 } from '../core/auth/passwords.js'
import { addDays, dayBounds, dayOf } from '../core/days.js'
import { nextId } from '../core/ids.js'
import { Statistics } from '../core/statistics/index.js'
import { rangeOf } from '../core/statistics/parts.js'
import { canteenOrder, canteenOrderFood } from '../modules/canteen/schema.js'
import { commodityOrder, commodityOrderItem } from '../modules/commodity/schema.js'
import { MODULES } from '../modules/index.js'
import {
  storageBill,
  storageGoods,
  storageLedger,
  storageStock,
  storageWarehouse,
} from '../modules/storage/schema.js'
import { apiClient } from './client.js'
import { bearer, DEMO_PASSWORD, type Headers, signIn, startTestApp, type TestContext } from './harness.js'

/**
 * The storage, commodity and canteen dashboards' statistics (issue 32) on a real database: crafted rows
 * in two tenants give exactly their raw sums over a range for one and never count the other's; the
 * range parameters are checked at the edge; a scope rule narrows each figure as it narrows the lists.
 */

const PARK = '100001'
const A = '900011'
const B = '900012'
const NOW = new Date(2031, 5, 15, 12, 0, 0)
const DAY = dayOf(NOW)
const at = (day: string, hour: number) => new Date(dayBounds(day)[0].getTime() + hour * 3600_000)
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

describe('the dashboards read statistics', () => {
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
  const value = async (name: string, tenantId: string, params: Record<string, string> = {}) =>
    (await read(name, tenantId, params)).value
  const base = (tenantId: string) => ({ id: nextId(), tenantId })
  /** the range of the last week up to DAY, as the console's Dashboard sends it */
  const week = { startTime: `${addDays(DAY, -6)} 00:00:00`, endTime: `${DAY} 23:59:59` }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK, account: 'admin' }))
  })
  afterAll(() => t.close())

  it('the range: the last 30 days by default, a day as an end is the whole day, at most a year', () => {
    const d = rangeOf({}, NOW)
    expect(d.days).toHaveLength(30)
    expect(d.days.at(-1)).toBe(DAY)
    expect(d.from).toEqual(dayBounds(addDays(DAY, -29))[0])
    expect(d.to).toEqual(dayBounds(DAY)[1])
    const given = rangeOf({ startTime: '2031-02-27 08:00:00', endTime: '2031-03-01' }, NOW)
    expect(given.days).toEqual(['2031-02-27', '2031-02-28', '2031-03-01'])
    expect(given.from).toEqual(new Date(2031, 1, 27, 8))
    expect(given.to).toEqual(new Date(2031, 2, 2))
    expect(rangeOf({ endTime: '2031-03-01 10:00:00' }, NOW).to).toEqual(new Date(2031, 2, 1, 10, 0, 1))
    expect(rangeOf({ startTime: '2030-06-15', endTime: '2031-06-15' }, NOW).days).toHaveLength(366)
    expect(() => rangeOf({ startTime: '2030-06-14', endTime: '2031-06-15' }, NOW)).toThrow(
      '统计区间不能超过一年',
    )
    expect(() => rangeOf({ startTime: '2031-03-02', endTime: '2031-03-01' }, NOW)).toThrow(
      '开始时间不能晚于结束时间',
    )
  })

  it('a bad range is refused at the edge, naming the field', async () => {
    const run = (params: Record<string, string>) =>
      get('xpark-statistic/run', { name: 'storage.movementsByDay', params: JSON.stringify(params) })
    const impossible = await run({ startTime: '2031-02-30 00:00:00' })
    expect(impossible.status).toBe(400)
    expect(impossible.body.msg).toBe('参数校验失败: startTime: yyyy-MM-dd HH:mm:ss')
    expect((await run({ endTime: 'yesterday' })).body.msg).toBe('参数校验失败: endTime: yyyy-MM-dd HH:mm:ss')
    const reversed = await run({ startTime: '2031-03-02 00:00:00', endTime: '2031-03-01 00:00:00' })
    expect(reversed.status).toBe(400)
    expect(reversed.body.msg).toBe('开始时间不能晚于结束时间')
    const long = await run({ startTime: '2029-01-01 00:00:00', endTime: '2031-01-01 00:00:00' })
    expect(long.body.msg).toBe('统计区间不能超过一年')
    const fine = await run(week)
    expect(fine.status, fine.text).toBe(200)
    expect((fine.body.data as Figure).labels).toHaveLength(7)
  })

  it('storage: stock value, batches, alerts, open bills and movements equal the raw sums', async () => {
    const house = (tenantId: string) => ({ ...base(tenantId), code: 'W1', name: '主仓库' })
    const [wa, wb] = [house(A), house(B)]
    await db().insert(storageWarehouse).values([wa, wb])
    const item = (tenantId: string, minStock: string) => ({
      ...base(tenantId),
      classificationId: '1',
      code: `G${nextId()}`,
      name: '纸巾',
      unit: '包',
      minStock,
    })
    const [g1, g2, gb] = [item(A, '10'), item(A, '0'), item(B, '99')]
    await db().insert(storageGoods).values([g1, g2, gb])
    const stock = [
      // quantity, price (cents), expiry
      { goods: g1, quantity: 3, price: 150, expiry: at(addDays(DAY, -1), 0) },
      { goods: g1, quantity: 2.5, price: 200, expiry: at(addDays(DAY, 10), 0) },
      { goods: g2, quantity: 40, price: 10, expiry: at(addDays(DAY, 40), 0) },
      { goods: g2, quantity: 0, price: 10, expiry: at(addDays(DAY, 5), 0) },
    ]
    await db()
      .insert(storageStock)
      .values([
        ...stock.map((s, i) => ({
          ...base(A),
          warehouseId: wa.id,
          goodsId: s.goods.id,
          batchCode: `b${i}`,
          quantity: String(s.quantity),
          price: s.price,
          expiryDate: s.expiry,
        })),
        { ...base(B), warehouseId: wb.id, goodsId: gb.id, quantity: '5', price: 10_000 },
      ])
    expect(await value('storage.stockValue', A)).toBe(sum(stock.map((s) => s.quantity * s.price)))
    expect(await value('storage.batches', A)).toBe(stock.filter((s) => s.quantity > 0).length)
    expect(await value('storage.overdue', A)).toBe(1)
    expect(await value('storage.expiring', A)).toBe(1)
    // g1 holds 5.5 of a minimum of 10; g2 has no minimum; B's goods are B's
    expect(await value('storage.lowStock', A)).toBe(1)
    expect(await value('storage.lowStock', B)).toBe(1)

    const bill = (tenantId: string, status: number) => ({
      ...base(tenantId),
      status,
      billNo: `B${nextId()}`,
      billType: 1,
      warehouseId: tenantId === A ? wa.id : wb.id,
    })
    await db()
      .insert(storageBill)
      .values([bill(A, 0), bill(A, 1), bill(A, 2), bill(A, 3), bill(B, 0)])
    expect(await value('storage.openBills', A)).toBe(2)

    const moves = [
      { day: DAY, quantity: 5 },
      { day: DAY, quantity: -2 },
      { day: addDays(DAY, -3), quantity: 7 },
      { day: addDays(DAY, -3), quantity: -1.5 },
      // before the range
      { day: addDays(DAY, -7), quantity: 100 },
    ]
    const ledger = (tenantId: string, day: string, quantity: number) => ({
      ...base(tenantId),
      kind: quantity > 0 ? 1 : 2,
      warehouseId: tenantId === A ? wa.id : wb.id,
      goodsId: tenantId === A ? g1.id : gb.id,
      billId: '1',
      quantity: String(quantity),
      before: '0',
      after: '0',
      createTime: at(day, 10),
    })
    await db()
      .insert(storageLedger)
      .values([...moves.map((m) => ledger(A, m.day, m.quantity)), ledger(B, DAY, 1000)])
    const byDay = await read('storage.movementsByDay', A, week)
    expect(byDay.labels).toEqual(Array.from({ length: 7 }, (_, i) => addDays(DAY, i - 6)))
    const inRange = moves.filter((m) => m.day >= addDays(DAY, -6))
    const [ins, outs] = byDay.series
    expect(ins!.name).toBe('入库')
    expect(sum(ins!.data)).toBe(sum(inRange.filter((m) => m.quantity > 0).map((m) => m.quantity)))
    expect(sum(outs!.data)).toBe(-sum(inRange.filter((m) => m.quantity < 0).map((m) => m.quantity)))
    expect(ins!.data.at(-1)).toBe(5)
    expect(outs!.data.at(-4)).toBe(1.5)
    // the default range (30 days) reaches the older movement
    expect(sum((await read('storage.movementsByDay', A)).series[0]!.data)).toBe(112)
  })

  it('commodity: orders, revenue, items, open orders, states and best sellers equal the raw sums', async () => {
    const orders = [
      { day: DAY, amount: 1250, items: 2, status: 2 },
      { day: DAY, amount: 800, items: 1, status: 3 },
      { day: addDays(DAY, -2), amount: 500, items: 4, status: 1 },
      { day: addDays(DAY, -5), amount: 300, items: 3, status: 4 },
      // before the range
      { day: addDays(DAY, -8), amount: 999, items: 9, status: 2 },
    ]
    const order = (tenantId: string, day: string, amount: number, items: number, status: number) => ({
      ...base(tenantId),
      orderNo: `S${nextId()}`,
      buyerName: '李四',
      buyerPhone: '13900139000',
      totalAmount: amount,
      itemCount: items,
      orderTime: at(day, 9),
      status,
    })
    const rows = orders.map((o) => order(A, o.day, o.amount, o.items, o.status))
    await db()
      .insert(commodityOrder)
      .values([...rows, order(B, DAY, 7000, 7, 2)])
    const line = (o: (typeof rows)[number], name: string, quantity: number) => ({
      ...base(o.tenantId),
      orderId: o.id,
      commodityId: '1',
      commodityName: name,
      price: 100,
      quantity,
      amount: quantity * 100,
    })
    await db()
      .insert(commodityOrderItem)
      .values([
        line(rows[0]!, '可乐', 2),
        line(rows[1]!, '薯片', 1),
        line(rows[1]!, '可乐', 1),
        // placed and cancelled orders are not sold; an order before the range is not counted
        line(rows[2]!, '薯片', 4),
        line(rows[4]!, '薯片', 9),
      ])
    const inRange = orders.filter((o) => o.day >= addDays(DAY, -6))
    const sold = inRange.filter((o) => o.status === 2 || o.status === 3)
    expect(await value('commodity.orderCount', A, week)).toBe(inRange.length)
    const revenue = await read('commodity.revenue', A, week)
    expect(revenue.value).toBe(sum(sold.map((o) => o.amount)))
    expect(revenue.money).toBe(true)
    expect(await value('commodity.itemsSold', A, week)).toBe(sum(sold.map((o) => o.items)))
    expect(await value('commodity.openOrders', A, week)).toBe(
      inRange.filter((o) => o.status === 1 || o.status === 2).length,
    )
    expect(await value('commodity.orderCount', A)).toBe(orders.length)
    const states = await read('commodity.ordersByStatus', A, week)
    expect(states.labels).toEqual(['待付款', '已付款', '已完成', '已取消'])
    expect(states.series[0]!.data).toEqual([1, 1, 1, 1])
    const byDay = await read('commodity.ordersByDay', A, week)
    expect(byDay.labels).toHaveLength(7)
    expect(byDay.series[0]!.data).toEqual([0, 1, 0, 0, 1, 0, 2])
    const amounts = await read('commodity.ordersByDay', A, { ...week, measure: 'amount' })
    expect(amounts.series[0]!.data.at(-1)).toBe(2050)
    const top = await read('commodity.topSellers', A, week)
    expect(top.labels).toEqual(['可乐', '薯片'])
    expect(top.series[0]!.data).toEqual([3, 1])
    expect(top.rows).toEqual([
      { goods: '可乐', quantity: 3 },
      { goods: '薯片', quantity: 1 },
    ])
    expect(await value('commodity.orderCount', B, week)).toBe(1)
  })

  it('canteen: orders, revenue, refunds, meals, scores equal the raw sums', async () => {
    const orders = [
      { day: DAY, meal: 1, paid: 600, refund: 0 },
      { day: DAY, meal: 2, paid: 1200, refund: 0 },
      { day: addDays(DAY, -1), meal: 2, paid: 1000, refund: 1000 },
      { day: addDays(DAY, -6), meal: 3, paid: 800, refund: 300 },
      // before the range
      { day: addDays(DAY, -7), meal: 1, paid: 5000, refund: 0 },
    ]
    const order = (tenantId: string, o: (typeof orders)[number]) => ({
      ...base(tenantId),
      orderNo: `C${nextId()}`,
      canteenId: '1',
      publishId: '1',
      cardId: '1',
      cardNo: '0001',
      userName: '王五',
      orderDate: o.day,
      mealType: o.meal,
      payPrice: o.paid,
      refundFee: o.refund,
      status: o.refund === o.paid ? 4 : 2,
    })
    const rows = orders.map((o) => order(A, o))
    await db()
      .insert(canteenOrder)
      .values([...rows, order(B, orders[0]!)])
    const inRange = orders.filter((o) => o.day >= addDays(DAY, -6))
    expect(await value('canteen.orders', A, week)).toBe(inRange.length)
    expect(await value('canteen.revenue', A, week)).toBe(sum(inRange.map((o) => o.paid - o.refund)))
    expect(await value('canteen.refunded', A, week)).toBe(sum(inRange.map((o) => o.refund)))
    const byDay = await read('canteen.ordersByDay', A, { ...week, measure: 'revenue' })
    expect(byDay.money).toBe(true)
    expect(byDay.series[0]!.data).toEqual([500, 0, 0, 0, 0, 0, 1800])
    const meals = await read('canteen.ordersByMeal', A, week)
    expect(meals.labels).toEqual(['早餐', '午餐', '晚餐', '夜宵'])
    expect(meals.series[0]!.data).toEqual([1, 2, 1, 0])
    // a refunded order is no meal eaten
    const eaten = await read('canteen.mealsByDay', A, week)
    expect(sum(eaten.series.flatMap((s) => s.data))).toBe(3)

    const dish = (o: (typeof rows)[number], foodId: string, name: string, score: number) => ({
      ...base(o.tenantId),
      orderId: o.id,
      publishFoodId: '1',
      foodId,
      foodName: name,
      quantity: 1,
      score,
    })
    await db()
      .insert(canteenOrderFood)
      .values([
        dish(rows[0]!, '11', '红烧肉', 5),
        dish(rows[1]!, '11', '红烧肉', 4),
        dish(rows[1]!, '12', '青菜', 3),
        // not scored
        dish(rows[3]!, '12', '青菜', 0),
      ])
    expect(await value('canteen.averageScore', A)).toBe(4)
    const top = await read('canteen.topScored', A)
    expect(top.labels).toEqual(['红烧肉', '青菜'])
    expect(top.series[0]!.data).toEqual([4.5, 3])
    expect(top.rows[0]).toEqual({ dish: '红烧肉', average: 4.5, scores: 2 })
    expect(await value('canteen.averageScore', B)).toBe(0)
  })

  it('a role with an "own rows" rule reads its own rows only; the admin the tenant', async () => {
    const roleId = nextId()
    await db().insert(role).values({ id: roleId, tenantId: PARK, roleName: 'board clerk', roleAlias: 'bc' })
    const codes = ['storage_warehouse', 'commodity_order', 'canteen_order']
    const menus = await db()
      .select()
      .from(menu)
      .where(
        inArray(menu.code, [
          ...codes,
          'storage',
          'storage_goods',
          'storage_goods_view',
          'commodity',
          'commodity_order_view',
          'canteen',
          'canteen_order_view',
        ]),
      )
    await db()
      .insert(roleMenu)
      .values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
    for (const code of codes) {
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
    const clerkId = nextId()
    await db()
      .insert(user)
      .values({
        id: clerkId,
        tenantId: PARK,
        account: 'board-clerk',
        password: await hashPassword(md5(DEMO_PASSWORD)),
        realName: 'clerk',
        roleId,
      })
    const clerk = bearer(await signIn(t.app, { tenantId: PARK, account: 'board-clerk' }))
    const today = dayOf(new Date())
    const mine = { tenantId: PARK, createUser: clerkId }
    const house = { id: nextId(), ...mine, code: `W${nextId()}`, name: '自管仓库' }
    await db().insert(storageWarehouse).values(house)
    await db()
      .insert(storageStock)
      .values({ id: nextId(), ...mine, warehouseId: house.id, goodsId: '1', quantity: '4', price: 250 })
    await db()
      .insert(commodityOrder)
      .values({
        id: nextId(),
        ...mine,
        orderNo: `S${nextId()}`,
        buyerName: '李四',
        totalAmount: 4200,
        orderTime: new Date(),
        status: 2,
      })
    await db()
      .insert(canteenOrder)
      .values({
        id: nextId(),
        ...mine,
        orderNo: `C${nextId()}`,
        canteenId: '1',
        publishId: '1',
        cardId: '1',
        cardNo: '0001',
        userName: '王五',
        orderDate: today,
        mealType: 2,
        payPrice: 900,
        status: 2,
      })
    const figure = async (name: string, who: Headers) => {
      const res = await get<Figure>('xpark-statistic/run', { name }, who)
      expect(res.status, `${name}: ${res.text}`).toBe(200)
      return res.body.data
    }
    const tenant = (name: string) => statistics.run(name, {}, { db: db(), tenantId: PARK, now: new Date() })
    for (const [name, own] of [
      ['storage.stockValue', 1000],
      ['storage.batches', 1],
      ['commodity.orderCount', 1],
      ['commodity.revenue', 4200],
      ['canteen.orders', 1],
      ['canteen.revenue', 900],
    ] as const) {
      expect((await figure(name, clerk)).value, name).toBe(own)
      const everyone = (await figure(name, admin)).value!
      expect(everyone, name).toBeGreaterThan(own)
      expect(everyone, name).toBe((await tenant(name)).value)
    }
    expect(sum((await figure('commodity.ordersByDay', clerk)).series[0]!.data)).toBe(1)
    expect(sum((await figure('canteen.ordersByMeal', clerk)).series[0]!.data)).toBe(1)
    expect(sum((await figure('storage.movementsByDay', clerk)).series[0]!.data)).toBe(0)
  })
})

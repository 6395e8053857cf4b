import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, type Reply } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { canteenOrder, canteenPublishFood } from './schema.js'

/**
 * The canteen through its routes: an order priced from the menu and paid from the card (integer
 * cents), stock and balance taken in one transaction (a refused order changes nothing), refunds never
 * above what was paid and refunded once however often they are sent, the card credited back with the
 * refund's bill; cardExist the one business call without a token; auto publishing and copies.
 */

const TENANT = '100001'
type Json = Record<string, unknown>

describe('canteen', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let seq = 0

  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const idOf = (r: Reply) => {
    expect(r.status, r.body.msg).toBe(200)
    return (r.body.data as { id: string }).id
  }

  /** A canteen with one dish (price cents, stock) on a menu, and a card holding `balance` cents. */
  const setUp = async (price: number, stock: number, balance: number) => {
    seq++
    const canteenId = idOf(await post('andchu/setting/auto/save', { name: `食堂 ${seq}` }))
    const categoryId = idOf(await post('andchu/food/category/save', { name: `分类 ${seq}` }))
    const foodId = idOf(await post('andchu/food/save', { canteenId, categoryId, name: `菜 ${seq}`, price }))
    const publishId = idOf(
      await post('andchu/publish/save', {
        canteenId,
        publishDate: '2026-11-20',
        mealType: 2,
        foods: [{ foodId, stock }],
      }),
    )
    const detail = await get('andchu/publish/detail', { id: publishId })
    const [dish] = (detail.body.data as { foods: Json[] }).foods
    expect(dish).toMatchObject({ foodId, price, stock, sold: 0 })
    const cardNo = `CT-${seq}`
    idOf(await post('blade-finance/card/save', { cardNo, holderName: `员工 ${seq}` }))
    if (balance) idOf(await post('blade-finance/recharge/save', { cardNo, amount: balance, rechargeType: 1 }))
    return { canteenId, categoryId, foodId, publishId, publishFoodId: String(dish!.id), cardNo }
  }
  const balance = async (cardNo: string) =>
    ((await get('blade-finance/card/page', { cardNo })).body.data as { records: { balance: number }[] })
      .records[0]!.balance
  const order = (publishId: string, cardNo: string, publishFoodId: string, quantity: number) =>
    post('andchu/order/submit', { publishId, cardNo, foods: [{ publishFoodId, quantity }] })

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
  })
  afterAll(() => t.close())

  it('answers every canteen call of the spec (endpoints.tsv)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    const paths = new Set(Object.keys(doc.paths))
    const missing = [
      '/andchu/food/page',
      '/andchu/food/detail',
      '/andchu/food/remove',
      '/andchu/food/submit',
      '/andchu/food/saveLocation',
      '/andchu/food/common/page',
      '/andchu/food/common/detail',
      '/andchu/food/common/remove',
      '/andchu/food/common/submit',
      '/andchu/food/category/list',
      '/andchu/food/category/lazy-list',
      '/andchu/food/category/tree',
      '/andchu/food/category/select',
      '/andchu/food/category/detail',
      '/andchu/food/category/remove',
      '/andchu/food/category/submit',
      '/andchu/foodSafe/page',
      '/andchu/foodSafe/detail',
      '/andchu/foodSafe/remove',
      '/andchu/foodSafe/submit',
      '/andchu/foodSafe/queryFoodNameList',
      '/andchu/foodSafe/queryFoodPicList',
      '/andchu/foodraw/foodTraceability',
      '/andchu/foodraw/foodTraceabilityDetail',
      '/andchu/cookInfo/page',
      '/andchu/cookInfo/detail',
      '/andchu/cookInfo/userall',
      '/andchu/cookInfo/remove',
      '/andchu/cookInfo/save',
      '/andchu/cookInfo/submit',
      '/andchu/publishFood/list',
      '/andchu/publishFood/detail',
      '/andchu/publishFood/remove',
      '/andchu/publishFood/submit',
      '/andchu/publish/list',
      '/andchu/publish/detail',
      '/andchu/publish/remove',
      '/andchu/publish/save',
      '/andchu/publish/update',
      '/andchu/publish/autoPublish',
      '/andchu/order/page',
      '/andchu/order/detail',
      '/andchu/order/statistic',
      '/andchu/order/periodAnalysis',
      '/andchu/order/remove',
      '/andchu/order/submit',
      '/andchu/order/genesticFoodByDate',
      '/andchu/order/refundOrderBy',
      '/andchu/order/refundOrderByIds',
      '/andchu/order/food/list',
      '/andchu/order/food/detail',
      '/andchu/order/food/remove',
      '/andchu/order/food/submit',
      '/andchu/order/food/scoreList',
      '/andchu/order/food/scoreStatistics',
      '/andchu/order/apply',
      '/andchu/setting/img/list',
      '/andchu/setting/img/detail',
      '/andchu/setting/img/remove',
      '/andchu/setting/img/submit',
      '/andchu/setting/auto/list',
      '/andchu/setting/auto/detail',
      '/andchu/setting/auto/remove',
      '/andchu/setting/auto/submit',
      '/andchu/setting/auto/page',
      '/andchu/setting/auto/save',
      '/andchu/setting/auto/listCanteenAll',
      '/andchu/setting/allowance/list',
      '/andchu/setting/allowance/detail',
      '/andchu/setting/allowance/remove',
      '/andchu/setting/allowance/submit',
      '/andchu/setting/allowance/allList',
      '/andchu/setting/phase/list',
      '/andchu/setting/phase/detail',
      '/andchu/setting/phase/remove',
      '/andchu/setting/phase/submit',
      '/andchu/setting/phase/allList',
      '/andchu/setting/meal/list',
      '/andchu/setting/meal/detail',
      '/andchu/setting/meal/remove',
      '/andchu/setting/meal/submit',
      '/andchu/setting/meal/selectByModeAndType',
      '/andchu/notice/list',
      '/andchu/notice/detail',
      '/andchu/notice/remove',
      '/andchu/notice/submit',
      '/andchu/holiday/importHoliday',
      '/andchu/holiday/list',
      '/andchu/holiday/remove',
      '/andchu/holiday/submit',
      '/blade-mealTime/mealTime/list',
      '/blade-mealTime/mealTime/detail',
      '/blade-mealTime/mealTime/remove',
      '/blade-mealTime/mealTime/submit',
      '/andchu/app/statis/cardExist',
    ].filter((p) => !paths.has(`/xparkApi${p}`))
    expect(missing).toEqual([])
  })

  it('seeds demo canteens whose orders agree with the card ledger', async () => {
    const canteens = (await get('andchu/setting/auto/listCanteenAll')).body.data as Json[]
    expect(canteens.map((c) => c.name)).toEqual(expect.arrayContaining(['第一食堂', '第二食堂']))
    const orders = (await get('andchu/order/page', { size: '100' })).body.data as { total: number }
    expect(orders.total).toBeGreaterThan(10)
    for (const cardNo of ['C0001', 'C0002', 'C0003']) {
      const bills = (
        (await get('blade-finance/bill/useList', { cardNo, size: '200' })).body.data as {
          records: { amount: number }[]
        }
      ).records
      expect(
        bills.reduce((a, b) => a + b.amount, 0),
        cardNo,
      ).toBe(await balance(cardNo))
    }
  })

  describe('cardExist', () => {
    it('answers without a token, exists or not and nothing more', async () => {
      const yes = await post(
        'andchu/app/statis/cardExist',
        { cardNo: 'C0001', tenantId: TENANT },
        undefined,
        {},
      )
      expect(yes.status).toBe(200)
      expect(yes.body.data).toBe(true)
      const no = await post(
        'andchu/app/statis/cardExist',
        undefined,
        { cardNo: 'NOPE' },
        { 'tenant-id': TENANT },
      )
      expect(no.body.data).toBe(false)
      // another tenant's card does not exist here
      expect(
        (await post('andchu/app/statis/cardExist', { cardNo: 'C0001', tenantId: '000000' }, undefined, {}))
          .body.data,
      ).toBe(false)
    })

    it('is the only business call without a token; every other canteen and finance call needs one', async () => {
      const open = t.app.routeTable.filter(
        (r) => r.public && /\/(andchu|blade-finance|blade-mealTime|app\/pay)\//.test(r.url),
      )
      expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'POST /xparkApi/andchu/app/statis/cardExist',
        // the pay provider's callback (signed), not a call of the console or the app
        'POST /xparkApi/blade-finance/wxpayorder/notify',
      ])
      const anon = await get('andchu/order/page', {}, {})
      expect(anon.status).toBe(401)
    })

    it('is rate limited per address', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 32; i++)
        statuses.push(
          (await post('andchu/app/statis/cardExist', { cardNo: 'X', tenantId: TENANT }, undefined, {}))
            .status,
        )
      expect(statuses).toContain(429)
    })
  })

  describe('orders paid from the card (integer cents)', () => {
    it('prices the dishes from the menu, takes the stock and debits the card together', async () => {
      const s = await setUp(1250, 3, 5000)
      const placed = await order(s.publishId, s.cardNo, s.publishFoodId, 2)
      expect(placed.status, placed.body.msg).toBe(200)
      expect(placed.body.data).toMatchObject({ totalFee: 2500, balance: 2500 })
      expect(await balance(s.cardNo)).toBe(2500)
      const { id } = placed.body.data as { id: string }
      const detail = await get('andchu/order/detail', { id })
      expect(detail.body.data).toMatchObject({
        totalFee: 2500,
        payPrice: 2500,
        refundFee: 0,
        status: 2,
        mealType: 2,
        orderDate: '2026-11-20',
      })
      expect((detail.body.data as { foods: Json[] }).foods).toMatchObject([
        { quantity: 2, price: 1250, amount: 2500 },
      ])
      const bills = (await get('blade-finance/bill/useList', { cardNo: s.cardNo })).body.data as {
        records: Json[]
      }
      expect(bills.records.find((b) => b.billType === 2)).toMatchObject({
        amount: -2500,
        balanceAfter: 2500,
        sourceId: id,
      })
      // sold out: one left
      const soldOut = await order(s.publishId, s.cardNo, s.publishFoodId, 2)
      expect(soldOut.status).toBe(409)
      expect(soldOut.body.msg).toBe(`菜品已售罄: 菜 ${seq}`)
    })

    it('a card without enough balance is refused and nothing changes', async () => {
      const s = await setUp(1000, 0, 1500)
      const refused = await order(s.publishId, s.cardNo, s.publishFoodId, 2)
      expect(refused.status).toBe(409)
      expect(refused.body.msg).toBe('卡内余额不足')
      expect(await balance(s.cardNo)).toBe(1500)
      const [dish] = await t.database.db
        .select()
        .from(canteenPublishFood)
        .where(eq(canteenPublishFood.id, s.publishFoodId))
      expect(dish!.sold).toBe(0)
      expect((await get('andchu/order/page', { cardNo: s.cardNo })).body.data).toMatchObject({ total: 0 })
    })

    it('a paid order is not removed; a menu with orders is not removed', async () => {
      const s = await setUp(500, 0, 500)
      const { id } = (await order(s.publishId, s.cardNo, s.publishFoodId, 1)).body.data as { id: string }
      const removed = await post('andchu/order/remove', undefined, { ids: id })
      expect(removed.status).toBe(409)
      expect(removed.body.msg).toBe('已支付的订单请先全额退款再删除')
      const menu = await post('andchu/publish/remove', undefined, { ids: s.publishId })
      expect(menu.body.msg).toMatch(/^已有订单的菜单不能删除: \d{4}-\d{2}-\d{2}$/)
    })
  })

  describe('refunds', () => {
    it('never exceed what was paid, are refunded once however often sent, and credit the card back', async () => {
      const s = await setUp(1250, 0, 5000)
      const { id: orderId } = (await order(s.publishId, s.cardNo, s.publishFoodId, 2)).body.data as {
        id: string
      }
      expect(await balance(s.cardNo)).toBe(2500)
      const first = await post('andchu/order/refundOrderBy', {
        orderId,
        payPrice: 1000,
        refundNo: 'REFUND-A1',
      })
      expect(first.status, first.body.msg).toBe(200)
      expect(first.body.data).toMatchObject({ refunded: true, amount: 1000, refundFee: 1000, status: 3 })
      expect(await balance(s.cardNo)).toBe(3500)
      // the same refund again (same refund number): refunded once
      const again = await post('andchu/order/refundOrderBy', {
        orderId,
        payPrice: 1000,
        refundNo: 'REFUND-A1',
      })
      expect(again.body.data).toMatchObject({ refunded: false, refundFee: 1000 })
      // a reply that refunded nothing does not say it refunded
      expect(again.body.msg).toBe('该退款单号已退款, 本次未重复退款')
      // the same key as the standard header (a client that cannot add a field)
      const retry = await post(
        'andchu/order/refundOrderBy',
        undefined,
        { orderId, payPrice: '1000' },
        {
          ...admin,
          'idempotency-key': 'REFUND-A1',
        },
      )
      expect(retry.body.data).toMatchObject({ refunded: false })
      expect(await balance(s.cardNo)).toBe(3500)
      // a refund number names one refund
      const reused = await post('andchu/order/refundOrderBy', {
        orderId,
        payPrice: 700,
        refundNo: 'REFUND-A1',
      })
      expect(reused.body.msg).toBe('退款单号已被使用')
      // more than is left
      const tooMuch = await post('andchu/order/refundOrderBy', { orderId, payPrice: 1501 })
      expect(tooMuch.status).toBe(409)
      expect(tooMuch.body.msg).toBe('退款金额不能超过可退金额 15.00 元')
      expect(await balance(s.cardNo)).toBe(3500)
      // the rest, by ids; again by ids changes nothing
      expect(
        (await post('andchu/order/refundOrderByIds', undefined, { ids: orderId })).body.data,
      ).toMatchObject({ refunded: 1500 })
      expect(
        (await post('andchu/order/refundOrderByIds', undefined, { ids: orderId })).body.data,
      ).toMatchObject({ refunded: 0 })
      expect(await balance(s.cardNo)).toBe(5000)
      const [row] = await t.database.db.select().from(canteenOrder).where(eq(canteenOrder.id, orderId))
      expect(row).toMatchObject({ payPrice: 2500, refundFee: 2500, status: 4 })
      const full = await post('andchu/order/refundOrderBy', { orderId, payPrice: 1, refundNo: 'REFUND-A9' })
      expect(full.body.msg).toBe('订单已全额退款')
      const refunds = (
        (await get('blade-finance/bill/useList', { cardNo: s.cardNo, billType: '3' })).body.data as {
          records: Json[]
        }
      ).records
      expect(refunds.map((b) => b.amount).sort()).toEqual([1000, 1500])
      // a fully refunded order may be removed
      expect((await post('andchu/order/remove', undefined, { ids: orderId })).status).toBe(200)
    })

    it('refuses staff (view only) and bad amounts', async () => {
      const s = await setUp(300, 0, 300)
      const { id: orderId } = (await order(s.publishId, s.cardNo, s.publishFoodId, 1)).body.data as {
        id: string
      }
      expect(
        (await post('andchu/order/refundOrderBy', { orderId, payPrice: 100 }, undefined, staff)).status,
      ).toBe(403)
      for (const payPrice of [0, -1, 1.5, 'x'])
        expect(
          (await post('andchu/order/refundOrderBy', { orderId, payPrice })).status,
          String(payPrice),
        ).toBe(400)
      expect(await balance(s.cardNo)).toBe(0)
    })
  })

  describe('menus', () => {
    it('auto publishes the latest menu of each meal on dates without one, skipping days off', async () => {
      const s = await setUp(800, 10, 0)
      idOf(await post('andchu/holiday/save', { holidayDate: '2026-11-22', name: '休息', dayType: 1 }))
      const res = await post('andchu/publish/autoPublish', {
        canteenId: s.canteenId,
        startDate: '2026-11-20',
        endDate: '2026-11-23',
        mealTypes: [2],
      })
      expect(res.status, res.body.msg).toBe(200)
      expect(res.body.data).toEqual({ created: 2 })
      const list = (await get('andchu/publish/list', { canteenId: s.canteenId, size: '50' })).body.data as {
        records: Json[]
      }
      expect(list.records.map((r) => r.publishDate).sort()).toEqual([
        '2026-11-20',
        '2026-11-21',
        '2026-11-23',
      ])
      const dup = await post('andchu/publish/save', {
        canteenId: s.canteenId,
        publishDate: '2026-11-21',
        mealType: 2,
        foods: [],
      })
      expect(dup.body.msg).toBe('该食堂该日期该餐次已发布')
    })

    it('copies foods to other canteens (saveLocation), keeping a canteen’s own food of that name', async () => {
      const a = await setUp(800, 0, 0)
      const b = await setUp(900, 0, 0)
      const res = await post('andchu/food/saveLocation', undefined, {
        ids: a.foodId,
        canteenIds: b.canteenId,
      })
      expect(res.body.data).toEqual({ copied: 1 })
      expect(
        (await post('andchu/food/saveLocation', undefined, { ids: a.foodId, canteenIds: b.canteenId })).body
          .data,
      ).toEqual({ copied: 0 })
      const foods = (await get('andchu/food/page', { canteenId: b.canteenId })).body.data as {
        records: Json[]
      }
      expect(foods.records).toHaveLength(2)
    })
  })

  it('pickers: the menus’ dishes and the canteens’ food as trees; an order takes its menu from its dishes', async () => {
    const s = await setUp(700, 0, 700)
    const food = (await get('andchu/food/tree')).body.data as {
      id: string
      children: { id: string; price: number }[]
    }[]
    expect(food.find((c) => c.id === s.canteenId)?.children).toMatchObject([{ id: s.foodId, price: 700 }])
    // the fixture's menu is in the past: a menu for tomorrow shows in the order picker
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const menuId = idOf(
      await post('andchu/publish/save', {
        canteenId: s.canteenId,
        publishDate: tomorrow,
        mealType: 1,
        foods: [{ foodId: s.foodId }],
      }),
    )
    const menus = (await get('andchu/publish/tree')).body.data as {
      id: string
      children: { id: string; price: number }[]
    }[]
    const dish = menus.find((m) => m.id === menuId)!.children[0]!
    expect(dish.price).toBe(700)
    const placed = await post('andchu/order/submit', {
      cardNo: s.cardNo,
      foods: [{ publishFoodId: dish.id, quantity: 1 }],
    })
    expect(placed.status, placed.body.msg).toBe(200)
    const mixed = await post('andchu/order/submit', {
      cardNo: s.cardNo,
      foods: [
        { publishFoodId: dish.id, quantity: 1 },
        { publishFoodId: s.publishFoodId, quantity: 1 },
      ],
    })
    expect(mixed.body.msg).toBe('一个订单只能包含同一菜单的菜品')
  })

  it('statistics, the kitchen list and scores follow the orders', async () => {
    const s = await setUp(600, 0, 6000)
    const { id } = (await order(s.publishId, s.cardNo, s.publishFoodId, 3)).body.data as { id: string }
    const stats = await get('andchu/order/statistic', {
      canteenId: s.canteenId,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    })
    expect(stats.body.data).toMatchObject({ orders: 1, paid: 1800, refunded: 0, revenue: 1800 })
    const period = await get('andchu/order/periodAnalysis', {
      canteenId: s.canteenId,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    })
    expect(period.body.data).toEqual([{ date: '2026-11-20', orders: 1, revenue: 1800 }])
    const kitchen = await post('andchu/order/genesticFoodByDate', undefined, {
      date: '2026-11-20',
      canteenId: s.canteenId,
    })
    expect(kitchen.body.data).toMatchObject([
      { foodName: `菜 ${seq}`, quantity: 3, amount: 1800, mealType: 2 },
    ])
    const detail = (await get('andchu/order/detail', { id })).body.data as { foods: { id: string }[] }
    const scored = await post('andchu/order/food/submit', {
      id: detail.foods[0]!.id,
      score: 4,
      comment: '好吃',
    })
    expect(scored.status, scored.body.msg).toBe(200)
    expect((await post('andchu/order/food/submit', { score: 4 })).body.msg).toBe(
      '订单菜品随订单生成, 这里只能评分',
    )
    const scores = (await get('andchu/order/food/scoreList')).body.data as Json[]
    expect(scores.find((r) => r.foodName === `菜 ${seq}`)).toMatchObject({ scores: 1, average: 4 })
    expect((await get('andchu/order/food/scoreStatistics')).body.data).toMatchObject({
      total: expect.any(Number),
    })
  })

  // PGlite runs one transaction at a time: the races are only real on PostgreSQL
  const onPostgres = Boolean(process.env.DATABASE_URL)
  if (!onPostgres)
    console.info('canteen: concurrency tests skipped (set DATABASE_URL to run them on PostgreSQL)')
  describe.skipIf(!onPostgres)('under concurrency (PostgreSQL)', () => {
    it('concurrent orders never take the card below zero', async () => {
      const s = await setUp(1000, 0, 3000)
      const results = await Promise.all(
        Array.from({ length: 8 }, () => order(s.publishId, s.cardNo, s.publishFoodId, 1)),
      )
      expect(results.filter((r) => r.status === 200)).toHaveLength(3)
      expect(results.filter((r) => r.status === 409).every((r) => r.body.msg === '卡内余额不足')).toBe(true)
      expect(await balance(s.cardNo)).toBe(0)
      const [dish] = await t.database.db
        .select()
        .from(canteenPublishFood)
        .where(eq(canteenPublishFood.id, s.publishFoodId))
      expect(dish!.sold).toBe(3)
    })

    it('concurrent refunds never exceed what was paid', async () => {
      const s = await setUp(2500, 0, 2500)
      const { id: orderId } = (await order(s.publishId, s.cardNo, s.publishFoodId, 1)).body.data as {
        id: string
      }
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post('andchu/order/refundOrderBy', { orderId, payPrice: 1000, refundNo: `RACE-${i}-x` }),
        ),
      )
      expect(results.filter((r) => r.status === 200)).toHaveLength(2)
      expect(await balance(s.cardNo)).toBe(2000)
      const [row] = await t.database.db.select().from(canteenOrder).where(eq(canteenOrder.id, orderId))
      expect(row!.refundFee).toBe(2000)
    })
  })
})

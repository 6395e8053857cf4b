import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canteenRefund } from '../modules/canteen/schema.js'
import { financeCard } from '../modules/finance/schema.js'
import { storageLedger, storageStock } from '../modules/storage/schema.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from './harness.js'

/**
 * Ten writers at once on one thing of value (issue 26): ten out-bills checked together on one goods,
 * ten refunds of one order. The same expectations on PGlite (one transaction at a time) and on
 * PostgreSQL (real races, CI's second pass): stock never goes below zero and moves by exactly the
 * bills that were checked; an order is refunded once, and a key sent ten times refunds once.
 */

const TENANT = '100001'
const TEN = 10

describe(`ten concurrent writers (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestContext
  let admin: Headers
  let seq = 0

  const post = async (url: string, body?: unknown, query?: Record<string, string>, headers = admin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/xparkApi/${url}`,
      headers,
      ...(query ? { query } : {}),
      ...(body !== undefined ? { payload: body as object } : {}),
    })
    return { status: res.statusCode, body: res.json() as { msg: string; data: never } }
  }
  const idOf = (r: { status: number; body: { msg: string; data: never } }) => {
    expect(r.status, r.body.msg).toBe(200)
    return (r.body.data as { id: string }).id
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
  })
  afterAll(() => t.close())

  it('ten out-bills of 3 on a stock of 10: three are checked, seven refused, the stock is 1', async () => {
    seq++
    const classificationId = idOf(
      await post('park-storage/classificationgoods/save', { code: `CW-C${seq}`, name: '并发分类' }),
    )
    const goodsId = idOf(
      await post('park-storage/goods/saveGoods', {
        classificationId,
        code: `CW-G${seq}`,
        name: `并发物品 ${seq}`,
        unit: '个',
        price: 100,
      }),
    )
    const warehouseId = idOf(
      await post('park-storage/warehouse/save', { code: `CW-W${seq}`, name: '并发仓库' }),
    )
    const bill = async (billType: number, quantity: string) => {
      const id = idOf(
        await post('park-storage/storageBill/submit', {
          billType,
          warehouseId,
          details: [{ goodsId, quantity }],
        }),
      )
      expect((await post('park-storage/storageBill/submitStorageBill', undefined, { id })).status).toBe(200)
      return id
    }
    const stockIn = await bill(1, '10')
    expect((await post('park-storage/storageBill/checkStorageBill', undefined, { id: stockIn })).status).toBe(
      200,
    )
    const outs: string[] = []
    for (let i = 0; i < TEN; i++) outs.push(await bill(2, '3'))
    const results = await Promise.all(
      outs.map((id) => post('park-storage/storageBill/checkStorageBill', undefined, { id })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    const refused = results.filter((r) => r.status !== 200)
    expect(refused).toHaveLength(TEN - 3)
    for (const r of refused) {
      expect(r.status).toBe(409)
      expect(r.body.msg).toMatch(/^库存不足/)
    }
    const [stock] = await t.database.db
      .select({ quantity: sql<string>`${storageStock.quantity}::text` })
      .from(storageStock)
      .where(and(eq(storageStock.goodsId, goodsId), eq(storageStock.warehouseId, warehouseId)))
    expect(stock!.quantity).toBe('1.0000')
    const entries = await t.database.db.select().from(storageLedger).where(eq(storageLedger.goodsId, goodsId))
    expect(entries).toHaveLength(4)
  })

  describe('ten refunds of one order', () => {
    /** An order of 2500 cents paid from a card that then holds nothing. */
    const paidOrder = async () => {
      seq++
      const canteenId = idOf(await post('andchu/setting/auto/save', { name: `并发食堂 ${seq}` }))
      const categoryId = idOf(await post('andchu/food/category/save', { name: `并发分类 ${seq}` }))
      const foodId = idOf(
        await post('andchu/food/save', { canteenId, categoryId, name: `并发菜 ${seq}`, price: 2500 }),
      )
      const publishId = idOf(
        await post('andchu/publish/save', {
          canteenId,
          publishDate: '2026-11-20',
          mealType: 2,
          foods: [{ foodId, stock: 0 }],
        }),
      )
      const cardNo = `CW-${seq}`
      const cardId = idOf(await post('blade-finance/card/save', { cardNo, holderName: `并发 ${seq}` }))
      idOf(await post('blade-finance/recharge/save', { cardNo, amount: 2500, rechargeType: 1 }))
      const detail = await t.app.inject({
        method: 'GET',
        url: '/xparkApi/andchu/publish/detail',
        headers: admin,
        query: { id: publishId },
      })
      const dish = (detail.json() as { data: { foods: { id: string }[] } }).data.foods[0]!
      const placed = await post('andchu/order/submit', {
        publishId,
        cardNo,
        foods: [{ publishFoodId: dish.id, quantity: 1 }],
      })
      return { orderId: idOf(placed), cardId }
    }
    const balance = async (cardId: string) =>
      (await t.database.db.select().from(financeCard).where(eq(financeCard.id, cardId)))[0]!.balance

    it('each asking for all of it: one refund, nine refused, the card credited once', async () => {
      const { orderId, cardId } = await paidOrder()
      const results = await Promise.all(
        Array.from({ length: TEN }, () => post('andchu/order/refundOrderBy', { orderId, payPrice: 2500 })),
      )
      expect(results.filter((r) => r.status === 200)).toHaveLength(1)
      for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(409)
      expect(await balance(cardId)).toBe(2500)
      expect(await t.database.db.$count(canteenRefund, eq(canteenRefund.orderId, orderId))).toBe(1)
    })

    it('the same key ten times: one refund, nine replies that refunded nothing', async () => {
      const { orderId, cardId } = await paidOrder()
      const results = await Promise.all(
        Array.from({ length: TEN }, () =>
          post('andchu/order/refundOrderBy', { orderId, payPrice: 1000, refundNo: `CW-KEY-${seq}` }),
        ),
      )
      expect(results.every((r) => r.status === 200)).toBe(true)
      expect(results.filter((r) => (r.body.data as { refunded: boolean }).refunded)).toHaveLength(1)
      expect(results.filter((r) => r.body.msg === '该退款单号已退款, 本次未重复退款')).toHaveLength(TEN - 1)
      expect(await balance(cardId)).toBe(1000)
      expect(await t.database.db.$count(canteenRefund, eq(canteenRefund.orderId, orderId))).toBe(1)
    })
  })
})

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthContext } from '../core/auth/tokens.js'
import { stamped } from '../core/tenancy.js'
import { assetUser } from '../modules/asset/schema.js'
import { canteen, canteenPublish, canteenPublishFood } from '../modules/canteen/schema.js'
import { financeCard, financeRecharge } from '../modules/finance/schema.js'
import { user } from '../modules/identity/schema.js'
import { storageGoods, storageLedger, storageWarehouse } from '../modules/storage/schema.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from './harness.js'

/**
 * The defects a probe of the business write routes found (issue 26), one test each, through the
 * routes as a client sends them. Each failed on the code before the fix; the sweep over every write
 * route (write-sweep.test.ts) proves the patterns behind them for every resource.
 */

const TENANT = '100001'
const UNKNOWN_ID = '9000000000000000001'
type Json = Record<string, unknown>

describe('business writes that hold (issue 26)', () => {
  let t: TestContext
  let admin: Headers
  let seq = 0
  /** rows of another tenant (000000) the park's writes must not be able to name */
  const foreign = { canteen: '', warehouse: '', user: '' }

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, query?: Json, headers = admin) => {
    const res = await t.app.inject({
      method,
      url: `/xparkApi/${url}`,
      headers,
      ...(query ? { query: query as Record<string, string> } : {}),
      ...(body !== undefined ? { payload: body as object } : {}),
    })
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: never } }
  }
  const get = (url: string, query: Json = {}) => call('GET', url, undefined, query)
  const post = (url: string, body?: unknown, query?: Json, headers = admin) =>
    call('POST', url, body, query, headers)
  const idOf = (r: Awaited<ReturnType<typeof call>>) => {
    expect(r.status, r.body.msg).toBe(200)
    return (r.body.data as { id: string }).id
  }
  const refused = (r: Awaited<ReturnType<typeof call>>, status = 400) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status)
    expect(r.body.msg).toBeTruthy()
  }

  /** A canteen with two dishes on one menu, and a card holding `balance` cents. */
  const menuWithTwoDishes = async (balance = 5000) => {
    seq++
    const canteenId = idOf(await post('andchu/setting/auto/save', { name: `写入食堂 ${seq}` }))
    const categoryId = idOf(await post('andchu/food/category/save', { name: `写入分类 ${seq}` }))
    const food = async (name: string) =>
      idOf(await post('andchu/food/save', { canteenId, categoryId, name, price: 500 }))
    const foods = [await food(`甲 ${seq}`), await food(`乙 ${seq}`)]
    const publishId = idOf(
      await post('andchu/publish/save', {
        canteenId,
        publishDate: '2026-11-20',
        mealType: 2,
        foods: foods.map((foodId) => ({ foodId, stock: 10 })),
      }),
    )
    const dishes = (
      await t.database.db
        .select()
        .from(canteenPublishFood)
        .where(eq(canteenPublishFood.publishId, publishId))
        .orderBy(canteenPublishFood.id)
    ).map((d) => d.id)
    const cardNo = `WB-${seq}`
    idOf(await post('blade-finance/card/save', { cardNo, holderName: `员工 ${seq}` }))
    if (balance) idOf(await post('blade-finance/recharge/save', { cardNo, amount: balance, rechargeType: 1 }))
    return { canteenId, categoryId, foods, publishId, dishes, cardNo }
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    const platform: Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'> = {
      tenantId: '000000',
      userId: '1',
      deptIds: [],
    }
    const db = t.database.db
    const [c] = await db
      .insert(canteen)
      .values(stamped(canteen, platform, { name: '平台的食堂' }) as never)
      .returning({ id: canteen.id })
    const [w] = await db
      .insert(storageWarehouse)
      .values(stamped(storageWarehouse, platform, { code: 'PLATFORM-W', name: '平台的仓库' }) as never)
      .returning({ id: storageWarehouse.id })
    const [u] = await db.select({ id: user.id }).from(user).where(eq(user.tenantId, '000000')).limit(1)
    Object.assign(foreign, { canteen: c!.id, warehouse: w!.id, user: u!.id })
  })
  afterAll(() => t.close())

  describe('1. a batch removal holds for every id: one blocked id removes none', () => {
    it('an empty card and a card holding money: 409, both stay, the money stays', async () => {
      const empty = idOf(await post('blade-finance/card/save', { cardNo: 'WB-EMPTY', holderName: '空卡' }))
      const funded = idOf(await post('blade-finance/card/save', { cardNo: 'WB-FUNDED', holderName: '有钱' }))
      idOf(await post('blade-finance/recharge/save', { cardNo: 'WB-FUNDED', amount: 1000, rechargeType: 1 }))
      const res = await post('blade-finance/card/remove', undefined, { ids: `${empty},${funded}` })
      refused(res, 409)
      expect(res.body.msg).toBe('卡内还有余额, 不能删除: WB-FUNDED')
      const cards = await t.database.db
        .select({ isDeleted: financeCard.isDeleted, balance: financeCard.balance })
        .from(financeCard)
        .where(eq(financeCard.tenantId, TENANT))
      expect(cards.filter((c) => c.isDeleted === 1)).toHaveLength(0)
      const [kept] = await t.database.db.select().from(financeCard).where(eq(financeCard.id, funded))
      expect(kept!.balance).toBe(1000)
      // the free one alone goes
      expect((await post('blade-finance/card/remove', undefined, { ids: empty })).status).toBe(200)
    })

    it('an unsold dish and an ordered dish: 409, neither leaves its menu', async () => {
      const m = await menuWithTwoDishes()
      const ordered = await post('andchu/order/submit', {
        publishId: m.publishId,
        cardNo: m.cardNo,
        foods: [{ publishFoodId: m.dishes[1], quantity: 1 }],
      })
      expect(ordered.status, ordered.body.msg).toBe(200)
      const res = await post('andchu/publishFood/remove', undefined, { ids: m.dishes.join(',') })
      refused(res, 409)
      expect(res.body.msg).toBe(`已有订单的菜品不能移除: 乙 ${seq}`)
      const live = await t.database.db
        .select({ id: canteenPublishFood.id })
        .from(canteenPublishFood)
        .where(and(eq(canteenPublishFood.publishId, m.publishId), eq(canteenPublishFood.isDeleted, 0)))
      expect(live).toHaveLength(2)
    })
  })

  describe('2. references name rows of the caller’s tenant that exist', () => {
    it('a menu does not move to another tenant’s canteen, nor to none, nor to another canteen', async () => {
      const m = await menuWithTwoDishes(0)
      for (const canteenId of [foreign.canteen, UNKNOWN_ID]) {
        const res = await post('andchu/publish/update', { id: m.publishId, canteenId })
        refused(res)
        expect(res.body.msg).toBe('食堂不存在')
      }
      const other = idOf(await post('andchu/setting/auto/save', { name: `另一个食堂 ${seq}` }))
      refused(await post('andchu/publish/update', { id: m.publishId, canteenId: other }), 409)
      const [menu] = await t.database.db
        .select()
        .from(canteenPublish)
        .where(eq(canteenPublish.id, m.publishId))
      expect(menu!.canteenId).toBe(m.canteenId)
    })

    it('an asset names only a warehouse of the tenant, on save and on update', async () => {
      const typeId = idOf(await post('assettype/save', { code: `WB-T${++seq}`, name: '写入类型' }))
      for (const warehouseId of [foreign.warehouse, UNKNOWN_ID]) {
        const res = await post('park-manage/asset/saveAsset', {
          typeId,
          code: `WB-A${seq}`,
          name: '资产',
          purchasePrice: 100,
          warehouseId,
        })
        refused(res)
        expect(res.body.msg).toBe('仓库不存在')
      }
      const id = idOf(
        await post('park-manage/asset/saveAsset', {
          typeId,
          code: `WB-A${seq}`,
          name: '资产',
          purchasePrice: 100,
        }),
      )
      refused(await post('park-manage/asset/updateAsset', { id, warehouseId: foreign.warehouse }))
      const detail = await get('park-manage/asset/detail', { id })
      expect((detail.body.data as Json).warehouseId ?? null).toBeNull()
    })

    it('a cook is a user of the tenant (submit and save)', async () => {
      const m = await menuWithTwoDishes(0)
      for (const route of ['andchu/cookInfo/submit', 'andchu/cookInfo/save'])
        for (const userId of [foreign.user, UNKNOWN_ID]) {
          const res = await post(route, { canteenId: m.canteenId, userId, name: '厨师' })
          refused(res)
          expect(res.body.msg).toBe('用户不存在')
        }
    })

    it('deleteAssetUser answers 404 for unknown or foreign ids, and a mixed batch removes none', async () => {
      const typeId = idOf(await post('assettype/save', { code: `WB-T${++seq}`, name: '写入类型' }))
      const assetId = idOf(
        await post('park-manage/asset/saveAsset', {
          typeId,
          code: `WB-U${seq}`,
          name: '有使用人',
          purchasePrice: 100,
        }),
      )
      const userRow = idOf(await post('park-manage/asset/saveAssetUser', { assetId, userName: '张三' }))
      const res = await post('park-manage/asset/deleteAssetUser', undefined, {
        ids: `${userRow},${UNKNOWN_ID}`,
      })
      refused(res, 404)
      const [kept] = await t.database.db.select().from(assetUser).where(eq(assetUser.id, userRow))
      expect(kept!.isDeleted).toBe(0)
      refused(await post('park-manage/asset/deleteAssetUser', undefined, { ids: UNKNOWN_ID }), 404)
      expect((await post('park-manage/asset/deleteAssetUser', undefined, { ids: userRow })).status).toBe(200)
    })
  })

  describe('3. numbers that are not numbers are refused, not converted', () => {
    it('a recharge of `true` cents credits nothing', async () => {
      idOf(await post('blade-finance/card/save', { cardNo: 'WB-NUM', holderName: '数字' }))
      for (const amount of [true, [1000], { a: 1 }, '', 'abc'])
        refused(await post('blade-finance/recharge/save', { cardNo: 'WB-NUM', amount, rechargeType: 1 }))
      refused(
        await post('blade-finance/recharge/save', { cardNo: 'WB-NUM', amount: 100, rechargeType: true }),
      )
      const recharges = await t.database.db
        .select()
        .from(financeRecharge)
        .where(eq(financeRecharge.cardNo, 'WB-NUM'))
      expect(recharges).toHaveLength(0)
      // numeric strings are numbers (BladeX clients send them)
      idOf(await post('blade-finance/recharge/save', { cardNo: 'WB-NUM', amount: '150', rechargeType: '1' }))
    })

    it('a refund of `true` cents refunds nothing', async () => {
      const m = await menuWithTwoDishes()
      const order = await post('andchu/order/submit', {
        publishId: m.publishId,
        cardNo: m.cardNo,
        foods: [{ publishFoodId: m.dishes[0], quantity: 1 }],
      })
      const orderId = (order.body.data as { id: string }).id
      for (const payPrice of [true, [1], {}])
        refused(await post('andchu/order/refundOrderBy', { orderId, payPrice }))
      const detail = await get('andchu/order/detail', { id: orderId })
      expect((detail.body.data as Json).refundFee).toBe(0)
    })

    it('a goods record of type `true` records nothing', async () => {
      const before = await t.database.db.$count(storageLedger)
      const [warehouse] = await t.database.db
        .select({ id: storageWarehouse.id })
        .from(storageWarehouse)
        .where(eq(storageWarehouse.tenantId, TENANT))
        .limit(1)
      const [goods] = await t.database.db
        .select({ id: storageGoods.id })
        .from(storageGoods)
        .where(eq(storageGoods.tenantId, TENANT))
        .limit(1)
      for (const type of [true, [1], { t: 1 }, 'in'])
        refused(
          await post('park-storage/storageGoods/outOrIntoStorageGoods', {
            type,
            warehouseId: warehouse!.id,
            goodsId: goods!.id,
            quantity: '1',
          }),
        )
      expect(await t.database.db.$count(storageLedger)).toBe(before)
    })
  })

  describe('4. dates that do not exist are refused', () => {
    it('publish dates, holidays, applications and auto-publish ranges', async () => {
      const m = await menuWithTwoDishes(0)
      for (const publishDate of ['2026-02-30', '2026-13-01', '9999-99-99'])
        refused(
          await post('andchu/publish/save', { canteenId: m.canteenId, publishDate, mealType: 1, foods: [] }),
        )
      refused(await post('andchu/holiday/save', { holidayDate: '2026-02-30', name: '不存在', dayType: 1 }))
      refused(
        await post('andchu/orderApply/submit', {
          canteenId: m.canteenId,
          applicant: '申请人',
          applyDate: '2026-04-31',
          mealType: 2,
          quantity: 1,
        }),
      )
      refused(
        await post('andchu/publish/autoPublish', {
          canteenId: m.canteenId,
          startDate: '2026-02-30',
          endDate: '2026-03-02',
        }),
      )
    })

    it('an asset user’s start time of 30 February is refused, not rolled over to March', async () => {
      const typeId = idOf(await post('assettype/save', { code: `WB-T${++seq}`, name: '写入类型' }))
      const assetId = idOf(
        await post('park-manage/asset/saveAsset', {
          typeId,
          code: `WB-D${seq}`,
          name: '日期',
          purchasePrice: 100,
        }),
      )
      refused(
        await post('park-manage/asset/saveAssetUser', {
          assetId,
          userName: '李四',
          startTime: '2026-02-30 10:00:00',
        }),
      )
      const users = await t.database.db.select().from(assetUser).where(eq(assetUser.assetId, assetId))
      expect(users).toHaveLength(0)
    })
  })

  describe('5. bad input answers 4xx, never 5xx', () => {
    it('a thirteenth month is a 400, not a RangeError', async () => {
      const typeId = idOf(await post('assettype/save', { code: `WB-T${++seq}`, name: '写入类型' }))
      const assetId = idOf(
        await post('park-manage/asset/saveAsset', {
          typeId,
          code: `WB-E${seq}`,
          name: '月份',
          purchasePrice: 100,
        }),
      )
      refused(
        await post('park-manage/asset/saveAssetUser', {
          assetId,
          userName: '王五',
          startTime: '2031-13-01 10:00:00',
        }),
      )
    })

    it('a picture setting without its url is a 400 naming it, not a NOT NULL 500', async () => {
      const res = await post('andchu/setting/img/submit', { name: '没有图片' })
      refused(res)
      expect(res.body.msg).toContain('url')
    })
  })

  describe('open points, decided', () => {
    it('a refund is a retry only when it carries the same key; without one each refund is real', async () => {
      const m = await menuWithTwoDishes()
      const order = await post('andchu/order/submit', {
        publishId: m.publishId,
        cardNo: m.cardNo,
        foods: [{ publishFoodId: m.dishes[0], quantity: 2 }],
      })
      const orderId = (order.body.data as { id: string }).id
      const first = await post('andchu/order/refundOrderBy', { orderId, payPrice: 300 })
      const second = await post('andchu/order/refundOrderBy', { orderId, payPrice: 300 })
      for (const r of [first, second]) {
        expect(r.body.msg).toBe('退款成功')
        expect(r.body.data).toMatchObject({ refunded: true })
      }
      const keyed = { ...admin, 'idempotency-key': `WB-KEY-${seq}` }
      const third = await post('andchu/order/refundOrderBy', { orderId, payPrice: 100 }, undefined, keyed)
      expect(third.body).toMatchObject({ msg: '退款成功', data: { refunded: true, refundFee: 700 } })
      const retry = await post('andchu/order/refundOrderBy', { orderId, payPrice: 100 }, undefined, keyed)
      expect(retry.body).toMatchObject({
        msg: '该退款单号已退款, 本次未重复退款',
        data: { refunded: false, refundFee: 700 },
      })
      // a key in the body and a different one in the header: refused
      refused(
        await post(
          'andchu/order/refundOrderBy',
          { orderId, payPrice: 100, refundNo: 'WB-OTHER-1' },
          undefined,
          keyed,
        ),
      )
    })

    it('an out-bill larger than the stock is refused when it is submitted, not only at the check', async () => {
      const warehouseId = idOf(
        await post('park-storage/warehouse/save', { code: `WB-W${++seq}`, name: '小仓库' }),
      )
      const [goods] = await t.database.db
        .select({ id: storageGoods.id, name: storageGoods.name })
        .from(storageGoods)
        .where(eq(storageGoods.tenantId, TENANT))
        .limit(1)
      const goodsId = goods!.id
      const bill = idOf(
        await post('park-storage/storageBill/submit', {
          billType: 2,
          warehouseId,
          details: [{ goodsId, quantity: '5' }],
        }),
      )
      const res = await post('park-storage/storageBill/submitStorageBill', undefined, { id: bill })
      refused(res, 409)
      expect(res.body.msg).toBe(`库存不足: ${goods!.name} (库存 0, 需要 5.0000)`)
      const detail = await get('park-storage/storageBill/detail', { id: bill })
      expect((detail.body.data as Json).status).toBe(0)
    })
  })
})

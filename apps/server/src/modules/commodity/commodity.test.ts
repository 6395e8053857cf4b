import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menu, role, roleMenu, roleScope, scopeData, user } from '../../compose/schema.js'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { nextId } from '../../core/ids.js'
import { apiClient } from '../../test/client.js'

import {
  bearer,
  DEMO_PASSWORD,
  type Headers,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { firstSheet, rowValues, workbookOf } from '../../test/workbook.js'
import { commodityMessage, commodityOrder, commodityOrderItem, commodityType } from './schema.js'

/**
 * The commodities module through its routes, and with it the module kit's parts: a tree (cycle and
 * children refused), uniqueness with its message, header + lines written atomically, state
 * transitions (illegal and concurrent ones refused), an all-or-nothing Excel import, expands in the
 * list query itself, data scope on by default, the spec's routes and aliases.
 */

const TENANT = '100001'
type Json = Record<string, unknown>

describe('commodities (module kit)', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  const queries: string[] = []

  const api = apiClient(
    () => t,
    () => admin,
  )
  const { get, post } = api

  const newType = async (code: string, parentId = '0') => {
    const res = await post('commodityType/save', { code, name: `类型 ${code}`, parentId })
    expect(res.status, res.body.msg).toBe(200)
    return (res.body.data as { id: string }).id
  }
  const newListing = async (code: string, typeId: string, price = 500, stock = 10, on = true) => {
    const res = await post('commodityMessage/save', { code, name: `商品 ${code}`, typeId, price, stock })
    expect(res.status, res.body.msg).toBe(200)
    const id = (res.body.data as { id: string }).id
    if (on) expect((await post('commodityMessage/changeStatus', { id, status: 1 })).status).toBe(200)
    return id
  }
  const stockOf = async (id: string) =>
    (await t.database.db.select().from(commodityMessage).where(eq(commodityMessage.id, id)))[0]!.stock

  beforeAll(async () => {
    t = await startTestApp({}, { onQuery: (q) => queries.push(q) })
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
  })
  afterAll(() => t.close())

  it('answers every commodity call of the spec (endpoints.tsv), the /api submit alias included', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    const paths = Object.keys(doc.paths)
    for (const p of [
      '/commodityType/page',
      '/commodityType/tree',
      '/commodityType/save',
      '/commodityType/update',
      '/commodityType/changeStatus',
      '/commodityMessage/page',
      '/commodityMessage/tree',
      '/commodityMessage/save',
      '/commodityMessage/update',
      '/commodityMessage/changeStatus',
      '/blade-commodityOrders/commodityOrders/page',
      '/blade-commodityOrders/commodityOrders/detail',
      '/blade-commodityOrders/commodityOrders/remove',
      '/blade-commodityOrders/commodityOrders/submit',
      '/blade-commodityOrders/commodityOrders/saveDate',
      '/blade-commodityOrders/commodityOrders/saveOrder',
      '/api/blade-commodityOrders/commodityOrders/submit',
    ])
      expect(paths, p).toContain(`/xparkApi${p}`)
  })

  it('seeds the demo shop: types, listings on and off the shelf, orders in every state', async () => {
    const page = await get('commodityMessage/page', { size: '100' })
    expect(page.status).toBe(200)
    const rows = (page.body.data as { records: Json[] }).records
    expect(rows.length).toBeGreaterThanOrEqual(10)
    expect(rows.find((r) => r.code === 'W001')).toMatchObject({ typeName: '饮料', price: 200, status: 1 })
    const orders = (await get('blade-commodityOrders/commodityOrders/page', { size: '100' })).body.data as {
      records: Json[]
    }
    expect(new Set(orders.records.map((o) => o.status))).toEqual(new Set([1, 2, 3, 4]))
  })

  describe('tree (commodity types)', () => {
    it('refuses moving a node under itself or a descendant, and removing a node with children', async () => {
      const a = await newType('T-A')
      const b = await newType('T-B', a)
      const c = await newType('T-C', b)
      for (const parentId of [a, c]) {
        const moved = await post('commodityType/update', { id: a, parentId })
        expect(moved.status).toBe(400)
        expect(moved.body.msg).toBe('上级节点不能是自身或其下级')
      }
      const orphan = await post('commodityType/save', { code: 'T-X', name: 'x', parentId: nextId() })
      expect(orphan.body.msg).toBe('上级节点不存在')
      const removed = await post('commodityType/remove', undefined, { ids: a })
      expect(removed.status).toBe(400)
      expect(removed.body.msg).toBe('请先删除子节点!')
      // removing the whole branch at once is fine
      expect((await post('commodityType/remove', undefined, { ids: [a, b, c].join(',') })).status).toBe(200)
    })

    it('answers the tree as TreeNodes, and a page row carries its parent name', async () => {
      const root = await newType('T-ROOT')
      await newType('T-LEAF', root)
      const tree = (await get('commodityType/tree')).body.data as Json[]
      const node = tree.find((n) => n.id === root) as { title: string; children: Json[] }
      expect(node.title).toBe('类型 T-ROOT')
      expect(node.children.map((c) => c.title)).toEqual(['类型 T-LEAF'])
      const page = (await get('commodityType/page', { code: 'T-LEAF' })).body.data as { records: Json[] }
      expect(page.records[0]).toMatchObject({ parentName: '类型 T-ROOT' })
    })
  })

  describe('uniqueness', () => {
    it('refuses a second live code with the declared message, allows it after removal', async () => {
      const first = await newType('U-1')
      const again = await post('commodityType/save', { code: 'U-1', name: 'again' })
      expect(again.status).toBe(400)
      expect(again.body.msg).toBe('类型编码已存在')
      expect((await post('commodityType/remove', undefined, { ids: first })).status).toBe(200)
      await newType('U-1')
    })

    it('holds when two writers save the same code at once', async () => {
      const results = await Promise.all(
        [1, 2].map(() => post('commodityType/save', { code: 'U-RACE', name: 'race' })),
      )
      expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    })
  })

  describe('orders: header and lines together', () => {
    let typeId: string
    let water: string
    let tea: string
    beforeAll(async () => {
      typeId = await newType('O-T')
      water = await newListing('O-W', typeId, 200, 10)
      tea = await newListing('O-TEA', typeId, 350, 5)
    })

    it('places an order: prices from the listings, a total, an order number, stock taken', async () => {
      const placed = await post('blade-commodityOrders/commodityOrders/saveOrder', {
        buyerName: '赵六',
        items: [
          { commodityId: water, quantity: 3 },
          { commodityId: tea, quantity: 2 },
        ],
      })
      expect(placed.status, placed.body.msg).toBe(200)
      const id = (placed.body.data as { id: string }).id
      const detail = (await get('blade-commodityOrders/commodityOrders/detail', { id })).body.data as Json
      expect(detail).toMatchObject({
        buyerName: '赵六',
        totalAmount: 3 * 200 + 2 * 350,
        itemCount: 5,
        status: 1,
      })
      expect(String(detail.orderNo)).toMatch(/^SO\d{8}\d{4}$/)
      expect((detail.items as Json[]).map((i) => [i.commodityName, i.price, i.quantity, i.amount])).toEqual([
        ['商品 O-W', 200, 3, 600],
        ['商品 O-TEA', 350, 2, 700],
      ])
      expect(await stockOf(water)).toBe(7)
      expect(await stockOf(tea)).toBe(3)
    })

    it('a bad line leaves nothing written: refused at the edge, or by a rule after other lines moved stock', async () => {
      const [{ n: before } = { n: 0 }] = await t.database.db.select({ n: count() }).from(commodityOrder)
      const edge = await post('blade-commodityOrders/commodityOrders/saveOrder', {
        buyerName: 'x',
        items: [
          { commodityId: water, quantity: 1 },
          { commodityId: tea, quantity: 0 },
        ],
      })
      expect(edge.status).toBe(400)
      expect(edge.body.msg).toContain('items.1.quantity')
      const rule = await post('blade-commodityOrders/commodityOrders/saveOrder', {
        buyerName: 'x',
        items: [
          { commodityId: water, quantity: 1 },
          { commodityId: tea, quantity: 99 },
        ],
      })
      expect(rule.status).toBe(400)
      expect(rule.body.msg).toBe('第 2 行: 库存不足: 商品 O-TEA (剩余 3)')
      const [{ n: after } = { n: 0 }] = await t.database.db.select({ n: count() }).from(commodityOrder)
      expect(after).toBe(before)
      expect(await stockOf(water)).toBe(7) // the first line's stock came back with the rollback
    })

    it('an edit replaces the lines and moves only the difference of stock', async () => {
      const placed = await post('blade-commodityOrders/commodityOrders/submit', {
        buyerName: '钱七',
        items: [{ commodityId: water, quantity: 2 }],
      })
      const id = (placed.body.data as { id: string }).id
      expect(await stockOf(water)).toBe(5)
      const edited = await post('blade-commodityOrders/commodityOrders/submit', {
        id,
        buyerName: '钱七',
        items: [{ commodityId: water, quantity: 4 }],
      })
      expect(edited.status, edited.body.msg).toBe(200)
      expect(await stockOf(water)).toBe(3)
      const lines = await t.database.db
        .select()
        .from(commodityOrderItem)
        .where(eq(commodityOrderItem.orderId, id))
      expect(lines.map((l) => l.quantity)).toEqual([4])
      // the /api alias of submit is the same route
      const alias = await post('api/blade-commodityOrders/commodityOrders/submit', {
        buyerName: '别名',
        items: [{ commodityId: water, quantity: 1 }],
      })
      expect(alias.status, alias.body.msg).toBe(200)
      expect(await stockOf(water)).toBe(2)
    })

    it('refuses an off-shelf listing and lists the line number', async () => {
      const off = await newListing('O-OFF', typeId, 100, 5, false)
      const res = await post('blade-commodityOrders/commodityOrders/saveOrder', {
        buyerName: 'x',
        items: [{ commodityId: off, quantity: 1 }],
      })
      expect(res.body.msg).toBe('第 1 行: 商品已下架: 商品 O-OFF')
    })
  })

  describe('state transitions', () => {
    let typeId: string
    let listing: string
    const place = async (quantity = 1) => {
      const res = await post('blade-commodityOrders/commodityOrders/saveOrder', {
        buyerName: '孙八',
        items: [{ commodityId: listing, quantity }],
      })
      expect(res.status, res.body.msg).toBe(200)
      return (res.body.data as { id: string }).id
    }
    beforeAll(async () => {
      typeId = await newType('S-T')
      listing = await newListing('S-L', typeId, 1000, 50)
    })

    it('pays, completes; an illegal move is refused with 409 and changes nothing', async () => {
      const id = await place()
      expect((await post('blade-commodityOrders/commodityOrders/complete', { id })).status).toBe(409)
      expect((await post('blade-commodityOrders/commodityOrders/pay', { id })).status).toBe(200)
      const again = await post('blade-commodityOrders/commodityOrders/pay', { id })
      expect(again.status).toBe(409)
      expect(again.body.msg).toMatch(/^当前状态不允许此操作: SO/)
      const [row] = await t.database.db.select().from(commodityOrder).where(eq(commodityOrder.id, id))
      expect(row!.status).toBe(2)
      expect(row!.payTime).toBeInstanceOf(Date)
      // a paid order is read-only for edits and removal
      const edit = await post('blade-commodityOrders/commodityOrders/submit', {
        id,
        buyerName: 'x',
        items: [{ commodityId: listing, quantity: 1 }],
      })
      expect(edit.status).toBe(409)
      expect(edit.body.msg).toBe('只有待付款的订单可以修改或删除')
      expect(
        (await post('blade-commodityOrders/commodityOrders/remove', undefined, { ids: id })).status,
      ).toBe(409)
      expect((await post('blade-commodityOrders/commodityOrders/complete', { id })).status).toBe(200)
    })

    it('of two concurrent moves of one row, one wins and the other is told', async () => {
      const id = await place()
      const results = await Promise.all([
        post('blade-commodityOrders/commodityOrders/pay', { id }),
        post('blade-commodityOrders/commodityOrders/pay', { id }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    })

    it('cancelling gives the stock back; removing a placed order too', async () => {
      const before = await stockOf(listing)
      const a = await place(4)
      const b = await place(3)
      expect(await stockOf(listing)).toBe(before - 7)
      expect((await post('blade-commodityOrders/commodityOrders/cancel', { id: a })).status).toBe(200)
      expect((await post('blade-commodityOrders/commodityOrders/remove', undefined, { ids: b })).status).toBe(
        200,
      )
      expect(await stockOf(listing)).toBe(before)
    })

    it('puts a listing on and off the shelf; not on while its type is disabled', async () => {
      const id = await newListing('S-SHELF', typeId, 100, 1, false)
      expect((await post('commodityMessage/changeStatus', { id, status: 0 })).status).toBe(409)
      expect((await post('commodityType/changeStatus', { id: typeId, status: 0 })).status).toBe(200)
      const refused = await post('commodityMessage/changeStatus', { id, status: 1 })
      expect(refused.status).toBe(409)
      expect(refused.body.msg).toBe('商品类型已停用, 不能上架: 类型 S-T')
      expect((await post('commodityType/changeStatus', { id: typeId, status: 1 })).status).toBe(200)
      expect((await post('commodityMessage/changeStatus', { id, status: 1 })).status).toBe(200)
      // the query string works as well as a body (BladeX clients send either)
      expect((await post('commodityMessage/changeStatus', undefined, { id, status: '0' })).status).toBe(200)
      const bad = await post('commodityMessage/changeStatus', { id, status: 7 })
      expect(bad.status).toBe(400)
    })

    it('saveDate sets the delivery time of a placed or paid order only', async () => {
      const id = await place()
      const set = await post('blade-commodityOrders/commodityOrders/saveDate', {
        id,
        deliveryTime: '2026-12-01 10:30:00',
      })
      expect(set.status, set.body.msg).toBe(200)
      const detail = (await get('blade-commodityOrders/commodityOrders/detail', { id })).body.data as Json
      expect(detail.deliveryTime).toBe('2026-12-01 10:30:00')
      await post('blade-commodityOrders/commodityOrders/cancel', { id })
      expect(
        (await post('blade-commodityOrders/commodityOrders/saveDate', { id, deliveryTime: '' })).status,
      ).toBe(409)
    })
  })

  describe('Excel', () => {
    const HEADERS = ['商品编码', '商品名称', '类型编码', '价格(元)', '库存', '单位', '规格']
    const sheet = (rows: (string | number)[][]) => workbookOf('商品', HEADERS, rows)
    const upload = async (file: Buffer, isCovered = '1') =>
      (
        await api.upload<{ imported: number; updated: number; errors: Json[] }>(
          'commodityMessage/import-commodity',
          file,
          { isCovered },
        )
      ).body

    it('writes nothing when one row is bad, and names the row', async () => {
      const [{ n: before } = { n: 0 }] = await t.database.db.select({ n: count() }).from(commodityMessage)
      const reply = await upload(
        await sheet([
          ['X-1', '导入一', 'DRINK', '1.50', 10],
          ['X-2', '导入二', 'NOPE', '2.00', 5],
          ['X-3', '导入三', 'SNACK', 'abc', 5],
        ]),
      )
      expect(reply.data.imported).toBe(0)
      expect(reply.msg).toBe('导入失败: 2 行有误, 未导入任何数据')
      expect(reply.data.errors).toEqual([
        { row: 3, messages: ['类型编码不存在: NOPE'] },
        { row: 4, messages: ['价格(元): 价格应为最多两位小数的金额'] },
      ])
      const [{ n: after } = { n: 0 }] = await t.database.db.select({ n: count() }).from(commodityMessage)
      expect(after).toBe(before)
    })

    it('a duplicate code inside the file is a row error too (the rule runs in the transaction)', async () => {
      const reply = await upload(
        await sheet([
          ['X-D', '一', 'DRINK', '1', 1],
          ['X-D', '二', 'DRINK', '1', 1],
        ]),
        '0',
      )
      expect(reply.data.errors).toEqual([{ row: 3, messages: ['数据已存在 (覆盖导入请选择 isCovered=1)'] }])
    })

    it('imports good rows in cents and updates existing codes with isCovered=1; exports what it reads', async () => {
      const first = await upload(await sheet([['X-OK', '导入好', 'DRINK', '12.5', 8, '瓶']]))
      expect(first.msg).toBe('导入成功: 新增 1 条, 更新 0 条')
      const again = await upload(await sheet([['X-OK', '导入好', 'DRINK', '13', 9, '瓶']]))
      expect(again.data.updated).toBe(1)
      const [row] = await t.database.db
        .select()
        .from(commodityMessage)
        .where(eq(commodityMessage.code, 'X-OK'))
      expect(row).toMatchObject({ price: 1300, stock: 9, unit: '瓶' })
      const exported = await t.app.inject({
        method: 'GET',
        url: '/xparkApi/commodityMessage/export-commodity',
        query: { ids: row!.id },
        headers: admin,
      })
      expect(exported.statusCode).toBe(200)
      const values = rowValues(await firstSheet(exported.rawPayload), 2)
      expect(values).toEqual(['X-OK', '导入好', 'DRINK', '13.00', 9, '瓶'])
    })
  })

  it('a page computes its labels in its own query: no query per row', async () => {
    const run = async (size: string) => {
      queries.length = 0
      const res = await get('commodityMessage/page', { size })
      expect(res.status).toBe(200)
      return queries.filter((q) => /xpark_commodity/.test(q)).length
    }
    // ten or fifty rows, each with its type's name and code: the same few statements (the page's
    // estimate, count and ids, rows), never one more per row
    const ten = await run('10')
    expect(await run('50')).toBe(ten)
    expect(ten).toBeLessThanOrEqual(3)
  })

  describe('permissions and data scope', () => {
    it('park staff read the shop but change nothing', async () => {
      expect((await get('commodityMessage/page', {}, staff)).status).toBe(200)
      const write = await post(
        'commodityMessage/save',
        { code: 'NO', name: 'no', typeId: nextId(), price: 1, stock: 1 },
        undefined,
        staff,
      )
      expect(write.status).toBe(403)
      const shelf = await post('commodityMessage/changeStatus', { id: nextId(), status: 1 }, undefined, staff)
      expect(shelf.status).toBe(403)
    })

    it('a data scope rule on commodity_order narrows orders without the module asking for it', async () => {
      const db = t.database.db
      const roleId = nextId()
      await db
        .insert(role)
        .values({ id: roleId, tenantId: TENANT, roleName: 'shop clerk', roleAlias: 'clerk' })
      const menus = await db
        .select()
        .from(menu)
        .where(
          inArray(menu.code, ['commodity', 'commodity_order', 'commodity_order_view', 'commodity_order_add']),
        )
      await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
      const ruleId = nextId()
      await db.insert(scopeData).values({
        id: ruleId,
        menuId: menus.find((m) => m.code === 'commodity_order')!.id,
        resourceCode: 'commodity_order',
        scopeName: 'own orders',
        scopeType: 2,
        scopeColumn: 'create_user',
        scopeValue: '',
      })
      await db.insert(roleScope).values({ id: nextId(), roleId, scopeId: ruleId, scopeCategory: 1 })
      await db.insert(user).values({
        id: nextId(),
        tenantId: TENANT,
        account: 'clerk',
        password: await hashPassword(md5(DEMO_PASSWORD)),
        realName: 'clerk',
        roleId,
      })
      const clerk = bearer(await signIn(t.app, { tenantId: TENANT, account: 'clerk' }))
      const none = (await get('blade-commodityOrders/commodityOrders/page', {}, clerk)).body.data as {
        total: number
      }
      expect(none.total).toBe(0)
      const [listing] = await db
        .select()
        .from(commodityMessage)
        .where(and(eq(commodityMessage.tenantId, TENANT), eq(commodityMessage.code, 'W001')))
      const mine = await post(
        'blade-commodityOrders/commodityOrders/saveOrder',
        { buyerName: 'clerk', items: [{ commodityId: listing!.id, quantity: 1 }] },
        undefined,
        clerk,
      )
      expect(mine.status, mine.body.msg).toBe(200)
      const page = (await get('blade-commodityOrders/commodityOrders/page', {}, clerk)).body.data as {
        records: Json[]
      }
      expect(page.records.map((r) => r.buyerName)).toEqual(['clerk'])
      // the admin's order is not there for the clerk, not even by id
      const [other] = await db
        .select()
        .from(commodityOrder)
        .where(and(eq(commodityOrder.tenantId, TENANT), eq(commodityOrder.buyerName, '张伟')))
      expect(
        (await get('blade-commodityOrders/commodityOrders/detail', { id: other!.id }, clerk)).status,
      ).toBe(404)
    })

    it("another tenant's rows are not there", async () => {
      const platform = bearer(await signIn(t.app))
      const page = (await get('commodityMessage/page', {}, platform)).body.data as { total: number }
      expect(page.total).toBe(0)
      const [any] = await t.database.db.select().from(commodityType).where(eq(commodityType.tenantId, TENANT))
      expect(
        (await post('commodityType/update', { id: any!.id, name: 'stolen' }, undefined, platform)).status,
      ).toBe(404)
    })
  })
})

import { and, count, eq, inArray, lte, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime } from '../../core/envelope.js'
import { stamped } from '../../core/tenancy.js'
import { apiClient, type Reply } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { firstSheet, rowValues, workbookOf } from '../../test/workbook.js'
import {
  storageBill,
  storageBillLine,
  storageGoods,
  storageLedger,
  storageMeasurement,
  storageStock,
} from './schema.js'

/**
 * Storage through its routes: the bill state machine (every illegal move refused), the ledger as the
 * only source of stock (a check that would oversell changes nothing; a return reverses exactly; the
 * ledger sums to the stock after a random sequence of bills), goods that bills refer to stay, imports
 * that write nothing on a bad row, inventory audits, and the summaries with their exports.
 */

const TENANT = '100001'
type Json = Record<string, unknown>

describe('storage', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers

  const api = apiClient(
    () => t,
    () => admin,
  )
  const { get, post } = api
  const created = (res: Reply) => {
    expect(res.status, res.body.msg).toBe(200)
    return (res.body.data as { id: string }).id
  }

  let seq = 0
  let classId: string
  let store: string
  let other: string
  const newGoods = async (price = 100) => {
    const n = ++seq
    return created(
      await post('park-storage/goods/saveGoods', {
        classificationId: classId,
        code: `T-${n}`,
        name: `测试物品 ${n}`,
        unit: '个',
        price,
      }),
    )
  }
  const newWarehouse = async () =>
    created(await post('park-storage/warehouse/save', { code: `W-${++seq}`, name: `测试仓库 ${seq}` }))
  const newBill = async (billType: number, details: Json[], warehouseId = store, extra: Json = {}) =>
    created(await post('park-storage/storageBill/submit', { billType, warehouseId, details, ...extra }))
  const act = (route: string, id: string) => post(`park-storage/storageBill/${route}`, undefined, { id })
  const checked = async (billType: number, details: Json[], warehouseId = store, extra: Json = {}) => {
    const id = await newBill(billType, details, warehouseId, extra)
    expect((await act('submitStorageBill', id)).status).toBe(200)
    const res = await act('checkStorageBill', id)
    expect(res.status, res.body.msg).toBe(200)
    return id
  }
  const stockOf = async (goodsId: string, warehouseId = store, batchCode = '') => {
    const [row] = await t.database.db
      .select({ q: sql<string>`${storageStock.quantity}::text` })
      .from(storageStock)
      .where(
        and(
          eq(storageStock.goodsId, goodsId),
          eq(storageStock.warehouseId, warehouseId),
          eq(storageStock.batchCode, batchCode),
        ),
      )
    return row?.q ?? null
  }
  const ledgerCount = async () => (await t.database.db.select({ n: count() }).from(storageLedger))[0]!.n
  const billOf = async (id: string) =>
    (await t.database.db.select().from(storageBill).where(eq(storageBill.id, id)))[0]!

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
    classId = created(
      await post('park-storage/classificationgoods/save', { code: 'T-CLASS', name: '测试分类' }),
    )
    store = await newWarehouse()
    other = await newWarehouse()
  })
  afterAll(() => t.close())

  it('answers every storage call of the spec (endpoints.tsv)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    const paths = Object.keys(doc.paths)
    const calls = [
      'inventory/page',
      'inventory/save',
      'inventory/update',
      'inventory/remove',
      'inventory/detail',
      'inventory/detail/list',
      'inventory/detail/update',
      'inventory/createBill',
      'inventory/write-inventory',
      'inventory/page/profit',
      'inventory/auditProfit',
      'inventory/page/losses',
      'inventory/auditLosses',
      'goods/queryGoods',
      'goods/getGoodsNum',
      'goods/querySupplierSortName',
      'goods/deleteGoods',
      'goods/saveGoods',
      'goods/updateGoods',
      'goods/import-goods-2',
      'storageGoods/queryStorageGoods',
      'storageGoods/deleteStorageGoods',
      'storageGoods/saveStorageGoods',
      'storageGoods/outOrIntoStorageGoods',
      'storage/summaryGoods',
      'storage/export-summaryGoods',
      'storage/queryStorage',
      'storage/export-storage',
      'storage/stockOverdueNum',
      'storage/export-StockOverdueNum',
      'storage/stockOverdue',
      'storage/export-StockOverdue',
      'storage/queryGoods',
      'storage/queryByStorageData',
      'storage/queryStorageRecord',
      'classificationgoods/page',
      'classificationgoods/uplist',
      'classificationgoods/detail',
      'classificationgoods/remove',
      'classificationgoods/save',
      'classificationgoods/update',
      'goodssuppliersort/page',
      'goodssuppliersort/uplist',
      'goodssuppliersort/detail',
      'goodssuppliersort/remove',
      'goodssuppliersort/save',
      'goodssuppliersort/update',
      'supplier/querySupplierSortName',
      'supplier/detail',
      'supplier/remove',
      'supplier/save',
      'supplier/update',
      'supplier/import-supplier-info',
      'supplier/page',
      'storageBill/page',
      'storageBill/listBillDetail',
      'storageBill/submit',
      'storageBill/checkStorageBill',
      'storageBill/returnStorageBill',
      'storageBill/remove',
      'storageBill/removeDetails',
      'storageBill/import-in-storage-bill',
      'storageBill/import-out-storage-bill',
      'storageBill/import-move-storage-bill',
      'storageBill/isBatchCodeNull',
      'card/list',
      'card/save',
      'card/update',
      'card/remove',
      'storagemeasurement/list',
      'storagemeasurement/detail',
      'storagemeasurement/remove',
      'storagemeasurement/save',
      'storagemeasurement/update',
      'initStorageGoods/page',
      'initStorageGoods/getBillNumber',
      'initStorageGoods/batchSubmit',
      'initStorageGoods/remove',
      'initStorageGoods/updateStatus',
      'initStorageGoods/updateInit',
      'initStorageGoods/update',
      'initStorageGoods/importInitStorageGoods',
      'initStorageGoods/djPage',
      'initStorageGoods/detail',
      'parkAlarm/list/{startTime}/{endTime}',
      'getBillStatistics/{startTime}/{endTime}/',
      'getAlarmCount',
      'parkGoods/list',
    ]
    for (const p of calls) expect(paths, p).toContain(`/xparkApi/park-storage/${p}`)
    expect(paths).toContain('/xparkApi/park-manage/alarmController/warehouseAlertsStat')
  })

  it('seeds the demo stores: warehouses, a hundred goods, bills in every state, stock from the ledger', async () => {
    const goodsPage = (await get('park-storage/goods/queryGoods', { size: '200' })).body.data as {
      records: Json[]
      total: number
    }
    expect(goodsPage.total).toBeGreaterThanOrEqual(100)
    const billsPage = (await get('park-storage/storageBill/page', { size: '100' })).body.data as {
      records: Json[]
    }
    expect(new Set(billsPage.records.map((b) => b.status))).toEqual(new Set([0, 1, 2, 3]))
    const stocked = goodsPage.records.filter((g) => Number(g.stock) > 0)
    expect(stocked.length).toBeGreaterThan(50)
    // office and cleaning goods come by the box too, and some demo lines were entered in boxes
    const boxed = await t.database.db
      .select({
        unitQuantity: storageBillLine.unitQuantity,
        quantity: storageBillLine.quantity,
        ratio: storageMeasurement.ratio,
      })
      .from(storageBillLine)
      .innerJoin(storageMeasurement, eq(storageMeasurement.id, storageBillLine.unitId))
      .where(eq(storageBillLine.tenantId, TENANT))
    expect(boxed.length).toBeGreaterThan(0)
    for (const line of boxed)
      expect(Number(line.unitQuantity) * Number(line.ratio)).toBe(Number(line.quantity))
  })

  describe('bill state machine: draft → submitted → checked → returned', () => {
    it('refuses every illegal transition with 409 and the state text, and changes nothing', async () => {
      const goods = await newGoods()
      const id = await newBill(1, [{ goodsId: goods, quantity: '5' }])
      const { billNo } = await billOf(id)
      const refused = `当前状态不允许此操作: ${billNo}`
      const expectRefused = async (route: string) => {
        const res = await act(route, id)
        expect(res.status, route).toBe(409)
        expect(res.body.msg).toBe(refused)
      }
      // draft: no check, no return
      await expectRefused('checkStorageBill')
      await expectRefused('returnStorageBill')
      expect((await act('submitStorageBill', id)).status).toBe(200)
      // submitted: no second submit, no return; not editable
      await expectRefused('submitStorageBill')
      await expectRefused('returnStorageBill')
      const edit = await post('park-storage/storageBill/submit', {
        id,
        billType: 1,
        warehouseId: store,
        details: [{ goodsId: goods, quantity: '9' }],
      })
      expect(edit.status).toBe(409)
      expect(edit.body.msg).toBe('只有草稿状态的单据可以修改或删除')
      expect((await act('checkStorageBill', id)).status).toBe(200)
      // checked: no submit, no second check; not removable
      await expectRefused('submitStorageBill')
      await expectRefused('checkStorageBill')
      expect((await post('park-storage/storageBill/remove', undefined, { ids: id })).status).toBe(409)
      expect((await act('returnStorageBill', id)).status).toBe(200)
      // returned: the end
      for (const route of ['submitStorageBill', 'checkStorageBill', 'returnStorageBill'])
        await expectRefused(route)
      expect((await billOf(id)).status).toBe(3)
      expect(await stockOf(goods)).toBe('0.0000')
    })

    it('staff (view only) may read bills but not check them', async () => {
      const goods = await newGoods()
      const id = await newBill(1, [{ goodsId: goods, quantity: '1' }])
      expect((await get('park-storage/storageBill/page', {}, staff)).status).toBe(200)
      expect((await post('park-storage/storageBill/checkStorageBill', undefined, { id }, staff)).status).toBe(
        403,
      )
    })
  })

  describe('the ledger is the only source of stock', () => {
    it('a check moves exact decimals and writes who, when, which bill, before and after', async () => {
      const goods = await newGoods(250)
      const id = await checked(1, [
        { goodsId: goods, quantity: '2.5', batchCode: 'B1' },
        { goodsId: goods, quantity: '0.125', batchCode: 'B1' },
      ])
      expect(await stockOf(goods, store, 'B1')).toBe('2.6250')
      const bill = await billOf(id)
      expect(bill.totalQuantity).toBe('2.6250')
      expect(bill.totalAmount).toBe(625 + 31) // 2.5 × 250 + 0.125 × 250 (31.25 → 31)
      const entries = await t.database.db.select().from(storageLedger).where(eq(storageLedger.billId, id))
      expect(entries.map((e) => [e.before, e.quantity, e.after]).sort()).toEqual(
        [
          ['0.0000', '2.5000', '2.5000'],
          ['2.5000', '0.1250', '2.6250'],
        ].sort(),
      )
      expect(entries.every((e) => e.billNo === bill.billNo && e.createUser && e.createTime)).toBe(true)
    })

    it('a check that would oversell is refused and changes nothing (state, stock, ledger)', async () => {
      const goods = await newGoods()
      const other2 = await newGoods()
      await checked(1, [
        { goodsId: goods, quantity: '4' },
        { goodsId: other2, quantity: '10' },
      ])
      const id = await newBill(2, [
        { goodsId: other2, quantity: '4' },
        { goodsId: goods, quantity: '3.0001' },
      ])
      // submitted while the stock covers it; another bill takes one out before the check
      expect((await act('submitStorageBill', id)).status).toBe(200)
      await checked(2, [{ goodsId: goods, quantity: '1' }])
      const before = await ledgerCount()
      const res = await act('checkStorageBill', id)
      expect(res.status).toBe(409)
      expect(res.body.msg).toMatch(/^库存不足: 测试物品 \d+ \(库存 3\.0000, 需要 3\.0001\)$/)
      expect(await ledgerCount()).toBe(before)
      expect(await stockOf(goods)).toBe('3.0000')
      expect(await stockOf(other2)).toBe('10.0000')
      expect((await billOf(id)).status).toBe(1)
    })

    it('a move takes from the source and gives to the target; a return reverses exactly that', async () => {
      const goods = await newGoods()
      await checked(1, [{ goodsId: goods, quantity: '7', batchCode: 'M' }])
      const move = await checked(3, [{ goodsId: goods, quantity: '4.5', batchCode: 'M' }], store, {
        targetWarehouseId: other,
      })
      expect(await stockOf(goods, store, 'M')).toBe('2.5000')
      expect(await stockOf(goods, other, 'M')).toBe('4.5000')
      expect((await act('returnStorageBill', move)).status).toBe(200)
      expect(await stockOf(goods, store, 'M')).toBe('7.0000')
      expect(await stockOf(goods, other, 'M')).toBe('0.0000')
      const same = await post('park-storage/storageBill/submit', {
        billType: 3,
        warehouseId: store,
        targetWarehouseId: store,
        details: [{ goodsId: goods, quantity: '1' }],
      })
      expect(same.body.msg).toBe('目标仓库不能与源仓库相同')
    })

    it('a return is refused when the goods it brought in have gone out since', async () => {
      const goods = await newGoods()
      const inBill = await checked(1, [{ goodsId: goods, quantity: '5' }])
      await checked(2, [{ goodsId: goods, quantity: '4' }])
      const res = await act('returnStorageBill', inBill)
      expect(res.status).toBe(409)
      expect(res.body.msg).toMatch(/^库存不足/)
      expect((await billOf(inBill)).status).toBe(2)
      expect(await stockOf(goods)).toBe('1.0000')
    })

    it('after a random sequence of bills the ledger sums to the stock, entry by entry', async () => {
      // a small deterministic generator: the sequence is random but repeatable
      let state = 20261125
      const random = (n: number) => {
        state = (state * 1103515245 + 12345) % 2147483648
        return state % n
      }
      const items = [await newGoods(), await newGoods(), await newGoods()]
      const stores = [store, other]
      const checkedBills: string[] = []
      for (let i = 0; i < 40; i++) {
        // halfway, a pause past a second: the summary's period below starts between two entries
        if (i === 20) await new Promise((resolve) => setTimeout(resolve, 1100))
        const kind = random(10)
        if (kind === 9 && checkedBills.length) {
          await act('returnStorageBill', checkedBills.splice(random(checkedBills.length), 1)[0]!)
          continue
        }
        const billType = kind < 4 ? 1 : kind < 7 ? 2 : 3
        const from = random(2)
        const details = [
          {
            goodsId: items[random(3)]!,
            quantity: `${1 + random(9)}.${random(100)}`,
            batchCode: random(2) ? 'X' : '',
          },
        ]
        const id = await newBill(
          billType,
          details,
          stores[from],
          billType === 3 ? { targetWarehouseId: stores[1 - from] } : {},
        )
        // refused submits and checks (not enough stock) are part of the sequence
        const submitted = await act('submitStorageBill', id)
        if (submitted.status !== 200) {
          expect(submitted.body.msg).toMatch(/^库存不足/)
          continue
        }
        const res = await act('checkStorageBill', id)
        if (res.status === 200) checkedBills.push(id)
        else expect(res.body.msg).toMatch(/^库存不足/)
      }
      const mismatched = await t.database.db.execute(sql`
        select s.goods_id, s.quantity, coalesce(l.total, 0) as total from xpark_storage_stock s
        left join (select tenant_id, warehouse_id, goods_id, batch_code, sum(quantity) as total from xpark_storage_ledger group by 1, 2, 3, 4) l
          using (tenant_id, warehouse_id, goods_id, batch_code)
        where s.quantity <> coalesce(l.total, 0)`)
      expect((mismatched as unknown as { rows: unknown[] }).rows ?? mismatched).toEqual([])
      const broken = await t.database.db
        .select({ n: count() })
        .from(storageLedger)
        .where(
          sql`${storageLedger.after} <> ${storageLedger.before} + ${storageLedger.quantity} or ${storageLedger.after} < 0`,
        )
      expect(broken[0]!.n).toBe(0)

      // the summary's opening and closing are each key's last `after` before the bound: they equal the
      // sums of the entries, for periods that start or end halfway through the sequence
      const db = t.database.db
      const [span] = await db
        .select({
          first: sql<string>`min(${storageLedger.createTime})`.mapWith((v) => new Date(v)),
          last: sql<string>`max(${storageLedger.createTime})`.mapWith((v) => new Date(v)),
        })
        .from(storageLedger)
        .where(inArray(storageLedger.goodsId, items))
      const second = (d: Date, plus = 0) => new Date(Math.floor(d.getTime() / 1000) * 1000 + plus)
      const middle = second(new Date((span!.first.getTime() + span!.last.getTime()) / 2))
      const periods = [
        [middle, second(span!.last, 1000)],
        [second(span!.first, -1000), middle],
      ] as const
      const sum = (condition: SQL) =>
        sql<string>`coalesce(sum(${storageLedger.quantity}) filter (where ${condition}), 0)::numeric(18, 4)::text`
      for (const [start, end] of periods)
        for (const goodsId of items) {
          const [want] = await db
            .select({
              opening: sum(sql`${storageLedger.createTime} < ${start}`),
              inQuantity: sum(sql`${storageLedger.quantity} > 0 and ${storageLedger.createTime} >= ${start}`),
              closing: sum(sql`${storageLedger.createTime} <= ${end}`),
            })
            .from(storageLedger)
            .where(and(eq(storageLedger.goodsId, goodsId), lte(storageLedger.createTime, end)))
          const got = (
            await get('park-storage/storage/summaryGoods', {
              goodsId,
              startTime: formatDateTime(start),
              endTime: formatDateTime(end),
            })
          ).body.data as { records: Json[] }
          expect(got.records[0]).toMatchObject(want!)
        }
    })
  })

  describe("units: a line entered in one of its goods' units moves its base quantity", () => {
    const unitOf = async (goodsId: string | undefined, ratio: string, code = `U-${++seq}`) =>
      created(
        await post('park-storage/storagemeasurement/save', {
          code,
          name: '箱',
          ...(goodsId ? { goodsId } : {}),
          ratio,
        }),
      )
    const linesOf = async (billId: string) =>
      (await get('park-storage/storageBill/listBillDetail', { billId })).body.data as Json[]
    const lineCount = async () => (await t.database.db.select({ n: count() }).from(storageBillLine))[0]!.n
    const billCount = async () => (await t.database.db.select({ n: count() }).from(storageBill))[0]!.n

    it('a check moves unitQuantity × ratio in the base unit; the lines read back say both', async () => {
      const goods = await newGoods(150)
      const box = await unitOf(goods, '24')
      const id = await checked(1, [
        { goodsId: goods, unitId: box, unitQuantity: '2.5', batchCode: 'U1' },
        { goodsId: goods, quantity: '3', batchCode: 'U1' },
      ])
      expect(await stockOf(goods, store, 'U1')).toBe('63.0000')
      const bill = await billOf(id)
      expect(bill.totalQuantity).toBe('63.0000')
      // the price is per base unit: the amount is price × base quantity
      expect(bill.totalAmount).toBe(150 * 63)
      const lines = await linesOf(id)
      expect(lines).toMatchObject([
        {
          unitId: box,
          unitName: '箱',
          unitRatio: '24.0000',
          unitQuantity: '2.5000',
          quantity: '60.0000',
          unit: '个',
          amount: 9000,
        },
        { unitId: null, unitName: null, unitQuantity: '3.0000', quantity: '3.0000', amount: 450 },
      ])
      const entries = await t.database.db.select().from(storageLedger).where(eq(storageLedger.billId, id))
      expect(entries.map((e) => e.quantity).sort()).toEqual(['3.0000', '60.0000'])
    })

    it('an out bill in boxes takes base units; its return puts back exactly the base quantity', async () => {
      const goods = await newGoods()
      const box = await unitOf(goods, '12')
      await checked(1, [{ goodsId: goods, quantity: '30' }])
      const out = await checked(2, [{ goodsId: goods, unitId: box, unitQuantity: '2' }])
      expect(await stockOf(goods)).toBe('6.0000')
      const refused = await newBill(2, [{ goodsId: goods, unitId: box, unitQuantity: '1' }])
      // refused when submitted, as the check would refuse it
      const oversell = await act('submitStorageBill', refused)
      expect(oversell.status).toBe(409)
      expect(oversell.body.msg).toMatch(/\(库存 6\.0000, 需要 12\.0000\)$/)
      expect((await act('returnStorageBill', out)).status).toBe(200)
      expect(await stockOf(goods)).toBe('30.0000')
      const back = await t.database.db
        .select()
        .from(storageLedger)
        .where(and(eq(storageLedger.billId, out), eq(storageLedger.kind, 5)))
      expect(back.map((e) => [e.quantity, e.before, e.after])).toEqual([['24.0000', '6.0000', '30.0000']])
    })

    it("a unit of another goods, a general unit or another tenant's is refused and nothing is written", async () => {
      const goods = await newGoods()
      const otherGoods = await newGoods()
      const foreign = await unitOf(otherGoods, '10')
      const general = await unitOf(undefined, '10')
      const [elsewhere] = await t.database.db
        .insert(storageMeasurement)
        .values(
          stamped(
            storageMeasurement,
            { tenantId: '000000', userId: '1', deptIds: [] },
            {
              code: 'BOX',
              name: '箱',
              goodsId: goods,
              ratio: '10',
            },
          ) as never,
        )
        .returning({ id: storageMeasurement.id })
      const bills = await billCount()
      const lines = await lineCount()
      const ledger = await ledgerCount()
      for (const unitId of [foreign, general, elsewhere!.id]) {
        const res = await post('park-storage/storageBill/submit', {
          billType: 1,
          warehouseId: store,
          details: [
            { goodsId: goods, quantity: '1' },
            { goodsId: goods, unitId, unitQuantity: '1' },
          ],
        })
        expect(res.status).toBe(400)
        expect(res.body.msg).toBe('第 2 行: 计量单位不是该物品的单位')
        const record = await post('park-storage/storageGoods/outOrIntoStorageGoods', {
          type: 1,
          warehouseId: store,
          goodsId: goods,
          unitId,
          unitQuantity: '1',
        })
        expect(record.status).toBe(400)
        expect(record.body.msg).toBe('第 1 行: 计量单位不是该物品的单位')
      }
      // a draft keeps its lines when an edit names a wrong unit
      const draft = await newBill(1, [{ goodsId: goods, quantity: '1' }])
      const edit = await post('park-storage/storageBill/submit', {
        id: draft,
        billType: 1,
        warehouseId: store,
        details: [{ goodsId: goods, unitId: foreign, unitQuantity: '5' }],
      })
      expect(edit.body.msg).toBe('第 1 行: 计量单位不是该物品的单位')
      expect(await linesOf(draft)).toMatchObject([{ quantity: '1.0000', unitId: null }])
      expect(await billCount()).toBe(bills + 1)
      expect(await lineCount()).toBe(lines + 1)
      expect(await ledgerCount()).toBe(ledger)
      expect(await stockOf(goods)).toBeNull()
      const missing = await post('park-storage/storageBill/submit', {
        billType: 1,
        warehouseId: store,
        details: [{ goodsId: goods, unitId: foreign }],
      })
      expect(missing.body.msg).toBe('第 1 行: 请输入数量')
    })

    it('a base quantity that needs more than 4 decimals is refused, not rounded', async () => {
      const goods = await newGoods()
      const third = await unitOf(goods, '0.3333')
      const res = await post('park-storage/storageBill/submit', {
        billType: 1,
        warehouseId: store,
        details: [{ goodsId: goods, unitId: third, unitQuantity: '0.5' }],
      })
      expect(res.status).toBe(400)
      expect(res.body.msg).toBe('第 1 行: 换算后的数量超过 4 位小数')
      await checked(1, [{ goodsId: goods, unitId: third, unitQuantity: '3' }])
      expect(await stockOf(goods)).toBe('0.9999')
    })

    it('a goods record and init stock take a unit too', async () => {
      const goods = await newGoods(10)
      const box = await unitOf(goods, '6')
      const record = await post('park-storage/storageGoods/outOrIntoStorageGoods', {
        type: 1,
        warehouseId: other,
        goodsId: goods,
        unitId: box,
        unitQuantity: '2',
      })
      expect(record.status, record.body.msg).toBe(200)
      expect(await stockOf(goods, other)).toBe('12.0000')
      const init = created(
        await post('park-storage/initStorageGoods/submit', {
          billNumber: `QC-U-${++seq}`,
          warehouseId: other,
          goodsId: goods,
          unitId: box,
          unitQuantity: '3',
          price: 10,
          batchCode: 'INIT',
        }),
      )
      const row = (await get('park-storage/initStorageGoods/detail', { id: init })).body.data as Json
      expect(row).toMatchObject({ unitName: '箱', unitQuantity: '3.0000', quantity: '18.0000', amount: 180 })
      const wrong = await post('park-storage/initStorageGoods/update', {
        id: init,
        unitId: await unitOf(await newGoods(), '2'),
        unitQuantity: '1',
      })
      expect(wrong.body.msg).toBe('计量单位不是该物品的单位')
      // another goods without a unit of its own: the row's box is not that goods' unit
      const regoods = await post('park-storage/initStorageGoods/update', {
        id: init,
        goodsId: await newGoods(),
      })
      expect(regoods.body.msg).toBe('计量单位不是该物品的单位')
      // a quantity alone is in the base unit: the unit goes; then the box again
      const bare = await post('park-storage/initStorageGoods/update', { id: init, quantity: '5' })
      expect(bare.status, bare.body.msg).toBe(200)
      expect((await get('park-storage/initStorageGoods/detail', { id: init })).body.data).toMatchObject({
        unitId: null,
        unitQuantity: '5.0000',
        quantity: '5.0000',
        amount: 50,
      })
      const boxes = await post('park-storage/initStorageGoods/update', {
        id: init,
        unitId: box,
        unitQuantity: '3',
      })
      expect(boxes.status, boxes.body.msg).toBe(200)
      const submitted = await post('park-storage/initStorageGoods/updateStatus', undefined, { ids: init })
      expect(submitted.status, submitted.body.msg).toBe(200)
      expect(await stockOf(goods, other, 'INIT')).toBe('18.0000')
    })
  })

  describe('goods', () => {
    it('a goods that stock or a bill refers to is not deleted; a free one is', async () => {
      const used = await newGoods()
      await newBill(1, [{ goodsId: used, quantity: '1' }])
      const refused = await post('park-storage/goods/deleteGoods', undefined, { goodsId: used })
      expect(refused.status).toBe(409)
      expect(refused.body.msg).toMatch(/^该物品已有库存或单据, 不能删除: /)
      const free = await newGoods()
      expect((await get('park-storage/goods/deleteGoods', { goodsId: free })).status).toBe(200)
      const [{ code } = { code: '' }] = await t.database.db
        .select()
        .from(storageGoods)
        .where(eq(storageGoods.id, used))
      const dup = await post('park-storage/goods/saveGoods', {
        classificationId: classId,
        code,
        name: 'x',
        unit: '个',
        price: 1,
      })
      expect(dup.body.msg).toBe('物品编码已存在')
    })

    it('classification is a tree answered level by level (uplist)', async () => {
      const child = created(
        await post('park-storage/classificationgoods/save', {
          code: 'T-CHILD',
          name: '子分类',
          parentId: classId,
        }),
      )
      const level = (await get('park-storage/classificationgoods/uplist', { parentId: classId })).body
        .data as Json[]
      expect(level.map((r) => r.id)).toEqual([child])
      const removed = await post('park-storage/classificationgoods/remove', undefined, { ids: classId })
      expect(removed.body.msg).toBe('请先删除子节点!')
    })
  })

  describe('imports write nothing when a row is bad, and name the row', () => {
    const sheet = (headers: string[], rows: unknown[][]) => workbookOf('导入', headers, rows)
    const upload = async (url: string, file: Buffer, query: Json = { isCovered: '1' }) =>
      (
        await api.upload<{ imported: number; errors: { row: number; messages: string[] }[] }>(
          url,
          file,
          query,
        )
      ).body

    it('goods (import-goods-2)', async () => {
      const [{ n: before } = { n: 0 }] = await t.database.db.select({ n: count() }).from(storageGoods)
      const headers = [
        '物品编码',
        '物品名称',
        '分类编码',
        '规格',
        '单位',
        '单价(元)',
        '条码',
        '最低库存',
        '保质期(天)',
        '库存',
      ]
      const reply = await upload(
        'park-storage/goods/import-goods-2',
        await sheet(headers, [
          ['IM-1', '导入一', 'T-CLASS', '', '个', '1.50'],
          ['IM-2', '导入二', 'NOPE', '', '个', '2'],
          ['IM-3', '导入三', 'T-CLASS', '', '个', '2', '', '-1'],
        ]),
      )
      expect(reply.msg).toBe('导入失败: 2 行有误, 未导入任何数据')
      expect(reply.data.errors.map((e) => e.row)).toEqual([3, 4])
      expect(reply.data.errors[0]!.messages).toEqual(['物品分类编码不存在: NOPE'])
      const [{ n: after } = { n: 0 }] = await t.database.db.select({ n: count() }).from(storageGoods)
      expect(after).toBe(before)
      const good = await upload(
        'park-storage/goods/import-goods-2',
        await sheet(headers, [['IM-1', '导入一', 'T-CLASS', '', '个', '1.50', '', '2.5']]),
      )
      expect(good.msg).toBe('导入成功: 新增 1 条, 更新 0 条')
    })

    it('an in bill (import-in-storage-bill)', async () => {
      const goods = await newGoods()
      const code = (await t.database.db.select().from(storageGoods).where(eq(storageGoods.id, goods)))[0]!
        .code
      const headers = ['物品编码', '数量', '单价(元)', '批次号', '生产日期', '有效期至', '备注']
      const [{ n: before } = { n: 0 }] = await t.database.db.select({ n: count() }).from(storageBill)
      const bad = await upload(
        'park-storage/storageBill/import-in-storage-bill',
        await sheet(headers, [
          [code, '2'],
          ['NOPE', '1'],
          [code, '0'],
        ]),
        { warehouseId: store },
      )
      expect(bad.data.errors).toEqual([
        { row: 3, messages: ['物品编码不存在: NOPE'] },
        { row: 4, messages: ['数量: 数量应大于 0'] },
      ])
      const [{ n: after } = { n: 0 }] = await t.database.db.select({ n: count() }).from(storageBill)
      expect(after).toBe(before)
      const ok = await upload(
        'park-storage/storageBill/import-in-storage-bill',
        await sheet(headers, [[code, '2.5', '3', 'IB']]),
        { warehouseId: store },
      )
      expect(ok.msg).toBe('导入成功: 新增 1 条, 更新 0 条')
    })
  })

  describe('inventory', () => {
    it('a count bill from stock; profit and losses audits adjust stock exactly, once', async () => {
      const wh = await newWarehouse()
      const a = await newGoods(100)
      const b = await newGoods(200)
      await checked(
        1,
        [
          { goodsId: a, quantity: '10' },
          { goodsId: b, quantity: '5.5' },
        ],
        wh,
      )
      const plan = created(
        await post('park-storage/inventory/save', { planNo: `PD-${seq}`, name: '月度盘点', warehouseId: wh }),
      )
      expect((await post('park-storage/inventory/createBill', undefined, { id: plan })).status).toBe(200)
      const again = await post('park-storage/inventory/createBill', undefined, { id: plan })
      expect(again.status).toBe(409)
      const lines = (
        (await get('park-storage/inventory/detail/list', { inventoryId: plan })).body.data as {
          records: Json[]
        }
      ).records
      expect(lines.map((l) => l.bookQuantity).sort()).toEqual(['10.0000', '5.5000'])
      const lineOf = (g: string) => String(lines.find((l) => l.goodsId === g)!.id)
      const early = await post('park-storage/inventory/auditProfit', undefined, { id: plan })
      expect(early.body.msg).toBe('还有 2 条明细未录入盘点数量')
      // while counting, 1 of a goes out: the audit applies the difference, not "set to counted"
      await checked(2, [{ goodsId: a, quantity: '1' }], wh)
      await post('park-storage/inventory/detail/update', { id: lineOf(a), countQuantity: '12' })
      await post('park-storage/inventory/detail/update', { id: lineOf(b), countQuantity: '5.25' })
      const profit = (
        (await get('park-storage/inventory/page/profit', { inventoryId: plan })).body.data as {
          records: Json[]
        }
      ).records
      expect(profit.map((l) => l.difference)).toEqual(['2.0000'])
      const losses = (
        (await get('park-storage/inventory/page/losses', { inventoryId: plan })).body.data as {
          records: Json[]
        }
      ).records
      expect(losses.map((l) => l.difference)).toEqual(['-0.2500'])
      expect((await post('park-storage/inventory/auditProfit', undefined, { id: plan })).status).toBe(200)
      expect(await stockOf(a, wh)).toBe('11.0000')
      expect((await post('park-storage/inventory/auditProfit', undefined, { id: plan })).status).toBe(409)
      expect((await post('park-storage/inventory/auditLosses', undefined, { id: plan })).status).toBe(200)
      expect(await stockOf(b, wh)).toBe('5.2500')
      const row = (await get('park-storage/inventory/detail', { id: plan })).body.data as Json
      expect(row).toMatchObject({ status: 2, profitStatus: 1, lossStatus: 1 })
    })
  })

  describe('summaries', () => {
    it('the goods summary and its xlsx export agree; stock query and overdue answer', async () => {
      const goods = await newGoods(300)
      await checked(1, [{ goodsId: goods, quantity: '8' }])
      await checked(2, [{ goodsId: goods, quantity: '3' }])
      const name = (await t.database.db.select().from(storageGoods).where(eq(storageGoods.id, goods)))[0]!
        .name
      const summary = (await get('park-storage/storage/summaryGoods', { goodsId: goods })).body.data as {
        records: Json[]
      }
      expect(summary.records[0]).toMatchObject({
        goodsName: name,
        inQuantity: '8.0000',
        outQuantity: '3.0000',
        closing: '5.0000',
        amount: 1500,
      })
      // the ledger's list: a page that ends the list tells its total, a page with more counts it
      for (const size of [10, 1]) {
        const records = (await get('park-storage/storage/queryStorageRecord', { goodsId: goods, size })).body
          .data as { records: Json[]; total: number }
        expect(records.records).toHaveLength(Math.min(size, 2))
        expect(records.total).toBe(2)
      }
      const exported = await t.app.inject({
        method: 'GET',
        url: '/xparkApi/park-storage/storage/export-summaryGoods',
        query: { goodsId: goods },
        headers: admin,
      })
      expect(exported.statusCode).toBe(200)
      const values = rowValues(await firstSheet(exported.rawPayload), 2)
      expect(values).toEqual(
        expect.arrayContaining([
          name,
          '测试分类',
          '个',
          '0.0000',
          '8.0000',
          '3.0000',
          '5.0000',
          '3.00',
          '15.00',
        ]),
      )
      // the console POSTs the ticked rows' keys: only those rows are in the file, whatever else matches
      const ticked = await t.app.inject({
        method: 'POST',
        url: '/xparkApi/park-storage/storage/export-summaryGoods',
        payload: { ids: goods },
        headers: admin,
      })
      expect(ticked.statusCode).toBe(200)
      const tickedSheet = await firstSheet(ticked.rawPayload)
      expect(tickedSheet.actualRowCount).toBe(2)
      expect(tickedSheet.getRow(2).values as unknown[]).toContain(name)
      const badIds = await t.app.inject({
        method: 'POST',
        url: '/xparkApi/park-storage/storage/export-summaryGoods',
        payload: { ids: 'x,1' },
        headers: admin,
      })
      expect(badIds.statusCode).toBe(400)
      for (const url of [
        'queryStorage',
        'stockOverdue',
        'stockOverdueNum',
        'queryByStorageData',
        'queryStorageRecord',
        'queryGoods',
      ])
        expect((await get(`park-storage/storage/${url}`)).status, url).toBe(200)
      for (const url of [
        'getAlarmCount',
        'parkGoods/list',
        'parkAlarm/list/2026-01-01/2026-12-31',
        'getBillStatistics/2026-01-01/2026-12-31/',
      ])
        expect((await get(`park-storage/${url}`)).status, url).toBe(200)
      expect((await get('park-manage/alarmController/warehouseAlertsStat')).status).toBe(200)
    })
  })

  describe.skipIf(!process.env.DATABASE_URL)(
    'parallel checks on PostgreSQL (set DATABASE_URL to run)',
    () => {
      it('checks of several bills on the same goods in parallel never oversell', async () => {
        const goods = await newGoods()
        await checked(1, [{ goodsId: goods, quantity: '10' }])
        const outs: string[] = []
        for (let i = 0; i < 6; i++) {
          const id = await newBill(2, [{ goodsId: goods, quantity: '3' }])
          await act('submitStorageBill', id)
          outs.push(id)
        }
        const results = await Promise.all(outs.map((id) => act('checkStorageBill', id)))
        expect(results.filter((r) => r.status === 200)).toHaveLength(3)
        expect(results.filter((r) => r.status === 409).every((r) => /^库存不足/.test(r.body.msg))).toBe(true)
        expect(await stockOf(goods)).toBe('1.0000')
      })
    },
  )
})

if (!process.env.DATABASE_URL)
  console.log('storage: the parallel-check test needs PostgreSQL and is skipped (set DATABASE_URL to run it)')

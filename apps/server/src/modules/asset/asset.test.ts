import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stamped } from '../../core/tenancy.js'
import { apiClient, type Reply } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { workbookOf } from '../../test/workbook.js'
import { assetPlace } from './schema.js'
import { depreciated } from './value.js'

/** Assets through their routes: the spec's calls, straight-line value, users, parents, imports. */

type Json = Record<string, unknown>

describe('assets', () => {
  let t: TestContext
  let admin: Headers
  const api = apiClient(
    () => t,
    () => admin,
  )
  const { get, post } = api
  const idOf = (res: Reply) => {
    expect(res.status, res.body.msg).toBe(200)
    return (res.body.data as { id: string }).id
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
  })
  afterAll(() => t.close())

  it('answers every asset call of the spec (endpoints.tsv)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    const paths = Object.keys(doc.paths)
    for (const p of [
      '/asset/listStockAsset',
      ...[
        'listAssets',
        'listWarehouse',
        'listComputerRoom',
        'detailCanteenById',
        'saveAsset',
        'updateAsset',
        'deleteAsset',
        'listCanteen',
        'saveAssetUser',
        'deleteAssetUser',
        'importAssetData',
        'import-warehouse',
        'concatParentAssetNames',
      ].map((c) => `/park-manage/asset/${c}`),
      '/assettype/list',
      '/assettype/getList',
      '/assettype/remove',
      '/assettype/save',
      '/assettype/update',
      '/asset-property/page',
      '/asset-property/add',
      '/asset-property/update',
      '/asset-property/delete',
    ])
      expect(paths, p).toContain(`/xparkApi${p}`)
  })

  it('straight-line depreciation: price less (price − residual) × months used / life, never below the residual', () => {
    expect(depreciated(120_000, 0, 12, 0)).toBe(120_000)
    expect(depreciated(120_000, 0, 12, 6)).toBe(60_000)
    expect(depreciated(100_000, 10_000, 36, 12)).toBe(70_000)
    expect(depreciated(100_000, 10_000, 36, 99)).toBe(10_000)
    expect(depreciated(100_000, 0, 0, 50)).toBe(100_000)
  })

  it('an asset reads its value, unit, users and parent names', async () => {
    const type = idOf(await post('assettype/save', { code: 'T-A', name: '测试类型', lifeMonths: 24 }))
    const parent = idOf(
      await post('park-manage/asset/saveAsset', {
        typeId: type,
        code: 'A-P',
        name: '机柜',
        purchasePrice: 100_000,
      }),
    )
    const today = new Date()
    const bought = `${today.getFullYear() - 1}-${String(today.getMonth() + 1).padStart(2, '0')}-01`
    const child = idOf(
      await post('park-manage/asset/saveAsset', {
        typeId: type,
        code: 'A-C',
        name: '服务器',
        parentId: parent,
        purchasePrice: 240_000,
        residualValue: 0,
        purchaseDate: bought,
      }),
    )
    idOf(await post('park-manage/asset/saveAssetUser', { assetId: child, userName: '张伟' }))
    const row = (await get('park-manage/asset/detail', { id: child })).body.data as Json
    // bought a year ago on the 1st: 12 (or 11 early in a month of fewer days) of 24 months used
    expect(row.valueUnit).toBe('分')
    expect([120_000, 130_000]).toContain(row.currentValue)
    expect(row).toMatchObject({ lifeMonths: 24, userNames: '张伟', parentName: '机柜' })
    // the 使用人 dialog's list: the asset's users; gone once deleted; an unknown asset is 404
    const users = (await get('park-manage/asset/listAssetUser', { id: child })).body.data as Json[]
    expect(users).toHaveLength(1)
    expect(users[0]).toMatchObject({ assetId: child, userName: '张伟' })
    expect((await get('park-manage/asset/listAssetUser', { id: '123456789' })).status).toBe(404)
    expect((await get('park-manage/asset/listAssetUser', { id: 'x' })).status).toBe(400)
    const removed = await post('park-manage/asset/deleteAssetUser', undefined, { ids: String(users[0]!.id) })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await get('park-manage/asset/listAssetUser', { id: child })).body.data).toEqual([])
    await post('park-manage/asset/saveAssetUser', { assetId: child, userName: '张伟' })
    expect((await get('park-manage/asset/concatParentAssetNames', { id: child })).body.data).toBe(
      '机柜/服务器',
    )
    const refused = await post('park-manage/asset/deleteAsset', undefined, { ids: parent })
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toMatch(/^该资产下还有子资产, 不能删除: /)
  })

  it('lists the storage warehouses, computer rooms, canteens and assets in stock', async () => {
    for (const url of [
      'park-manage/asset/listWarehouse',
      'park-manage/asset/listComputerRoom',
      'park-manage/asset/listCanteen',
      'asset/listStockAsset',
      'asset-property/page',
      'assettype/getList',
      'assettype/list',
    ]) {
      const res = await get(url)
      expect(res.status, url).toBe(200)
    }
    const warehouses = (await get('park-manage/asset/listWarehouse')).body.data as { total: number }
    expect(warehouses.total).toBeGreaterThanOrEqual(3)
  })

  describe('places (computer rooms and canteens)', () => {
    const place = (body: Json) => post('park-manage/asset-place/submit', body)
    const pageOf = async (query: Json) =>
      (await get('park-manage/asset-place/page', query)).body.data as { records: Json[]; total: number }

    it('are added, read, edited and removed; the two spec lists answer them by kind', async () => {
      const room = idOf(
        await place({ kind: 1, code: 'PL-1', name: '测试机房', address: 'C 栋 2 层', manager: '钱进' }),
      )
      // the same code is another place's in the other kind
      const canteen = idOf(await place({ kind: 2, code: 'PL-1', name: '测试食堂' }))
      expect((await get('park-manage/asset-place/detail', { id: room })).body.data).toMatchObject({
        id: room,
        kind: 1,
        code: 'PL-1',
        name: '测试机房',
        manager: '钱进',
        assetCount: 0,
      })
      const rooms = await pageOf({ kind: 1, code: 'PL-1' })
      expect(rooms.records.map((r) => r.id)).toEqual([room])
      const listed = (await get('park-manage/asset/listComputerRoom', { name: '测试机房' })).body.data as {
        records: Json[]
      }
      expect(listed.records.map((r) => r.id)).toEqual([room])
      const canteens = (await get('park-manage/asset/listCanteen', { name: '测试食堂' })).body.data as {
        records: Json[]
      }
      expect(canteens.records.map((r) => r.id)).toEqual([canteen])
      expect((await get('park-manage/asset/detailCanteenById', { id: canteen })).body.data).toMatchObject({
        name: '测试食堂',
        assets: [],
      })
      // the asset form's picker: places under their kind
      const tree = (await get('park-manage/asset-place/tree')).body.data as {
        title: string
        children: { id: string; title: string }[]
      }[]
      expect(tree.map((k) => k.title)).toEqual(['机房', '食堂'])
      expect(tree[0]!.children.map((p) => p.id)).toContain(room)
      expect(tree[1]!.children.map((p) => p.id)).toContain(canteen)

      const edited = await place({ id: room, kind: 1, code: 'PL-1', name: '测试机房(扩建)' })
      expect(edited.status, edited.body.msg).toBe(200)
      expect((await get('park-manage/asset-place/detail', { id: room })).body.data).toMatchObject({
        name: '测试机房(扩建)',
      })
      const removed = await post('park-manage/asset-place/remove', undefined, { ids: canteen })
      expect(removed.status, removed.body.msg).toBe(200)
      expect((await get('park-manage/asset-place/detail', { id: canteen })).status).toBe(404)
      expect((await get('park-manage/asset/listCanteen', { name: '测试食堂' })).body.data).toMatchObject({
        total: 0,
      })
    })

    it('a code is unique per tenant and kind; a bad kind is refused', async () => {
      idOf(await place({ kind: 1, code: 'PL-U', name: '机房甲' }))
      const twice = await place({ kind: 1, code: 'PL-U', name: '机房乙' })
      expect(twice.status).toBe(400)
      expect(twice.body.msg).toBe('场所编码已存在')
      expect((await pageOf({ kind: 1, code: 'PL-U' })).total).toBe(1)
      const other = idOf(await place({ kind: 1, code: 'PL-V', name: '机房丙' }))
      const renamed = await place({ id: other, kind: 1, code: 'PL-U', name: '机房丙' })
      expect(renamed.body.msg).toBe('场所编码已存在')
      expect((await get('park-manage/asset-place/detail', { id: other })).body.data).toMatchObject({
        code: 'PL-V',
      })
      const kind = await place({ kind: 3, code: 'PL-K', name: '仓库' })
      expect(kind.status).toBe(400)
      expect((await pageOf({ code: 'PL-K' })).total).toBe(0)
    })

    it('a place assets stand in is not removed until they are gone', async () => {
      const room = idOf(await place({ kind: 1, code: 'PL-A', name: '有资产的机房' }))
      const type = idOf(await post('assettype/save', { code: 'T-PL', name: '机房设备' }))
      const server = idOf(
        await post('park-manage/asset/saveAsset', {
          typeId: type,
          code: 'A-PL',
          name: '交换机',
          purchasePrice: 50_000,
          placeId: room,
        }),
      )
      expect((await get('park-manage/asset-place/detail', { id: room })).body.data).toMatchObject({
        assetCount: 1,
      })
      const refused = await post('park-manage/asset-place/remove', undefined, { ids: room })
      expect(refused.status).toBe(409)
      expect(refused.body.msg).toMatch(/^该场所下还有资产, 不能删除: /)
      expect((await get('park-manage/asset-place/detail', { id: room })).status).toBe(200)
      expect((await post('park-manage/asset/deleteAsset', undefined, { ids: server })).status).toBe(200)
      expect((await post('park-manage/asset-place/remove', undefined, { ids: room })).status).toBe(200)
      expect((await get('park-manage/asset-place/detail', { id: room })).status).toBe(404)
    })

    it("another tenant's places are neither listed, read, edited nor removed", async () => {
      const [foreign] = await t.database.db
        .insert(assetPlace)
        .values(
          stamped(
            assetPlace,
            { tenantId: '000000', userId: '1', deptIds: [] },
            { kind: 1, code: 'PL-X', name: '别家机房' },
          ) as never,
        )
        .returning({ id: assetPlace.id })
      const id = foreign!.id
      // the same code is free in this tenant
      idOf(await place({ kind: 1, code: 'PL-X', name: '本园机房' }))
      expect((await pageOf({ code: 'PL-X' })).records.map((r) => r.name)).toEqual(['本园机房'])
      const rooms = (await get('park-manage/asset/listComputerRoom', { name: '别家机房' })).body.data as {
        total: number
      }
      expect(rooms.total).toBe(0)
      expect((await get('park-manage/asset-place/detail', { id })).status).toBe(404)
      expect(JSON.stringify((await get('park-manage/asset-place/tree')).body.data)).not.toContain(id)
      expect((await place({ id, kind: 1, code: 'PL-X2', name: '改名' })).status).toBe(404)
      await post('park-manage/asset-place/remove', undefined, { ids: id })
      const [row] = await t.database.db.select().from(assetPlace).where(eq(assetPlace.id, id))
      expect(row).toMatchObject({ name: '别家机房', code: 'PL-X', isDeleted: 0 })
    })
  })

  it('a warehouse import with a bad row writes nothing and names the row', async () => {
    const file = await workbookOf(
      '仓库',
      ['仓库编码', '仓库名称', '地址', '保管员', '联系电话'],
      [
        ['IMP-1', '导入仓库'],
        ['WH01', '重复编码'],
      ],
    )
    const { body } = await api.upload<{ errors: { row: number; messages: string[] }[] }>(
      'park-manage/asset/import-warehouse',
      file,
    )
    expect(body.data.errors).toEqual([{ row: 3, messages: ['仓库编码已存在'] }])
    const list = (await get('park-manage/asset/listWarehouse', { code: 'IMP-1' })).body.data as {
      total: number
    }
    expect(list.total).toBe(0)
  })
})

import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { region } from './schema.js'

describe('regions (blade-system/region)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  const BASE = '/xparkApi/blade-system/region'

  const { get, post } = resourceCalls(() => t, BASE)
  const detail = async (code: string) => (await get('detail', admin, { code })).json().data
  const rowCount = async () => (await t.database.db.select({ n: count() }).from(region))[0]!.n

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
  })
  afterAll(() => t.close())

  it('lazy-tree starts at the provinces and opens one parent code at a time', async () => {
    const provinces = (await get('lazy-tree', parkAdmin)).json().data
    expect(provinces).toEqual([
      { id: '32', parentId: '00', title: '江苏省', key: '32', value: '32', hasChildren: true },
    ])
    const cities = (await get('lazy-tree', parkAdmin, { parentCode: '32' })).json().data
    expect(cities.map((c: { title: string }) => c.title)).toEqual(['南京市', '常州市', '苏州市'])
    const districts = (await get('lazy-tree', parkAdmin, { parentCode: '3201' })).json().data
    expect(districts).toHaveLength(3)
    expect(districts.every((d: { hasChildren: boolean }) => !d.hasChildren)).toBe(true)
    expect((await get('lazy-list', admin, { parentCode: '32' })).json().data[0]).toMatchObject({
      code: '3201',
      hasChildren: true,
    })
    expect((await get('lazy-tree', admin, { parentCode: "1' or 1=1" })).statusCode).toBe(400)
  })

  it('list pages and filters; detail finds by code', async () => {
    const page = (await get('list', admin, { size: '5' })).json().data
    expect(page).toMatchObject({ total: 13, size: 5, pages: 3 })
    expect((await get('list', admin, { name: '州', regionLevel: '2' })).json().data.total).toBe(2)
    expect(await detail('320102')).toMatchObject({
      name: '玄武区',
      parentName: '南京市',
      ancestors: '00,32,3201',
      provinceName: '江苏省',
      cityName: '南京市',
      regionLevel: 3,
    })
    expect((await get('detail', admin, { code: '99' })).statusCode).toBe(404)
  })

  it('submit inserts under a parent, filling ancestors and the per-level names', async () => {
    const res = await post('submit', admin, {
      code: '320111',
      parentCode: '3201',
      name: '浦口区',
      regionLevel: 3,
    })
    expect(res.json()).toMatchObject({ code: 200, success: true })
    expect(await detail('320111')).toMatchObject({
      ancestors: '00,32,3201',
      provinceCode: '32',
      cityCode: '3201',
      cityName: '南京市',
      districtCode: '320111',
      districtName: '浦口区',
    })
  })

  it('submit of an existing code updates it, and its descendants follow a new name', async () => {
    expect(
      (await post('submit', admin, { code: '3201', parentCode: '32', name: '南京', regionLevel: 2 }))
        .statusCode,
    ).toBe(200)
    expect((await detail('3201')).name).toBe('南京')
    expect((await detail('320102')).cityName).toBe('南京')
    const moved = await post('submit', admin, {
      code: '3201',
      parentCode: '00',
      name: '南京',
      regionLevel: 1,
    })
    expect(moved.statusCode).toBe(400)
  })

  it('refuses a bad form, an unknown parent or a wrong level, writing nothing', async () => {
    const before = await rowCount()
    const noName = await post('submit', admin, { code: '320199', parentCode: '3201', regionLevel: 3 })
    expect(noName.statusCode).toBe(400)
    expect(noName.json().msg).toContain('enter region name')
    const noLevel = await post('submit', admin, { code: '320199', parentCode: '3201', name: 'x' })
    expect(noLevel.json().msg).toContain('select region level')
    const orphan = await post('submit', admin, {
      code: '330101',
      parentCode: '3301',
      name: 'x',
      regionLevel: 3,
    })
    expect(orphan.statusCode).toBe(400)
    const level = await post('submit', admin, {
      code: '320199',
      parentCode: '3201',
      name: 'x',
      regionLevel: 2,
    })
    expect(level.json().msg).toBe('区划等级应为 3')
    expect(await rowCount()).toBe(before)
  })

  it('remove refuses a region with children and deletes a leaf', async () => {
    const refused = await post('remove', admin, undefined, { id: '3204' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().msg).toBe('请先删除子节点!')
    expect((await post('remove', admin, undefined, { id: '320402' })).statusCode).toBe(200)
    expect((await get('detail', admin, { code: '320402' })).statusCode).toBe(404)
    expect((await post('remove', admin, undefined, { id: '320402' })).statusCode).toBe(404)
  })

  it('tenant users read regions but cannot write them', async () => {
    expect((await get('list', parkAdmin)).statusCode).toBe(200)
    expect(
      (await post('submit', parkAdmin, { code: '320198', parentCode: '3201', name: 'x', regionLevel: 3 }))
        .statusCode,
    ).toBe(403)
    expect((await post('remove', parkAdmin, undefined, { id: '320404' })).statusCode).toBe(403)
    expect((await get('detail', admin, { code: '320404' })).statusCode).toBe(200)
  })
})

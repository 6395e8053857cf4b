import { appButtonsCall, appRoutesCall, menuButtonsCall, menuRoutesCall } from '@xpark/contract/schemas'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { menu, topMenu } from './schema.js'

type Node = { id: string; title: string; children?: Node[] }

describe('top menus (blade-system/topmenu)', () => {
  let t: TestContext
  let platform: Headers
  let parkAdmin: Headers
  let staff: Headers
  let menuIds: Map<string, string>
  const BASE = '/xparkApi/blade-system'

  const { get, post } = resourceCalls(() => t, BASE)
  const topOf = async (tenantId: string) =>
    (
      await t.database.db
        .select()
        .from(topMenu)
        .where(and(eq(topMenu.tenantId, tenantId), eq(topMenu.code, 'system')))
    )[0]!
  const routeNames = async (headers: Headers, topMenuId: string) => {
    const names: string[] = []
    const walk = (nodes: { name: string; children?: unknown[] }[]) => {
      for (const n of nodes) {
        names.push(n.name)
        walk((n.children ?? []) as typeof nodes)
      }
    }
    walk((await get('menu/routes', headers, { topMenuId })).json().data)
    return names
  }

  beforeAll(async () => {
    t = await startTestApp()
    platform = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    const menus = await t.database.db.select().from(menu)
    menuIds = new Map(menus.map((m) => [m.code, m.id]))
  })
  afterAll(() => t.close())

  it('the cached answers (routes, buttons; sent as stored) are what their declarations say', async () => {
    for (const [call, headers] of [
      [menuRoutesCall, staff],
      [menuButtonsCall, staff],
      [appRoutesCall, platform],
      [appButtonsCall, platform],
    ] as const) {
      const res = await get(call.path.replace('blade-system/', ''), headers)
      expect(res.statusCode, call.path).toBe(200)
      expect(call.reply?.safeParse(res.json().data).success, call.path).toBe(true)
    }
  })

  it('CRUD through the factory, within the caller tenant', async () => {
    const page = (await get('topmenu/page', parkAdmin)).json().data
    expect(page.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(['100001'])
    const res = await post('topmenu/submit', parkAdmin, {
      code: 'park',
      name: '园区',
      source: 'CarOutlined',
      sort: 2,
    })
    expect(res.json()).toMatchObject({ code: 200, success: true })
    const list = (await get('topmenu/list', parkAdmin, { code: 'park' })).json().data.records
    expect(list).toMatchObject([{ code: 'park', name: '园区', tenantId: '100001' }])
    expect((await post('topmenu/update', parkAdmin, { id: list[0].id, name: '园区管理' })).statusCode).toBe(
      200,
    )
    expect((await get('topmenu/detail', parkAdmin, { id: list[0].id })).json().data.name).toBe('园区管理')
    expect((await post('topmenu/remove', parkAdmin, undefined, { ids: list[0].id })).statusCode).toBe(200)
    expect((await get('topmenu/list', parkAdmin, { code: 'park' })).json().data.total).toBe(0)
  })

  it('refuses a bad form (400) and staff without the topmenu buttons (403)', async () => {
    const bad = await post('topmenu/submit', parkAdmin, { code: 'x', sort: 1 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toContain('enter top menu name')
    expect((await post('topmenu/submit', staff, { code: 'x', name: 'x', sort: 1 })).statusCode).toBe(403)
    const top = await topOf('100001')
    expect(
      (await post('topmenu/grant', staff, { topMenuIds: [top.id], menuIds: [menuIds.get('system')] }))
        .statusCode,
    ).toBe(403)
  })

  it('menuApp/top-menu answers the same top menus as menu/top-menu', async () => {
    const web = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/menu/top-menu',
      headers: parkAdmin,
    })
    const app = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/menuApp/top-menu',
      headers: parkAdmin,
    })
    expect(app.statusCode).toBe(200)
    expect(app.json().data).toEqual(web.json().data)
  })

  it('tenant 100001 can neither see nor change tenant 000000 top menus', async () => {
    const foreign = await topOf('000000')
    expect((await get('topmenu/detail', parkAdmin, { id: foreign.id })).statusCode).toBe(404)
    expect((await post('topmenu/update', parkAdmin, { id: foreign.id, name: 'taken' })).statusCode).toBe(404)
    expect((await post('topmenu/remove', parkAdmin, undefined, { ids: foreign.id })).statusCode).toBe(404)
    expect(
      (await post('topmenu/grant', parkAdmin, { topMenuIds: [foreign.id], menuIds: [menuIds.get('system')] }))
        .statusCode,
    ).toBe(404)
    expect((await get('menu/top-tree-keys', parkAdmin, { topMenuIds: foreign.id })).statusCode).toBe(404)
    expect((await topOf('000000')).name).toBe('系统')
  })

  it('grant-top-tree offers the caller menus; grant replaces the set; top-tree-keys reads it back', async () => {
    const tree = (await get('menu/grant-top-tree', parkAdmin)).json().data.menu as Node[]
    const titles = JSON.stringify(tree)
    expect(titles).toContain('业务字典')
    expect(titles).not.toContain('客户端管理')
    expect((await get('topmenu/grant-top-tree', platform)).json().data.menu.length).toBeGreaterThan(1)

    const top = await topOf('100001')
    const keys = async () =>
      (
        (await get('menu/top-tree-keys', parkAdmin, { topMenuIds: top.id })).json().data.menu as string[]
      ).sort()
    expect(await routeNames(parkAdmin, top.id)).toContain('参数管理')
    const wanted = [menuIds.get('system')!, menuIds.get('dictbiz')!]
    expect(
      (await post('topmenu/grant', parkAdmin, { topMenuIds: [top.id], menuIds: wanted })).statusCode,
    ).toBe(200)
    expect(await keys()).toEqual([...wanted].sort())
    // the cached routes of that top menu follow the grant at once
    const names = await routeNames(parkAdmin, top.id)
    expect(names).toContain('业务字典')
    expect(names).not.toContain('参数管理')
  })

  it('refuses granting a menu the caller does not hold', async () => {
    const top = await topOf('100001')
    const res = await post('topmenu/grant', parkAdmin, {
      topMenuIds: [top.id],
      menuIds: [menuIds.get('client')],
    })
    expect(res.statusCode).toBe(400)
    expect((await post('topmenu/grant', parkAdmin, { topMenuIds: [], menuIds: [] })).statusCode).toBe(400)
  })
})

import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roleMenu } from '../../compose/schema.js'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { shortcut } from './schema.js'

describe('desk shortcuts (blade-desk/shortcut): each user’s own', () => {
  let t: TestContext
  let alice: Headers // the park admin
  let bob: Headers // park staff, same tenant
  let platform: Headers

  const { get, post } = resourceCalls(() => t, '/xparkApi/blade-desk/shortcut')
  const total = async () => (await t.database.db.select({ n: count() }).from(shortcut))[0]!.n
  type Row = { id: string; name: string; path: string; sort: number }

  beforeAll(async () => {
    t = await startTestApp()
    alice = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    bob = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('submit adds for the caller; select answers the caller’s own by sort; list/page/detail too', async () => {
    expect(
      (
        await post('submit', alice, {
          name: '用户管理',
          path: '/system/user',
          source: 'UserOutlined',
          sort: 2,
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (await post('submit', alice, { name: '通知公告', path: '/desk/notice', sort: 1 })).statusCode,
    ).toBe(200)
    expect((await post('submit', bob, { name: '参数', path: '/system/param' })).statusCode).toBe(200)

    const mine = (await get('select', alice)).json().data as Row[]
    expect(mine.map((r) => r.name)).toEqual(['通知公告', '用户管理'])
    expect(mine[1]).toMatchObject({ path: '/system/user', source: 'UserOutlined', sort: 2 })
    const page = (await get('page', alice)).json().data
    expect(page.total).toBe(2)
    expect(page.records[0]).not.toHaveProperty('userId')
    expect((await get('list', alice, { name: '用户' })).json().data.records).toHaveLength(1)
    expect((await get('detail', alice, { id: mine[0]!.id })).json().data).toMatchObject({ name: '通知公告' })
  })

  it('user A’s shortcuts are invisible to user B of the same tenant, and B cannot change them', async () => {
    const aliceRows = (await get('select', alice)).json().data as Row[]
    const bobRows = (await get('select', bob)).json().data as Row[]
    expect(bobRows.map((r) => r.name)).toEqual(['参数'])
    const page = (await get('page', bob)).json().data
    expect(page.total).toBe(1)
    const target = aliceRows[0]!
    expect((await get('detail', bob, { id: target.id })).statusCode).toBe(404)
    expect((await post('submit', bob, { id: target.id, name: '抢走', path: '/x' })).statusCode).toBe(404)
    expect((await post('remove', bob, undefined, { ids: target.id })).statusCode).toBe(404)
    expect((await get('detail', alice, { id: target.id })).json().data.name).toBe(target.name)
    // nor another tenant's user
    expect((await get('select', platform)).json().data).toEqual([])
  })

  it('validates: 400 with nothing written; a menu must be one the caller holds', async () => {
    const before = await total()
    for (const bad of [
      { name: '', path: '/a' },
      { name: 'x', path: '' },
      { name: 'x', path: 'javascript:alert(1)' },
      { name: 'x', path: '/a', sort: 'first' },
      { name: 'x', path: '/a', menuId: 'abc' },
    ])
      expect((await post('submit', alice, bad)).statusCode, JSON.stringify(bad)).toBe(400)
    // a menu that does not exist (or is not granted) is refused
    const res = await post('submit', bob, {
      name: '菜单',
      path: '/system/menu',
      menuId: '123456789012345678',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toBe('菜单不存在或未授权')
    expect(await total()).toBe(before)
  })

  it('edits and removes one’s own; without the button codes 403', async () => {
    const [first] = (await get('select', alice)).json().data as Row[]
    expect(
      (await post('submit', alice, { id: first!.id, name: '公告', path: '/desk/notice', sort: 5 }))
        .statusCode,
    ).toBe(200)
    expect(((await get('select', alice)).json().data as Row[]).map((r) => r.name)).toEqual([
      '用户管理',
      '公告',
    ])
    expect((await post('remove', alice, undefined, { ids: first!.id })).statusCode).toBe(200)
    expect((await get('select', alice)).json().data).toHaveLength(1)

    // a tenant user without the codes is refused (select stays open: it reads only one's own)
    const db = t.database.db
    const before = await total()
    await db.delete(roleMenu) // no tenant role holds any button now
    await t.cache.clearPrefix('sys:')
    expect((await post('submit', bob, { name: '新', path: '/a' })).statusCode).toBe(403)
    expect((await get('select', bob)).statusCode).toBe(200)
    expect(await total()).toBe(before)
  })
})

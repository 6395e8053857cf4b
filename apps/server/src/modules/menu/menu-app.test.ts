import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { role } from '../authority/index.js'
import { menuApp, roleMenuApp } from './schema.js'

type Node = { id: string; parentId: string; code?: string; title?: string; children?: Node[] }

describe('app menus (blade-system/menuApp) and their grant', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers

  const { get, post } = resourceCalls(() => t, '/xparkApi/blade-system/menuApp')
  const system = resourceCalls(() => t, '/xparkApi/blade-system')
  const byCode = async (code: string) =>
    (
      await t.database.db
        .select()
        .from(menuApp)
        .where(and(eq(menuApp.code, code), eq(menuApp.isDeleted, 0)))
    )[0]
  const idOf = async (code: string) => (await byCode(code))!.id
  const appCount = async () =>
    (await t.database.db.select({ n: count() }).from(menuApp).where(eq(menuApp.isDeleted, 0)))[0]!.n
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
  const roleId = async (tenantId: string, alias: string) =>
    (
      await t.database.db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias)))
    )[0]!.id
  const form = (over: Record<string, unknown> = {}) => ({
    code: 'app_test',
    name: '测试',
    alias: 'menu',
    path: '/pages/test/index',
    source: 'AppstoreOutlined',
    sort: 9,
    category: 1,
    ...over,
  })

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
  })
  afterAll(() => t.close())

  it('list, lazy-list, menu-list, lazy-menu-list, tree and detail read the seeded app tree', async () => {
    const tree = (await get('list', admin)).json().data as Node[]
    expect(tree.map((n) => n.code)).toEqual([
      'app_home',
      'app_visitor',
      'app_meeting',
      'app_repair',
      'app_notice',
    ])
    const visitor = tree.find((n) => n.code === 'app_visitor')!
    expect(visitor).toMatchObject({ name: '访客', hasChildren: true, parentName: '' })
    expect(visitor.children?.map((c) => c.code)).toEqual(['app_visitor_add', 'app_visitor_view'])

    const roots = (await get('lazy-list', admin)).json().data as (Node & { hasChildren: boolean })[]
    expect(roots.find((n) => n.code === 'app_home')).toMatchObject({ hasChildren: false })
    const level = (await get('lazy-list', admin, { parentId: visitor.id })).json().data as Node[]
    expect(level.map((n) => n.code)).toEqual(['app_visitor_add', 'app_visitor_view'])
    const lazyMenus = (await get('lazy-menu-list', admin)).json().data as (Node & { hasChildren: boolean })[]
    expect(lazyMenus.find((n) => n.code === 'app_visitor')).toMatchObject({ hasChildren: false })
    const menus = flat((await get('menu-list', admin)).json().data as Node[])
    expect(menus.map((n) => n.code)).toEqual([
      'app_home',
      'app_visitor',
      'app_meeting',
      'app_repair',
      'app_notice',
    ])

    const nodes = (await get('tree', admin)).json().data as Node[]
    expect(nodes.map((n) => n.title)).toEqual(['首页', '访客', '会议', '报修', '通知'])
    const detail = await get('detail', admin, { id: visitor.id })
    expect(detail.json().data).toMatchObject({
      code: 'app_visitor',
      name: '访客',
      path: '/pages/visitor/index',
    })
    // the web menu tree is a different table: its codes are not here
    expect(flat(tree).some((n) => n.code === 'menu')).toBe(false)
  })

  it('management is the platform administrator’s: a tenant admin gets 403, nothing written', async () => {
    for (const url of ['list', 'lazy-list', 'menu-list', 'lazy-menu-list', 'tree'])
      expect((await get(url, parkAdmin)).statusCode, url).toBe(403)
    expect((await get('detail', parkAdmin, { id: await idOf('app_home') })).statusCode).toBe(403)
    const before = await appCount()
    expect((await post('submit', parkAdmin, form())).statusCode).toBe(403)
    expect((await post('remove', parkAdmin, undefined, { ids: await idOf('app_home') })).statusCode).toBe(403)
    expect(await appCount()).toBe(before)
  })

  it('validates like the web menu: 400 with nothing written', async () => {
    const before = await appCount()
    for (const bad of [
      form({ code: '' }),
      form({ name: undefined }),
      form({ category: 3 }),
      form({ parentId: 'x' }),
    ])
      expect((await post('submit', admin, bad)).statusCode, JSON.stringify(bad)).toBe(400)
    const dup = await post('submit', admin, form({ code: 'app_home' }))
    expect(dup.statusCode).toBe(400)
    expect(dup.json().msg).toBe('菜单编号已存在: app_home')
    // a web menu code is free here: the trees are apart
    const under = await post('submit', admin, form({ parentId: await idOf('app_visitor_add') }))
    expect(under.statusCode).toBe(400)
    expect(under.json().msg).toBe('上级菜单必须是菜单, 不能是按钮')
    expect(await appCount()).toBe(before)
  })

  it('adds, edits and removes; remove with children is refused; grants go with a removed menu', async () => {
    expect((await post('submit', admin, form({ code: 'menu' }))).statusCode).toBe(200)
    const created = (await byCode('menu'))!
    expect(created).toMatchObject({ parentId: '0', name: '测试', category: 1 })
    const child = await post(
      'submit',
      admin,
      form({ code: 'app_test_add', category: 2, parentId: created.id }),
    )
    expect(child.statusCode).toBe(200)
    expect(
      (await post('submit', admin, form({ id: created.id, code: 'menu', name: '改名' }))).statusCode,
    ).toBe(200)
    expect((await byCode('menu'))!.name).toBe('改名')
    const refused = await post('remove', admin, undefined, { ids: created.id })
    expect(refused.json().msg).toBe('请先删除子节点!')

    const staff = await roleId('100001', 'staff')
    await t.database.db
      .insert(roleMenuApp)
      .values({ id: '990000000000000001', roleId: staff, menuId: created.id })
    const both = `${created.id},${await idOf('app_test_add')}`
    expect((await post('remove', admin, undefined, { ids: both })).statusCode).toBe(200)
    expect(await byCode('menu')).toBeUndefined()
    expect(
      await t.database.db.select().from(roleMenuApp).where(eq(roleMenuApp.menuId, created.id)),
    ).toHaveLength(0)
  })

  it('grant round trip: grant → role-tree-keys → the app routes of a user of the role show exactly them', async () => {
    const staff = await roleId('100001', 'staff')
    const grantTree = (await system.get('menu/grant-tree', parkAdmin)).json().data
    expect(flat(grantTree.menuApp).map((n) => n.title)).toEqual(
      expect.arrayContaining(['首页', '访客', '访客登记', '会议', '报修', '通知']),
    )
    const keysBefore = (await system.get('menu/role-tree-keys', parkAdmin, { roleIds: staff })).json().data
    const webMenus = keysBefore.menu as string[]
    const granted = [await idOf('app_home'), await idOf('app_meeting'), await idOf('app_meeting_add')]
    const res = await system.post('role/grant', parkAdmin, {
      roleIds: [staff],
      menuIds: webMenus,
      menuAppIds: granted,
      dataScopeIds: [],
      apiScopeIds: [],
    })
    expect(res.statusCode, res.body).toBe(200)
    const keys = (await system.get('menu/role-tree-keys', parkAdmin, { roleIds: staff })).json().data
    expect([...keys.menuApp].sort()).toEqual([...granted].sort())
    expect([...keys.menu].sort()).toEqual([...webMenus].sort())

    const staffUser = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    const routes = (await system.get('menuApp/routes', staffUser)).json().data as Node[]
    expect(flat(routes).map((n) => n.code)).toEqual(['app_home', 'app_meeting'])
    const buttons = flat((await system.get('menuApp/buttons', staffUser)).json().data as Node[])
    expect(buttons.map((n) => n.code)).toEqual(['app_meeting', 'app_meeting_add'])

    // a grant without menuAppIds (a client that knows no app menus) leaves them as they are
    await system.post('role/grant', parkAdmin, { roleIds: [staff], menuIds: webMenus })
    const kept = (await system.get('menu/role-tree-keys', parkAdmin, { roleIds: staff })).json().data
    expect([...kept.menuApp].sort()).toEqual([...granted].sort())
    // an empty list takes them all away
    await system.post('role/grant', parkAdmin, { roleIds: [staff], menuIds: webMenus, menuAppIds: [] })
    expect((await system.get('menuApp/routes', staffUser)).json().data).toEqual([])
  })

  it('a tenant admin cannot grant app menus it does not hold (400, nothing changed)', async () => {
    const parkRole = await roleId('100001', 'admin')
    const staff = await roleId('100001', 'staff')
    const db = t.database.db
    await db
      .delete(roleMenuApp)
      .where(and(eq(roleMenuApp.roleId, parkRole), eq(roleMenuApp.menuId, await idOf('app_repair'))))
    await t.cache.clearPrefix('sys:')
    const before = await db.select().from(roleMenuApp).where(eq(roleMenuApp.roleId, staff))
    const res = await system.post('role/grant', parkAdmin, {
      roleIds: [staff],
      menuIds: [],
      menuAppIds: [await idOf('app_repair')],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toBe('无权分配未拥有的菜单')
    expect(await db.select().from(roleMenuApp).where(eq(roleMenuApp.roleId, staff))).toEqual(before)
  })

  it('the administrator’s app routes are the whole app tree; routes need a token', async () => {
    const routes = (await system.get('menuApp/routes', admin)).json().data as Node[]
    expect(routes.map((n) => n.code)).toEqual([
      'app_home',
      'app_visitor',
      'app_meeting',
      'app_repair',
      'app_notice',
    ])
    expect((await system.get('menuApp/routes', {})).statusCode).toBe(401)
  })
})

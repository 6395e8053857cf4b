import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextId } from '../../core/ids.js'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { role } from '../authority/index.js'
import { menu, roleMenu, topMenu, topMenuSetting } from './schema.js'

type Node = { id: string; parentId: string; name?: string; title?: string; code?: string; children?: Node[] }

describe('menu management (blade-system/menu)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers

  const { get, post } = resourceCalls(() => t, '/xparkApi/blade-system/menu')
  const byCode = async (code: string) =>
    (
      await t.database.db
        .select()
        .from(menu)
        .where(and(eq(menu.code, code), eq(menu.isDeleted, 0)))
    )[0]
  const menuCount = async () =>
    (await t.database.db.select({ n: count() }).from(menu).where(eq(menu.isDeleted, 0)))[0]!.n
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
  const form = (over: Record<string, unknown> = {}) => ({
    code: 'test_menu',
    name: '测试菜单',
    alias: 'menu',
    path: '/test/menu',
    source: 'AppstoreOutlined',
    sort: 5,
    category: 1,
    action: 0,
    isOpen: 1,
    ...over,
  })

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
  })
  afterAll(() => t.close())

  it('list answers the whole tree and filters by name / code (like)', async () => {
    const res = await get('list', admin)
    expect(res.statusCode).toBe(200)
    const tree = res.json().data as Node[]
    const system = tree.find((n) => n.code === 'system')!
    expect(system.children?.map((c) => c.code)).toContain('menu')
    const menuNode = flat(tree).find((n) => n.code === 'menu')!
    expect(menuNode).toMatchObject({ path: '/system/menu', parentName: '系统管理', hasChildren: true })
    expect(menuNode.children?.map((c) => c.code)).toEqual([
      'menu_add',
      'menu_edit',
      'menu_delete',
      'menu_view',
    ])

    const filtered = (await get('list', admin, { code: 'menu_' })).json().data as Node[]
    const found = filtered.map((n) => n.code!)
    expect(found).toEqual(expect.arrayContaining(['menu_add', 'menu_delete', 'menu_edit', 'menu_view']))
    expect(found.every((c) => c.includes('menu_'))).toBe(true)
    const named = (await get('list', admin, { name: '菜单管理' })).json().data as Node[]
    expect(named.map((n) => n.code)).toEqual(['menu'])
  })

  it('lazy-list gives one level with hasChildren; menu-list and lazy-menu-list only menus', async () => {
    const roots = (await get('lazy-list', admin)).json().data as (Node & { hasChildren: boolean })[]
    const system = roots.find((n) => n.code === 'system')!
    expect(system).toMatchObject({ parentId: '0', hasChildren: true })
    const level = (await get('lazy-list', admin, { parentId: system.id })).json().data as Node[]
    expect(level.map((n) => n.code)).toContain('menu')
    const menuRow = (await byCode('menu'))!
    const buttons = (await get('lazy-list', admin, { parentId: menuRow.id })).json().data
    expect(buttons).toHaveLength(4)
    expect(buttons[0]).toMatchObject({ category: 2, hasChildren: false })

    const menus = flat((await get('menu-list', admin)).json().data as (Node & { category: number })[])
    expect(menus.length).toBeGreaterThan(5)
    expect(menus.every((n) => (n as { category?: number }).category === 1)).toBe(true)
    const lazyMenus = (await get('lazy-menu-list', admin, { parentId: system.id })).json().data
    const screen = lazyMenus.find((n: Node) => n.code === 'menu')
    expect(screen).toMatchObject({ hasChildren: false }) // its buttons do not count
  })

  it('tree answers TreeNodes of menus only; detail one row', async () => {
    const tree = (await get('tree', admin)).json().data as Node[]
    const all = flat(tree)
    const menuRow = (await byCode('menu'))!
    const node = all.find((n) => n.id === menuRow.id)
    expect(node).toEqual({
      id: menuRow.id,
      parentId: menuRow.parentId,
      title: '菜单管理',
      key: menuRow.id,
      value: menuRow.id,
    })
    expect(all.some((n) => n.title === '新增')).toBe(false)
    const detail = await get('detail', admin, { id: menuRow.id })
    expect(detail.json().data).toMatchObject({ code: 'menu', name: '菜单管理', category: 1, isOpen: 1 })
  })

  it('reads and writes are the platform administrator’s: a tenant admin gets 403, nothing written', async () => {
    for (const url of ['list', 'lazy-list', 'menu-list', 'lazy-menu-list', 'tree'])
      expect((await get(url, parkAdmin)).statusCode, url).toBe(403)
    const before = await menuCount()
    expect((await post('submit', parkAdmin, form({ code: 'park_menu' }))).statusCode).toBe(403)
    const menuRow = (await byCode('menu'))!
    expect((await post('remove', parkAdmin, undefined, { ids: menuRow.id })).statusCode).toBe(403)
    expect(await menuCount()).toBe(before)
    // their own reads still work
    expect((await get('routes', parkAdmin)).statusCode).toBe(200)
    expect((await get('buttons', parkAdmin)).statusCode).toBe(200)
  })

  it('validates the form: 400 with nothing written', async () => {
    const before = await menuCount()
    for (const bad of [
      form({ code: '' }),
      form({ name: undefined }),
      form({ category: 3 }),
      form({ action: 4 }),
      form({ isOpen: 0 }),
      form({ roles: 'a b' }),
      form({ parentId: 'x' }),
    ]) {
      const res = await post('submit', admin, bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
    }
    // code is unique among live menus
    const dup = await post('submit', admin, form({ code: 'param' }))
    expect(dup.statusCode).toBe(400)
    expect(dup.json().msg).toContain('param')
    // a node under a button is refused
    const button = (await byCode('param_add'))!
    expect((await post('submit', admin, form({ parentId: button.id }))).statusCode).toBe(400)
    expect(await menuCount()).toBe(before)
  })

  it('adds, edits and removes; routes reflect every write (cache dropped)', async () => {
    const system = (await byCode('system'))!
    const routeCodes = async () => flat((await get('routes', admin)).json().data as Node[]).map((n) => n.code)
    expect(await routeCodes()).not.toContain('test_menu') // primes the cache

    const res = await post('submit', admin, form({ parentId: system.id, roles: ['administrator', 'admin'] }))
    expect(res.statusCode).toBe(200)
    const created = (await byCode('test_menu'))!
    expect(created).toMatchObject({ parentId: system.id, roles: 'administrator,admin', keepAlive: true })
    expect(await routeCodes()).toContain('test_menu')

    const buttonRes = await post('submit', admin, {
      ...form({ code: 'test_menu_add', name: '新增', category: 2, action: 1, alias: 'add' }),
      parentId: created.id,
    })
    expect(buttonRes.statusCode).toBe(200)
    const button = (await byCode('test_menu_add'))!
    const codes = async () => flat((await get('buttons', admin)).json().data as Node[]).map((n) => n.code)
    expect(await codes()).toContain('test_menu_add')

    const edit = await post(
      'submit',
      admin,
      form({ id: created.id, parentId: system.id, name: '改名', hidden: true }),
    )
    expect(edit.statusCode).toBe(200)
    expect((await byCode('test_menu'))!).toMatchObject({ name: '改名', hidden: true })

    // a menu with children cannot become a button
    expect(
      (await post('submit', admin, form({ id: created.id, parentId: system.id, category: 2 }))).statusCode,
    ).toBe(400)

    // remove with children is refused
    const refused = await post('remove', admin, undefined, { ids: created.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().msg).toBe('请先删除子节点!')
    expect(await byCode('test_menu')).toBeDefined()

    expect((await post('remove', admin, undefined, { ids: button.id })).statusCode).toBe(200)
    expect(await codes()).not.toContain('test_menu_add')
    expect((await post('remove', admin, undefined, { ids: created.id })).statusCode).toBe(200)
    expect(await routeCodes()).not.toContain('test_menu')
  })

  it('refuses a cycle (a menu under itself or its descendant)', async () => {
    const system = (await byCode('system'))!
    const param = (await byCode('param'))!
    const self = await post(
      'submit',
      admin,
      form({ id: system.id, code: 'system', name: '系统管理', parentId: system.id }),
    )
    expect(self.statusCode).toBe(400)
    const under = await post(
      'submit',
      admin,
      form({ id: system.id, code: 'system', name: '系统管理', parentId: param.id }),
    )
    expect(under.statusCode).toBe(400)
    expect(under.json().msg).toBe('上级菜单不能是自身或其下级')
    expect((await byCode('system'))!.parentId).toBe('0')
  })

  it('remove drops the menu’s role grants and top-menu settings in the same transaction', async () => {
    const db = t.database.db
    await post('submit', admin, form({ code: 'doomed', name: '待删' }))
    const doomed = (await byCode('doomed'))!
    const [aRole] = await db.select().from(role).limit(1)
    const [aTop] = await db.select().from(topMenu).limit(1)
    await db.insert(roleMenu).values({ id: nextId(), roleId: aRole!.id, menuId: doomed.id })
    if (aTop) await db.insert(topMenuSetting).values({ id: nextId(), topMenuId: aTop.id, menuId: doomed.id })
    else await db.insert(topMenuSetting).values({ id: nextId(), topMenuId: nextId(), menuId: doomed.id })

    expect((await post('remove', admin, undefined, { ids: doomed.id })).statusCode).toBe(200)
    expect(await byCode('doomed')).toBeUndefined()
    expect(await db.select().from(roleMenu).where(eq(roleMenu.menuId, doomed.id))).toHaveLength(0)
    expect(await db.select().from(topMenuSetting).where(eq(topMenuSetting.menuId, doomed.id))).toHaveLength(0)
  })
})

import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { nextId } from '../../core/ids.js'
import { bearer, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { user } from '../identity/index.js'
import { menu, roleMenu } from '../menu/index.js'
import { role, roleScope, scopeData } from './schema.js'

type Headers = Record<string, string>
type Tree = { id: string; title: string; children?: Tree[] }
const titles = (nodes: Tree[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children ?? [])])

describe('roles, grants and scope definitions', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers
  let manager: Headers
  const ids = { parkAdminRole: '', staffRole: '', platformRole: '', managerRole: '' }
  const menuId = new Map<string, string>()

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/xparkApi/blade-system/${url}`, query, headers })
  const post = (url: string, headers: Headers, payload?: object, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/xparkApi/blade-system/${url}`,
      query,
      headers,
      ...(payload ? { payload } : {}),
    })
  const menusOf = async (roleId: string) =>
    (await t.database.db.select().from(roleMenu).where(eq(roleMenu.roleId, roleId)))
      .map((r) => r.menuId)
      .sort()
  const codes = (...names: string[]) => names.map((n) => menuId.get(n)!)
  const roleCount = async () => (await t.database.db.select({ n: count() }).from(role))[0]!.n

  beforeAll(async () => {
    t = await startTestApp()
    const db = t.database.db
    for (const m of await db.select().from(menu)) menuId.set(m.code, m.id)
    const roles = await db.select().from(role)
    ids.parkAdminRole = roles.find((r) => r.tenantId === '100001' && r.roleAlias === 'admin')!.id
    ids.staffRole = roles.find((r) => r.tenantId === '100001' && r.roleAlias === 'staff')!.id
    ids.platformRole = roles.find((r) => r.tenantId === '000000')!.id
    // a park manager: may edit and grant roles, but is not the tenant admin
    ids.managerRole = nextId()
    await db
      .insert(role)
      .values({ id: ids.managerRole, tenantId: '100001', roleName: '经理', roleAlias: 'manager' })
    await db.insert(roleMenu).values(
      codes('system', 'role', 'role_add', 'role_edit', 'role_grant', 'user', 'user_view').map((m) => ({
        id: nextId(),
        roleId: ids.managerRole,
        menuId: m,
      })),
    )
    await db.insert(user).values({
      id: nextId(),
      tenantId: '100001',
      account: 'manager',
      password: await hashPassword(md5(DEMO_PASSWORD)),
      realName: '经理',
      roleId: ids.managerRole,
    })
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    manager = bearer(await signIn(t.app, { tenantId: '100001', account: 'manager' }))
  })
  afterAll(() => t.close())

  describe('role CRUD and trees', () => {
    it('lists the tenant roles as a tree; tree gives TreeNodes; other tenants only for the administrator', async () => {
      const list = (await get('role/list', parkAdmin)).json().data as { roleAlias: string }[]
      // guest: the role approved third-party sign-ins get (modules/social)
      expect(list.map((r) => r.roleAlias).sort()).toEqual(['admin', 'guest', 'manager', 'staff'])
      const tree = (await get('role/tree', parkAdmin)).json().data
      expect(tree[0]).toEqual({
        id: expect.any(String),
        parentId: '0',
        title: expect.any(String),
        key: tree[0].id,
        value: tree[0].id,
        hasChildren: false,
      })
      expect((await get('role/tree', parkAdmin, { tenantId: '000000' })).statusCode).toBe(403)
      const platform = (await get('role/tree', admin, { tenantId: '100001' })).json().data as Tree[]
      expect(platform).toHaveLength(4)
      const byId = (await get('role/tree-by-id', parkAdmin, { roleId: ids.staffRole })).json().data as Tree[]
      expect(byId.map((n) => n.id)).toContain(ids.parkAdminRole)
      expect((await get('role/tree-by-id', parkAdmin, { roleId: ids.platformRole })).statusCode).toBe(404)
      expect((await get('role/detail', parkAdmin, { id: ids.platformRole })).statusCode).toBe(404)
    })

    it('submit creates a child role; the alias is unique per tenant (soleAlias tells)', async () => {
      expect((await get('role/soleAlias', parkAdmin, { roleAlias: 'staff' })).json().data).toBe(false)
      expect((await get('role/soleAlias', parkAdmin, { roleAlias: 'guard' })).json().data).toBe(true)
      // the platform's alias is free in the park
      expect((await get('role/soleAlias', parkAdmin, { roleAlias: 'administrator' })).json().data).toBe(true)
      const res = await post('role/submit', parkAdmin, {
        parentId: ids.staffRole,
        roleName: '保安',
        roleAlias: 'guard',
      })
      expect(res.statusCode, res.body).toBe(200)
      const dup = await post('role/submit', parkAdmin, { roleName: 'x', roleAlias: 'guard' })
      expect(dup.statusCode).toBe(400)
      expect(dup.json().msg).toContain('guard')
      const list = (await get('role/list', parkAdmin)).json().data as {
        roleAlias: string
        children?: unknown[]
      }[]
      expect(list.find((r) => r.roleAlias === 'staff')!.children).toMatchObject([
        { roleAlias: 'guard', parentName: '园区职员' },
      ])
    })

    it('refuses bad bodies, foreign parents, cycles, and callers without role_add (nothing written)', async () => {
      const before = await roleCount()
      const missing = await post('role/submit', parkAdmin, { roleAlias: 'x1' })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().msg).toContain('please enter role name')
      expect(
        (await post('role/submit', parkAdmin, { roleName: 'x', roleAlias: "x' or 1=1" })).statusCode,
      ).toBe(400)
      const foreign = await post('role/submit', parkAdmin, {
        parentId: ids.platformRole,
        roleName: 'x',
        roleAlias: 'x2',
      })
      expect(foreign.statusCode).toBe(400)
      const denied = await post('role/submit', staff, { roleName: 'x', roleAlias: 'x3' })
      expect(denied.statusCode).toBe(403)
      const [guard] = await t.database.db.select().from(role).where(eq(role.roleAlias, 'guard'))
      const cycle = await post('role/submit', parkAdmin, {
        id: ids.staffRole,
        parentId: guard!.id,
        roleName: 'x',
        roleAlias: 'staff',
      })
      expect(cycle.statusCode).toBe(400)
      expect(await roleCount()).toBe(before)
    })

    it('only the administrator configures administrator roles, only an admin admin roles', async () => {
      const superRole = await post('role/submit', parkAdmin, { roleName: 'x', roleAlias: 'administrator' })
      expect(superRole.statusCode).toBe(400)
      expect(superRole.json().msg).toBe('无权配置超管角色!')
      const adminRole = await post('role/submit', manager, { roleName: 'x', roleAlias: 'admin' })
      expect(adminRole.json().msg).toBe('无权配置管理员角色!')
      const editAdmin = await post('role/submit', manager, {
        id: ids.parkAdminRole,
        roleName: 'x',
        roleAlias: 'admin2',
      })
      expect(editAdmin.json().msg).toBe('无权配置管理员角色!')
      expect((await post('role/submit', parkAdmin, { roleName: 'ok', roleAlias: 'clerk' })).statusCode).toBe(
        200,
      )
    })

    it('remove refuses a role with children or users, and drops the grants of a removed role', async () => {
      const withChildren = await post('role/remove', parkAdmin, undefined, { ids: ids.staffRole })
      expect(withChildren.json().msg).toBe('请先删除子节点!')
      const [clerk] = await t.database.db.select().from(role).where(eq(role.roleAlias, 'clerk'))
      await t.database.db
        .insert(roleMenu)
        .values({ id: nextId(), roleId: clerk!.id, menuId: menuId.get('system')! })
      const res = await post('role/remove', parkAdmin, undefined, { ids: clerk!.id })
      expect(res.statusCode, res.body).toBe(200)
      expect(await menusOf(clerk!.id)).toEqual([])
      const held = await post('role/remove', parkAdmin, undefined, { ids: ids.managerRole })
      expect(held.json().msg).toBe('请先解除用户与该角色的关联!')
      expect((await post('role/remove', parkAdmin, undefined, { ids: ids.platformRole })).statusCode).toBe(
        404,
      )
    })
  })

  describe('scope definitions (data-scope, api-scope)', () => {
    it('the administrator defines scopes per menu; tenants read but cannot write them', async () => {
      const body = {
        menuId: menuId.get('user'),
        resourceCode: 'user',
        scopeName: '本部门',
        scopeColumn: 'create_dept',
        scopeType: 3,
      }
      expect((await post('data-scope/submit', admin, body)).statusCode).toBe(200)
      const listed = (await get('data-scope/list', parkAdmin, { menuId: menuId.get('user')! })).json().data
      expect(listed.records).toMatchObject([
        { scopeName: '本部门', scopeType: 3, scopeColumn: 'create_dept' },
      ])
      expect((await get('data-scope/detail', parkAdmin, { id: listed.records[0].id })).statusCode).toBe(200)
      expect((await post('data-scope/submit', parkAdmin, { ...body, scopeName: 'x' })).statusCode).toBe(403)
      const api = {
        menuId: menuId.get('user'),
        resourceCode: 'user',
        scopeName: '用户列表',
        scopePath: '/blade-user/list',
      }
      expect((await post('api-scope/submit', admin, api)).statusCode).toBe(200)
      expect(
        (await get('api-scope/list', parkAdmin, { menuId: menuId.get('user')! })).json().data.total,
      ).toBe(1)
      expect((await post('api-scope/submit', admin, { ...api, scopePath: '' })).statusCode).toBe(400)
    })

    it('a custom data scope must be a structured rule, never SQL', async () => {
      const base = { menuId: menuId.get('user'), resourceCode: 'user', scopeName: 'custom', scopeType: 5 }
      const sql = await post('data-scope/submit', admin, { ...base, scopeValue: 'create_dept = 1 or 1=1' })
      expect(sql.statusCode).toBe(400)
      const badColumn = await post('data-scope/submit', admin, {
        ...base,
        scopeValue: JSON.stringify([{ column: 'x; drop table', op: 'eq', values: ['1'] }]),
      })
      expect(badColumn.statusCode).toBe(400)
      const badPlaceholder = await post('data-scope/submit', admin, {
        ...base,
        scopeValue: JSON.stringify([{ column: 'create_user', op: 'eq', values: [`\${password}`] }]),
      })
      expect(badPlaceholder.statusCode).toBe(400)
      const good = await post('data-scope/submit', admin, {
        ...base,
        scopeValue: JSON.stringify([{ column: 'create_user', op: 'eq', values: [`\${userId}`] }]),
      })
      expect(good.statusCode).toBe(200)
      expect((await post('data-scope/submit', admin, { ...base, scopeColumn: 'a b' })).statusCode).toBe(400)
    })
  })

  describe('grant', () => {
    const grant = (headers: Headers, body: object) => post('role/grant', headers, body)

    it('grant-tree shows what the caller may grant; role-tree-keys what a role holds', async () => {
      const tree = (await get('menu/grant-tree', parkAdmin)).json().data
      const menus = titles(tree.menu)
      expect(menus).toEqual(expect.arrayContaining(['系统管理', '用户管理', '角色管理', '新增']))
      expect(menus).not.toContain('字典管理') // a platform screen the park admin does not hold
      expect(titles(tree.dataScope)).toEqual(expect.arrayContaining(['用户管理', '本部门']))
      expect(titles(tree.apiScope)).toContain('用户列表')
      const all = titles((await get('menu/grant-tree', admin)).json().data.menu)
      expect(all).toContain('字典管理')
      const keys = (await get('menu/role-tree-keys', parkAdmin, { roleIds: ids.staffRole })).json().data
      expect(keys.menu.sort()).toEqual((await menusOf(ids.staffRole)).sort())
      expect(keys).toMatchObject({ dataScope: [], apiScope: [] })
      const foreign = (await get('menu/role-tree-keys', parkAdmin, { roleIds: ids.platformRole })).json().data
      expect(foreign).toEqual({ menu: [], dataScope: [], apiScope: [], menuApp: [] })
    })

    it('rewrites menus and scopes in one go, trims child roles, and takes effect at once', async () => {
      const db = t.database.db
      const [guard] = await db.select().from(role).where(eq(role.roleAlias, 'guard'))
      await db.insert(roleMenu).values(
        codes('system', 'param', 'param_view', 'user').map((m) => ({
          id: nextId(),
          roleId: guard!.id,
          menuId: m,
        })),
      )
      const before = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/page', headers: staff })
      expect(before.statusCode).toBe(403)
      const [scope] = await db.select().from(scopeData).where(eq(scopeData.scopeName, '本部门'))
      const res = await grant(parkAdmin, {
        roleIds: [ids.staffRole],
        menuIds: codes('system', 'user', 'user_view'),
        menuAppIds: [],
        dataScopeIds: [scope!.id],
        apiScopeIds: [],
      })
      expect(res.json()).toMatchObject({ code: 200, success: true })
      expect(await menusOf(ids.staffRole)).toEqual(codes('system', 'user', 'user_view').sort())
      // the child keeps only what its parent now has
      expect(await menusOf(guard!.id)).toEqual(codes('system', 'user').sort())
      const scopes = await db.select().from(roleScope).where(eq(roleScope.roleId, ids.staffRole))
      expect(scopes).toMatchObject([{ scopeId: scope!.id, scopeCategory: 1 }])
      // cached permission codes were dropped: the new button works without signing in again
      const after = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/page', headers: staff })
      expect(after.statusCode).toBe(200)
      const keys = (await get('menu/role-tree-keys', parkAdmin, { roleIds: ids.staffRole })).json().data
      expect(keys.dataScope).toEqual([scope!.id])
    })

    it('refuses admin and administrator roles to whoever is not one, with BladeX messages', async () => {
      const toAdmin = await grant(manager, { roleIds: [ids.parkAdminRole], menuIds: codes('system') })
      expect(toAdmin.statusCode).toBe(400)
      expect(toAdmin.json().msg).toBe('无权配置管理员角色!')
      const superId = nextId()
      await t.database.db
        .insert(role)
        .values({ id: superId, tenantId: '100001', roleName: 'fake', roleAlias: 'administrator' })
      const toSuper = await grant(parkAdmin, { roleIds: [superId], menuIds: [] })
      expect(toSuper.json().msg).toBe('无权配置超管角色!')
      expect(await menusOf(ids.parkAdminRole)).toContain(menuId.get('role_grant'))
    })

    it("refuses menus the caller does not hold, another tenant's roles, bad bodies and callers without role_grant", async () => {
      const staffBefore = await menusOf(ids.staffRole)
      const notHeld = await grant(parkAdmin, { roleIds: [ids.staffRole], menuIds: codes('dict') })
      expect(notHeld.statusCode).toBe(400)
      const byManager = await grant(manager, {
        roleIds: [ids.staffRole],
        menuIds: codes('system', 'user_add'),
      })
      expect(byManager.statusCode).toBe(400) // the manager does not hold user_add
      expect((await grant(parkAdmin, { roleIds: [ids.platformRole], menuIds: [] })).statusCode).toBe(404)
      expect((await grant(parkAdmin, { roleIds: [], menuIds: [] })).statusCode).toBe(400)
      expect((await grant(parkAdmin, { roleIds: ['x'], menuIds: [] })).statusCode).toBe(400)
      expect((await grant(staff, { roleIds: [ids.staffRole], menuIds: [] })).statusCode).toBe(403)
      expect(await menusOf(ids.staffRole)).toEqual(staffBefore)
      const platformMenus = await t.database.db
        .select()
        .from(roleMenu)
        .where(inArray(roleMenu.roleId, [ids.platformRole]))
      expect(platformMenus).toHaveLength(0) // the administrator holds everything without rows
    })

    it('the administrator may grant any menu to a park role', async () => {
      const res = await grant(admin, {
        roleIds: [ids.staffRole],
        menuIds: codes('system', 'dict', 'dict_view'),
      })
      expect(res.statusCode, res.body).toBe(200)
      const [row] = await t.database.db
        .select()
        .from(roleMenu)
        .where(and(eq(roleMenu.roleId, ids.staffRole), eq(roleMenu.menuId, menuId.get('dict')!)))
      expect(row).toBeDefined()
    })
  })
})

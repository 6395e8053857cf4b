import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, user } from '../../compose/schema.js'
import { bearer, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { hashPassword, md5 } from '../auth/passwords.js'
import { nextId } from '../ids.js'
import { countStatement } from '../query/forms.js'
import { selectPage } from '../query/index.js'
import { scoped } from '../tenancy.js'
import { matchIds } from './data-scope.js'

/**
 * Data scope and API scope, proven through the real user resource (`blade-user`, resource code
 * `user`) with a park user whose role carries each kind of rule in turn.
 */

type Headers = Record<string, string>
const TENANT = '100001'

describe('data scope and API scope on blade-user', () => {
  let t: TestContext
  let viewer: Headers
  let parkAdmin: Headers
  let scopedRole: string
  let viewerId: string
  let userMenu: string
  const dept = { root: '', child: '', grandchild: '', other: '' }
  const target: Record<'u1' | 'u2' | 'u3' | 'u4', string> = { u1: '', u2: '', u3: '', u4: '' }

  const visible = async (headers: Headers = viewer): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/page',
      query: { size: '100', account_likeright: 'scope-' },
      headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json().data.records as { account: string }[]).map((r) => r.account).sort()
  }

  /** Give the scoped role exactly these data rules (and drop cached lookups the way a grant does). */
  const rules = async (...defs: { scopeType: number; scopeColumn?: string; scopeValue?: string }[]) => {
    const db = t.database.db
    await db.delete(roleScope).where(and(eq(roleScope.roleId, scopedRole), eq(roleScope.scopeCategory, 1)))
    for (const d of defs) {
      const id = nextId()
      await db.insert(scopeData).values({
        id,
        menuId: userMenu,
        resourceCode: 'user',
        scopeName: `rule ${d.scopeType}`,
        scopeType: d.scopeType,
        scopeColumn: d.scopeColumn ?? 'create_dept',
        scopeValue: d.scopeValue ?? '',
      })
      await db.insert(roleScope).values({ id: nextId(), roleId: scopedRole, scopeId: id, scopeCategory: 1 })
    }
    await t.cache.clearPrefix('sys:')
  }

  beforeAll(async () => {
    t = await startTestApp()
    const db = t.database.db
    parkAdmin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    const { dept: deptTable } = await import('../../compose/schema.js')
    const [root] = await db
      .select()
      .from(deptTable)
      .where(and(eq(deptTable.tenantId, TENANT), eq(deptTable.parentId, '0')))
    const [child] = await db.select().from(deptTable).where(eq(deptTable.parentId, root!.id))
    dept.root = root!.id
    dept.child = child!.id
    dept.grandchild = nextId()
    dept.other = nextId()
    await db.insert(deptTable).values([
      {
        id: dept.grandchild,
        tenantId: TENANT,
        parentId: dept.child,
        ancestors: `0,${dept.root},${dept.child}`,
        deptName: 'grandchild',
      },
      { id: dept.other, tenantId: TENANT, deptName: 'other' },
    ])

    scopedRole = nextId()
    await db
      .insert(role)
      .values({ id: scopedRole, tenantId: TENANT, roleName: 'scoped', roleAlias: 'scoped' })
    const menus = await db
      .select()
      .from(menu)
      .where(inArray(menu.code, ['system', 'user', 'user_view', 'user_edit']))
    userMenu = menus.find((m) => m.code === 'user')!.id
    await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: scopedRole, menuId: m.id })))

    const password = await hashPassword(md5(DEMO_PASSWORD))
    viewerId = nextId()
    const base = { tenantId: TENANT, password, realName: 'x', roleId: scopedRole }
    await db.insert(user).values({ ...base, id: viewerId, account: 'scope-viewer', deptId: dept.child })
    const other = nextId()
    const rows = [
      { key: 'u1', createUser: viewerId, createDept: dept.other, deptId: dept.other },
      { key: 'u2', createUser: other, createDept: dept.child, deptId: `${dept.other},${dept.child}` },
      { key: 'u3', createUser: other, createDept: dept.grandchild, deptId: dept.grandchild },
      { key: 'u4', createUser: other, createDept: dept.other, deptId: dept.other },
    ] as const
    for (const r of rows) {
      target[r.key] = nextId()
      await db.insert(user).values({
        ...base,
        id: target[r.key],
        account: `scope-${r.key}`,
        createUser: r.createUser,
        createDept: r.createDept,
        deptId: r.deptId,
        roleId: '',
      })
    }
    viewer = bearer(await signIn(t.app, { tenantId: TENANT, account: 'scope-viewer' }))
  })
  afterAll(() => t.close())

  it('without a rule for the resource, nothing is narrowed', async () => {
    await rules()
    expect(await visible()).toEqual(['scope-u1', 'scope-u2', 'scope-u3', 'scope-u4', 'scope-viewer'])
  })

  it('type 1 (all) sees every user of the tenant', async () => {
    await rules({ scopeType: 1 })
    expect(await visible()).toHaveLength(5)
  })

  it('type 2 (own) sees the rows it created', async () => {
    await rules({ scopeType: 2, scopeColumn: 'create_user' })
    expect(await visible()).toEqual(['scope-u1'])
  })

  it('type 3 (own dept) sees rows of its dept only', async () => {
    await rules({ scopeType: 3 })
    expect(await visible()).toEqual(['scope-u2'])
  })

  it('type 4 (own dept and children) adds the descendants', async () => {
    await rules({ scopeType: 4 })
    expect(await visible()).toEqual(['scope-u2', 'scope-u3'])
  })

  it('a text column holding comma-joined dept ids matches any of them', async () => {
    await rules({ scopeType: 3, scopeColumn: 'dept_id' })
    expect(await visible()).toEqual(['scope-u2', 'scope-viewer'])
  })

  it('type 4 on the comma-joined dept_id column joins blade_user_dept with the subtree', async () => {
    await rules({ scopeType: 4, scopeColumn: 'dept_id' })
    expect(await visible()).toEqual(['scope-u2', 'scope-u3', 'scope-viewer'])
  })

  it('a dept written after the subtree was cached is in scope at once (dept writes drop the cache)', async () => {
    await rules({ scopeType: 4 })
    expect(await visible()).toEqual(['scope-u2', 'scope-u3'])
    const made = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-system/dept/submit',
      headers: parkAdmin,
      payload: { parentId: dept.grandchild, deptName: 'great-grandchild' },
    })
    expect(made.statusCode, made.body).toBe(200)
    const db = t.database.db
    const { dept: deptTable } = await import('../../compose/schema.js')
    const [great] = await db.select().from(deptTable).where(eq(deptTable.deptName, 'great-grandchild'))
    await db.insert(user).values({
      id: nextId(),
      tenantId: TENANT,
      account: 'scope-u5',
      password: 'x',
      createDept: great!.id,
      deptId: great!.id,
    })
    expect(await visible()).toEqual(['scope-u2', 'scope-u3', 'scope-u5'])
    await db.delete(user).where(eq(user.account, 'scope-u5'))
  })

  it('a text column with a link table and without one answer the same rows', async () => {
    const { userDept } = await import('../../compose/schema.js')
    const links = [{ column: user.deptId, owner: userDept.userId, value: userDept.deptId }]
    const rows = async (linked: boolean) =>
      (
        await t.database.db
          .select({ account: user.account })
          .from(user)
          .where(matchIds(user.deptId, [dept.other, dept.grandchild], linked ? { links } : {}))
      )
        .map((r) => r.account)
        .sort()
    expect(await rows(true)).toEqual(['scope-u1', 'scope-u2', 'scope-u3', 'scope-u4'])
    expect(await rows(false)).toEqual(await rows(true))
  })

  it("a linked scope's total, counted from the link table alone, is the users' own count", async () => {
    const { userDept } = await import('../../compose/schema.js')
    const db = t.database.db
    const links = [
      { column: user.deptId, owner: userDept.userId, value: userDept.deptId, tenant: userDept.tenantId },
    ]
    const inDepts = [dept.other, dept.grandchild]
    // what the link must not count: a deleted user in scope, and a user of another tenant in the same dept
    const deleted = nextId()
    const foreign = nextId()
    await db.insert(user).values([
      {
        id: deleted,
        tenantId: TENANT,
        account: 'scope-gone',
        password: 'x',
        deptId: dept.other,
        isDeleted: 1,
      },
      { id: foreign, tenantId: '000000', account: 'scope-foreign', password: 'x', deptId: dept.grandchild },
    ])
    try {
      const where = () => scoped(user, { tenantId: TENANT }, matchIds(user.deptId, inDepts, { links }))
      const [{ n: want } = { n: -1 }] = await db.select({ n: count() }).from(user).where(where())
      expect(countStatement(where())).toBeDefined()
      // the walk (large form) with the total counted: the link table's statement answers it
      const page = await selectPage(db, {
        table: user,
        where: where(),
        orderBy: [desc(user.id)],
        paging: { current: 1, size: 2, offset: 0 },
        linkedOnePassMax: -1,
      })
      expect(page.total).toBe(want)
      expect(want).toBe(4)
      // with another condition beside it, the link cannot answer alone: counted in blade_user
      const narrower = scoped(
        user,
        { tenantId: TENANT },
        matchIds(user.deptId, inDepts, { links }),
        eq(user.createUser, viewerId),
      )
      expect(countStatement(narrower)).toBeUndefined()
    } finally {
      await db.delete(user).where(inArray(user.id, [deleted, foreign]))
    }
  })

  it('type 5 (custom) applies a structured rule with literal ids and placeholders', async () => {
    await rules({
      scopeType: 5,
      scopeValue: JSON.stringify([{ column: 'create_dept', op: 'in', values: [dept.other] }]),
    })
    expect(await visible()).toEqual(['scope-u1', 'scope-u4'])
    await rules({
      scopeType: 5,
      scopeValue: JSON.stringify([
        { column: 'create_dept', op: 'in', values: [dept.other] },
        { column: 'createUser', op: 'eq', values: [`\${userId}`] },
      ]),
    })
    expect(await visible()).toEqual(['scope-u1'])
  })

  it('a rule that does not fit the table shows nothing (fails closed), never an error', async () => {
    await rules({ scopeType: 3, scopeColumn: 'no_such_column' })
    expect(await visible()).toEqual([])
    await rules({ scopeType: 5, scopeValue: 'create_dept = 1 or 1=1' })
    expect(await visible()).toEqual([])
  })

  it('rules of the roles are ORed: the widest wins', async () => {
    await rules({ scopeType: 2, scopeColumn: 'create_user' }, { scopeType: 3 })
    expect(await visible()).toEqual(['scope-u1', 'scope-u2'])
  })

  it('narrows detail and writes too: a row outside the scope is not there', async () => {
    await rules({ scopeType: 3 })
    const detail = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-user/detail',
      query: { id: target.u4 },
      headers: viewer,
    })
    expect(detail.statusCode).toBe(404)
    const update = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update',
      payload: { id: target.u4, realName: 'changed' },
      headers: viewer,
    })
    expect(update.statusCode).toBe(404)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, target.u4))
    expect(row!.realName).toBe('x')
    const inside = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update',
      payload: { id: target.u2, realName: 'changed' },
      headers: viewer,
    })
    expect(inside.statusCode).toBe(200)
  })

  it('the tenant admin bypasses data scope', async () => {
    const [adminRole] = await t.database.db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, TENANT), eq(role.roleAlias, 'admin')))
    const [rule] = await t.database.db.select().from(scopeData).limit(1)
    await t.database.db
      .insert(roleScope)
      .values({ id: nextId(), roleId: adminRole!.id, scopeId: rule!.id, scopeCategory: 1 })
    await t.cache.clearPrefix('sys:')
    expect(await visible(parkAdmin)).toHaveLength(5)
  })

  describe('API scope', () => {
    const page = (headers: Headers, query: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/page', query, headers })
    const detail = (headers: Headers, query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/detail', query, headers })

    it('leaves a path open while no API scope mentions it', async () => {
      await rules()
      expect((await page(viewer)).statusCode).toBe(200)
    })

    it('refuses a controlled path to a role not granted it, and allows it once granted', async () => {
      const pageScope = nextId()
      const detailScope = nextId()
      const common = { menuId: userMenu, resourceCode: 'user' }
      await t.database.db.insert(scopeApi).values([
        { ...common, id: pageScope, scopeName: 'user page', scopePath: '/blade-user/page' },
        { ...common, id: detailScope, scopeName: 'user detail', scopePath: '/blade-user/detail' },
      ])
      await t.cache.clearPrefix('sys:')
      const refused = await page(viewer)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().msg).toBe('缺少接口权限')
      // the tenant admin bypasses
      expect((await page(parkAdmin)).statusCode).toBe(200)

      // grant the page path through role/grant, as the console does
      const grant = await t.app.inject({
        method: 'POST',
        url: '/xparkApi/blade-system/role/grant',
        headers: parkAdmin,
        payload: {
          roleIds: [scopedRole],
          menuIds: (await t.database.db.select().from(roleMenu).where(eq(roleMenu.roleId, scopedRole))).map(
            (r) => r.menuId,
          ),
          dataScopeIds: [],
          apiScopeIds: [pageScope],
        },
      })
      expect(grant.statusCode, grant.body).toBe(200)
      expect((await page(viewer)).statusCode).toBe(200)
      // the route pattern is matched, not the raw URL: a query string cannot borrow a granted path
      const smuggled = await detail(viewer, { id: target.u1, x: '/blade-user/page' })
      expect(smuggled.statusCode).toBe(403)
    })
  })
})

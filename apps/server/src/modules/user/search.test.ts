import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  DEMO_PASSWORD,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { user } from '../identity/index.js'
import { dept } from '../org/index.js'

type Picked = { id: string; account: string; realName: string; deptName: string; phone: string }

describe('pickers: blade-user/search/user and blade-system/search/{role,dept,post}', () => {
  let t: TestContext
  let parkAdmin: Headers
  let staff: Headers
  let platform: Headers
  let root = ''
  let child = ''

  const users = resourceCalls(() => t, '/xparkApi/blade-user')
  const system = resourceCalls(() => t, '/xparkApi/blade-system')
  const search = (headers: Headers, query: Record<string, string> = {}) =>
    users.get('search/user', headers, query)
  const deptId = async (tenantId: string, deptName: string) =>
    (
      await t.database.db
        .select({ id: dept.id })
        .from(dept)
        .where(and(eq(dept.tenantId, tenantId), eq(dept.deptName, deptName)))
    )[0]!.id
  const userCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]!.n

  beforeAll(async () => {
    t = await startTestApp()
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
    root = await deptId('100001', '示范园区')
    child = await deptId('100001', '运营部')
    // the depts as the org seed makes them: the property demo's communities (category 社区) set aside
    await t.database.db.delete(dept).where(and(eq(dept.tenantId, '100001'), eq(dept.deptCategory, 4)))
    const roleId = (
      (await system.get('search/role', parkAdmin, { roleName: '职员' })).json().data as Picked[]
    )[0]!.id
    for (const [account, realName, phone, dept] of [
      ['lisi', '李四', '13700000001', child],
      ['wangwu', '王五', '13700000002', root],
    ] as const) {
      const res = await users.post('submit', parkAdmin, {
        account,
        realName,
        phone,
        deptId: dept,
        roleId,
        passwordPlain: DEMO_PASSWORD,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
  })
  afterAll(() => t.close())

  describe('search/user', () => {
    it('a user_view holder pages the picker fields, 10 per page, never a password; others are refused', async () => {
      // every phone number of the tenant: not for whoever is signed in (issue 7)
      const refused = await search(staff)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().msg).toBe('缺少权限: user_view')
      const res = await search(parkAdmin)
      expect(res.statusCode).toBe(200)
      const data = res.json().data as { records: Picked[]; total: number; size: number; current: number }
      expect(data).toMatchObject({ total: 4, size: 10, current: 1 })
      expect(data.records.map((r) => r.account).sort()).toEqual(['admin', 'lisi', 'staff', 'wangwu'])
      for (const r of data.records)
        expect(Object.keys(r).sort()).toEqual(['account', 'deptId', 'deptName', 'id', 'phone', 'realName'])
      expect(data.records.find((r) => r.account === 'lisi')).toMatchObject({
        realName: '李四',
        deptName: '运营部',
        phone: '13700000001',
      })
      expect(res.body).not.toMatch(/password|argon2/i)
    })

    it('filters by name, phone and dept (the dept and its children), and pages', async () => {
      const accounts = async (query: Record<string, string>) =>
        ((await search(parkAdmin, query)).json().data.records as Picked[]).map((r) => r.account).sort()
      expect(await accounts({ realName: '李' })).toEqual(['lisi'])
      expect(await accounts({ name: '职员' })).toEqual(['staff'])
      expect(await accounts({ phone: '1370000' })).toEqual(['lisi', 'wangwu'])
      expect(await accounts({ deptId: child })).toEqual(['lisi'])
      expect(await accounts({ deptId: root })).toEqual(['admin', 'lisi', 'staff', 'wangwu'])
      expect(await accounts({ realName: '', phone: '', deptId: '' })).toHaveLength(4)
      // % and _ match themselves
      expect(await accounts({ realName: '%' })).toEqual([])
      const second = (await search(parkAdmin, { size: '3', current: '2' })).json().data
      expect(second).toMatchObject({ total: 4, size: 3, current: 2, pages: 2 })
      expect(second.records).toHaveLength(1)
      const past = (await search(parkAdmin, { size: '3', current: '9' })).json().data
      expect(past).toMatchObject({ total: 4, records: [] })
    })

    it('bad parameters answer 400; no token 401', async () => {
      for (const query of [{ deptId: 'abc' }, { size: '0' }, { current: 'x' }, { size: '100000' }] as Record<
        string,
        string
      >[])
        expect((await search(parkAdmin, query)).statusCode, JSON.stringify(query)).toBe(400)
      expect((await search({})).statusCode).toBe(401)
    })

    it('another tenant is invisible, even by its dept id', async () => {
      const mine = (await search(platform)).json().data.records as Picked[]
      expect(mine.map((r) => r.account)).toEqual(['admin'])
      expect((await search(platform, { deptId: child })).json().data.records).toEqual([])
      expect((await search(platform, { realName: '李四' })).json().data.records).toEqual([])
      expect(
        (await search(parkAdmin, { deptId: await deptId('000000', 'xpark 平台') })).json().data,
      ).toMatchObject({ total: 0, records: [] })
    })

    it('a search writes nothing', async () => {
      const before = await userCount()
      await search(parkAdmin, { realName: '李' })
      expect(await userCount()).toBe(before)
    })
  })

  describe('search/role, search/dept, search/post', () => {
    it('list the tenant rows matching a name, with id and name fields (the user screen and their own screens)', async () => {
      // pickers of the user form: not for a caller with neither screen
      for (const what of ['role', 'dept', 'post'])
        expect((await system.get(`search/${what}`, staff)).statusCode).toBe(403)
      const reader = parkAdmin
      const roles = (await system.get('search/role', reader)).json().data
      expect(roles.map((r: { roleName: string }) => r.roleName)).toEqual(['管理员', '园区职员', '访客'])
      expect(Object.keys(roles[0]).sort()).toEqual(['id', 'parentId', 'roleAlias', 'roleName'])
      expect((await system.get('search/role', reader, { roleName: '职员' })).json().data).toMatchObject([
        { roleName: '园区职员', roleAlias: 'staff' },
      ])

      const depts = (await system.get('search/dept', reader, { deptName: '运营' })).json().data
      expect(depts).toEqual([{ id: child, parentId: root, deptName: '运营部', fullName: '示范园区运营部' }])
      const children = (await system.get('search/dept', reader, { parentId: root })).json().data
      expect(children.map((d: { id: string }) => d.id)).toEqual([child])
      expect((await system.get('search/dept', reader)).json().data).toHaveLength(2)

      const posts = (await system.get('search/post', reader, { postName: '经理' })).json().data
      expect(posts.map((p: { postName: string }) => p.postName)).toEqual(['技术经理', '人力经理'])
      expect(Object.keys(posts[0]).sort()).toEqual(['category', 'id', 'postCode', 'postName'])
    })

    it('another tenant is invisible', async () => {
      expect(
        (await system.get('search/role', platform))
          .json()
          .data.map((r: { roleAlias: string }) => r.roleAlias),
      ).toEqual(['administrator'])
      expect((await system.get('search/dept', platform, { deptName: '运营' })).json().data).toEqual([])
      expect((await system.get('search/dept', platform, { parentId: root })).json().data).toEqual([])
      const parkPosts = (await system.get('search/post', parkAdmin)).json().data as { id: string }[]
      const platformPosts = (await system.get('search/post', platform)).json().data as { id: string }[]
      expect(platformPosts).toHaveLength(parkPosts.length)
      expect(platformPosts.filter((p) => parkPosts.some((q) => q.id === p.id))).toEqual([])
    })

    it('bad parameters answer 400; no token 401', async () => {
      expect((await system.get('search/role', parkAdmin, { parentId: 'x' })).statusCode).toBe(400)
      expect((await system.get('search/dept', parkAdmin, { parentId: '-1' })).statusCode).toBe(400)
      expect((await system.get('search/post', parkAdmin, { postName: 'x'.repeat(65) })).statusCode).toBe(400)
      for (const what of ['role', 'dept', 'post'])
        expect((await system.get(`search/${what}`, {})).statusCode).toBe(401)
    })
  })
})

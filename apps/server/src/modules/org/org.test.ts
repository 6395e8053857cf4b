import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { dept, post } from './schema.js'

type Headers = Record<string, string>
type Node = { id: string; parentId: string; deptName?: string; title?: string; children?: Node[] }

describe('departments and posts (blade-system/dept, blade-system/post)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers
  let parkRoot: string
  let parkChild: string
  let platformDept: string

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/xparkApi/blade-system/${url}`, query, headers })
  const post_ = (url: string, headers: Headers, payload?: object, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/xparkApi/blade-system/${url}`,
      query,
      headers,
      ...(payload ? { payload } : {}),
    })
  const deptRow = async (id: string) => (await t.database.db.select().from(dept).where(eq(dept.id, id)))[0]!
  const deptByName = async (deptName: string) =>
    (
      await t.database.db
        .select()
        .from(dept)
        .where(and(eq(dept.deptName, deptName), eq(dept.isDeleted, 0)))
    )[0]
  const deptCount = async () => (await t.database.db.select({ n: count() }).from(dept))[0]!.n

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    parkRoot = (await deptByName('示范园区'))!.id
    parkChild = (await deptByName('运营部'))!.id
    platformDept = (await deptByName('xpark 平台'))!.id
    // the tree as the org seed makes it: the property module's demo communities (depts of category
    // 社区 under the park's root) are another module's, set aside here
    await t.database.db.delete(dept).where(and(eq(dept.tenantId, '100001'), eq(dept.deptCategory, 4)))
  })
  afterAll(() => t.close())

  describe('dept', () => {
    it('lists the tenant tree (not paged), with children and hasChildren', async () => {
      const res = await get('dept/list', parkAdmin)
      expect(res.statusCode).toBe(200)
      const tree = res.json().data as (Node & { hasChildren: boolean })[]
      expect(tree.map((n) => n.deptName)).toEqual(['示范园区'])
      expect(tree[0]).toMatchObject({
        hasChildren: true,
        children: [{ deptName: '运营部', parentName: '示范园区' }],
      })
      const platform = (await get('dept/list', admin)).json().data as Node[]
      expect(platform.map((n) => n.deptName)).toEqual(['xpark 平台'])
    })

    it('filters the list by name', async () => {
      const tree = (await get('dept/list', parkAdmin, { deptName: '运营' })).json().data as Node[]
      expect(tree.map((n) => n.deptName)).toEqual(['运营部'])
    })

    it('lazy-list gives one level with hasChildren', async () => {
      const roots = (await get('dept/lazy-list', parkAdmin)).json().data
      expect(roots).toMatchObject([{ id: parkRoot, deptName: '示范园区', hasChildren: true }])
      const children = (await get('dept/lazy-list', parkAdmin, { parentId: parkRoot })).json().data
      expect(children).toMatchObject([{ id: parkChild, hasChildren: false }])
    })

    it('lazy-list with a search answers the matching depts at any level', async () => {
      const found = (await get('dept/lazy-list', parkAdmin, { deptName: '运营' })).json().data
      expect(found).toMatchObject([{ id: parkChild, deptName: '运营部' }])
      expect((await get('dept/lazy-list', parkAdmin, { deptName: '不存在的部门' })).json().data).toEqual([])
    })

    it('tree answers TreeNodes; another tenant only for the administrator', async () => {
      const tree = (await get('dept/tree', parkAdmin)).json().data
      expect(tree).toEqual([
        {
          id: parkRoot,
          parentId: '0',
          title: '示范园区',
          key: parkRoot,
          value: parkRoot,
          hasChildren: true,
          children: [
            {
              id: parkChild,
              parentId: parkRoot,
              title: '运营部',
              key: parkChild,
              value: parkChild,
              hasChildren: false,
            },
          ],
        },
      ])
      expect((await get('dept/tree', parkAdmin, { tenantId: '000000' })).statusCode).toBe(403)
      const other = (await get('dept/tree', admin, { tenantId: '100001' })).json().data
      expect(other[0].id).toBe(parkRoot)
      const lazy = (await get('dept/lazy-tree', parkAdmin, { parentId: parkRoot })).json().data
      expect(lazy).toEqual([
        {
          id: parkChild,
          parentId: parkRoot,
          title: '运营部',
          key: parkChild,
          value: parkChild,
          hasChildren: false,
        },
      ])
      const select = (await get('dept/select', parkAdmin)).json().data as Node[]
      expect(select.map((d) => d.id).sort()).toEqual([parkRoot, parkChild].sort())
    })

    it('submit keeps ancestors, moves descendants with their parent and refuses cycles', async () => {
      const a = await post_('dept/submit', parkAdmin, { parentId: parkChild, deptName: 'A', sort: 1 })
      expect(a.statusCode, a.body).toBe(200)
      const aRow = (await deptByName('A'))!
      expect(aRow.ancestors).toBe(`0,${parkRoot},${parkChild}`)
      await post_('dept/submit', parkAdmin, { parentId: aRow.id, deptName: 'B' })
      const bRow = (await deptByName('B'))!
      expect(bRow.ancestors).toBe(`0,${parkRoot},${parkChild},${aRow.id}`)

      // move A under the root: B follows
      const move = await post_('dept/submit', parkAdmin, { ...aRow, parentId: parkRoot })
      expect(move.statusCode, move.body).toBe(200)
      expect((await deptRow(aRow.id)).ancestors).toBe(`0,${parkRoot}`)
      expect((await deptRow(bRow.id)).ancestors).toBe(`0,${parkRoot},${aRow.id}`)

      // A under its own child B: a cycle
      const cycle = await post_('dept/submit', parkAdmin, { id: aRow.id, parentId: bRow.id, deptName: 'A' })
      expect(cycle.statusCode).toBe(400)
      expect(cycle.json().msg).toBe('上级机构不能是自身或其下级')
      const self = await post_('dept/submit', parkAdmin, { id: aRow.id, parentId: aRow.id, deptName: 'A' })
      expect(self.statusCode).toBe(400)
      expect((await deptRow(aRow.id)).parentId).toBe(parkRoot)
    })

    it("refuses a parent of another tenant, and cannot see or change the other tenant's depts", async () => {
      const before = await deptCount()
      const foreign = await post_('dept/submit', parkAdmin, { parentId: platformDept, deptName: 'intruder' })
      expect(foreign.statusCode).toBe(400)
      expect(foreign.json().msg).toBe('上级机构不存在')
      expect((await get('dept/detail', parkAdmin, { id: platformDept })).statusCode).toBe(404)
      expect(
        (await post_('dept/submit', parkAdmin, { id: platformDept, deptName: 'taken' })).statusCode,
      ).toBe(404)
      expect((await post_('dept/remove', parkAdmin, undefined, { ids: platformDept })).statusCode).toBe(404)
      expect((await get('dept/lazy-list', parkAdmin, { parentId: platformDept })).json().data).toEqual([])
      expect((await deptRow(platformDept)).deptName).toBe('xpark 平台')
      expect(await deptCount()).toBe(before)
    })

    it('a bad body is 400 and writes nothing; staff without dept_add is refused', async () => {
      const before = await deptCount()
      const missing = await post_('dept/submit', parkAdmin, { parentId: parkRoot })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().msg).toContain('please enter dept name')
      expect((await post_('dept/submit', parkAdmin, { deptName: 'x', parentId: 'abc' })).statusCode).toBe(400)
      expect((await post_('dept/submit', parkAdmin, { deptName: 'x', deptCategory: 9 })).statusCode).toBe(400)
      const denied = await post_('dept/submit', staff, { deptName: 'by staff' })
      expect(denied.statusCode).toBe(403)
      expect(denied.json().msg).toContain('dept_add')
      expect((await post_('dept/remove', staff, undefined, { ids: parkChild })).statusCode).toBe(403)
      expect(await deptCount()).toBe(before)
    })

    it('remove refuses a dept with children or users, then removes a leaf', async () => {
      const withChildren = await post_('dept/remove', parkAdmin, undefined, { ids: parkRoot })
      expect(withChildren.statusCode).toBe(400)
      expect(withChildren.json().msg).toBe('请先删除子节点!')
      await post_('dept/submit', parkAdmin, { parentId: parkChild, deptName: 'leaf' })
      const leaf = (await deptByName('leaf'))!
      const res = await post_('dept/remove', parkAdmin, undefined, { ids: leaf.id })
      expect(res.json()).toMatchObject({ code: 200, success: true })
      expect((await deptRow(leaf.id)).isDeleted).toBe(1)
      // the seeded users sit in the root: emptied of children it is still refused for them
      const b = (await deptByName('B'))!
      const a = (await deptByName('A'))!
      expect((await post_('dept/remove', parkAdmin, undefined, { ids: `${b.id},${a.id}` })).statusCode).toBe(
        200,
      )
      await post_('dept/remove', parkAdmin, undefined, { ids: parkChild })
      const withUsers = await post_('dept/remove', parkAdmin, undefined, { ids: parkRoot })
      expect(withUsers.statusCode).toBe(400)
      expect(withUsers.json().msg).toBe('请先删除该机构下的用户!')
    })
  })

  describe('post', () => {
    const codes = async (headers: Headers) =>
      ((await get('post/page', headers, { size: '100' })).json().data.records as { postCode: string }[])
        .map((p) => p.postCode)
        .sort()

    it('pages the seeded posts of the tenant and offers a select list', async () => {
      expect(await codes(parkAdmin)).toEqual(['ceo', 'cfo', 'cio', 'coo', 'cto', 'hrm', 'pm', 'staff'])
      const res = await get('post/list', parkAdmin, { postName: '首席' })
      expect(res.json().data.total).toBe(5)
      const select = (await get('post/select', parkAdmin)).json().data
      expect(select).toHaveLength(8)
      expect(select[0]).toMatchObject({ postCode: 'ceo', postName: '首席执行官' })
    })

    it('submit, detail, update, remove', async () => {
      const res = await post_('post/submit', parkAdmin, { category: 4, postCode: 'guard', postName: '保安' })
      expect(res.statusCode, res.body).toBe(200)
      const [row] = (await get('post/list', parkAdmin, { postCode: 'guard' })).json().data.records
      expect(row).toMatchObject({ category: 4, postName: '保安', tenantId: '100001' })
      const detail = (await get('post/detail', parkAdmin, { id: row.id })).json().data
      expect(detail.postCode).toBe('guard')
      expect((await post_('post/submit', parkAdmin, { ...row, postName: '门卫' })).statusCode).toBe(200)
      expect((await get('post/detail', parkAdmin, { id: row.id })).json().data.postName).toBe('门卫')
      expect((await post_('post/remove', parkAdmin, undefined, { ids: row.id })).statusCode).toBe(200)
      expect((await get('post/detail', parkAdmin, { id: row.id })).statusCode).toBe(404)
    })

    it('refuses a duplicate code, a bad body, staff writes, and posts still held by users', async () => {
      const n = async () => (await t.database.db.select({ n: count() }).from(post))[0]!.n
      const before = await n()
      const dup = await post_('post/submit', parkAdmin, { category: 1, postCode: 'ceo', postName: 'x' })
      expect(dup.statusCode).toBe(400)
      expect(dup.json().msg).toContain('ceo')
      const bad = await post_('post/submit', parkAdmin, { category: 7, postCode: '', postName: 'x' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().msg).toContain('please enter post code')
      expect(
        (await post_('post/submit', staff, { category: 1, postCode: 'zz', postName: 'z' })).statusCode,
      ).toBe(403)
      expect(await n()).toBe(before)
      const [ceo] = (await get('post/list', parkAdmin, { postCode_equal: 'ceo' })).json().data.records
      const held = await post_('post/remove', parkAdmin, undefined, { ids: ceo.id })
      expect(held.statusCode).toBe(400)
    })

    it("keeps tenants apart: the platform's posts are not the park's", async () => {
      const [platformCeo] = await t.database.db
        .select()
        .from(post)
        .where(and(eq(post.tenantId, '000000'), eq(post.postCode, 'ceo')))
      expect((await get('post/detail', parkAdmin, { id: platformCeo!.id })).statusCode).toBe(404)
      expect((await post_('post/remove', parkAdmin, undefined, { ids: platformCeo!.id })).statusCode).toBe(
        404,
      )
      const park = (await get('post/page', parkAdmin, { size: '100' })).json().data.records as {
        id: string
      }[]
      expect(park.map((p) => p.id)).not.toContain(platformCeo!.id)
      expect(await codes(admin)).toContain('ceo')
    })
  })
})

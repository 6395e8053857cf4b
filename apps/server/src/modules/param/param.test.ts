import { count, eq } from 'drizzle-orm'
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
import { menu, roleMenu } from '../menu/index.js'
import { param } from './schema.js'

const BASE = '/xparkApi/blade-system/param'

describe('system parameters (blade-system/param) through the CRUD factory', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers

  const { get, post } = resourceCalls(() => t, BASE)
  const rowCount = async () =>
    (await t.database.db.select({ n: count() }).from(param).where(eq(param.isDeleted, 0)))[0]!.n
  const byKey = async (paramKey: string) =>
    (await get('list', admin, { paramKey_equal: paramKey })).json().data.records as Record<string, string>[]
  const seed = async (rows: { key: string; createTime?: Date }[]) => {
    const values = rows.map((r) => ({
      id: nextId(),
      paramName: r.key,
      paramKey: r.key,
      paramValue: 'v',
      createTime: r.createTime ?? new Date(),
    }))
    await t.database.db.insert(param).values(values)
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(() => t.close())

  it('pages the seeded parameters in the BladeX page shape', async () => {
    const res = await get('page', admin)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' })
    expect(body.data).toMatchObject({ total: 4, size: 10, current: 1, pages: 1 })
    const keys = body.data.records.map((r: { paramKey: string }) => r.paramKey)
    expect(keys).toContain('account.initPassword')
    // a module's parameter: the days the door photos are kept (visitor)
    expect(keys).toContain('visitor.photoKeepDays')
    expect(body.data.records[0].id).toMatch(/^\d+$/)
    expect(body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('filters list by paramName / paramKey (like) and drops empty values', async () => {
    const res = await get('list', admin, { paramKey: 'initPass', paramName: '', current: '1', size: '10' })
    expect(res.json().data.records).toHaveLength(1)
    expect(res.json().data.records[0].paramValue).toBe('123456')
    // `_` in a search is a character, not a wildcard
    expect((await get('list', admin, { paramKey: 'account_' })).json().data.total).toBe(0)
  })

  it('refuses a filter or sort on a field that is not whitelisted, naming it', async () => {
    const filter = await get('list', admin, { paramValue_like: '1' })
    expect(filter.statusCode).toBe(400)
    expect(filter.json().msg).toContain('paramValue_like')
    const sort = await get('page', admin, { ascs: 'paramValue' })
    expect(sort.statusCode).toBe(400)
    expect(sort.json().msg).toContain('paramValue')
    expect((await get('page', admin, { size: '1001' })).statusCode).toBe(400)
  })

  it('returns one parameter by id; an unknown id is 404 and a malformed id 400', async () => {
    const [row] = await byKey('account.failCount')
    const res = await get('detail', admin, { id: row!.id! })
    expect(res.json()).toMatchObject({ code: 200, data: { paramKey: 'account.failCount', paramValue: '5' } })
    expect((await get('detail', admin, { id: '123' })).statusCode).toBe(404)
    expect((await get('detail', admin, { id: "1' or '1'='1" })).statusCode).toBe(400)
  })

  it('submit without id inserts, with id updates', async () => {
    const insert = await post('submit', admin, {
      paramName: 'Gate open time',
      paramKey: 'gate.openSeconds',
      paramValue: '5',
    })
    expect(insert.statusCode).toBe(200)
    expect(insert.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' })
    const [created] = await byKey('gate.openSeconds')
    expect(created).toMatchObject({ paramName: 'Gate open time', paramValue: '5', remark: '' })

    // the console sends the record back as it got it: server-owned fields in it are ignored
    const update = await post('submit', admin, { ...created, paramValue: '8', isDeleted: 1, createUser: '1' })
    expect(update.json()).toMatchObject({ code: 200, success: true })
    const [updated] = await byKey('gate.openSeconds')
    expect(updated).toMatchObject({
      id: created!.id,
      paramValue: '8',
      isDeleted: 0,
      createUser: created!.createUser,
    })
  })

  it('update changes only the fields sent; save inserts', async () => {
    expect(
      (await post('save', admin, { paramName: 'n', paramKey: 'alias.save', paramValue: 'a' })).statusCode,
    ).toBe(200)
    const [row] = await byKey('alias.save')
    expect((await post('update', admin, { id: row!.id, remark: 'note' })).statusCode).toBe(200)
    expect((await byKey('alias.save'))[0]).toMatchObject({ paramName: 'n', paramValue: 'a', remark: 'note' })
  })

  it('refuses a duplicate key', async () => {
    const res = await post('submit', admin, {
      paramName: 'x',
      paramKey: 'account.failCount',
      paramValue: '1',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain('account.failCount')
  })

  it('a bad body is 400 naming the field with the spec message, and nothing is written', async () => {
    const before = await rowCount()
    const res = await post('submit', admin, { paramName: 'x', paramKey: 'bad.body', paramValue: '   ' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 400, success: false })
    expect(res.json().msg).toContain('paramValue')
    expect(res.json().msg).toContain('please enter parameter value')
    const missing = await post('submit', admin, { paramKey: 'bad.body', paramValue: 'v' })
    expect(missing.json().msg).toContain('please enter parameter name')
    expect(await rowCount()).toBe(before)
  })

  it('remove soft-deletes the listed ids; unknown or malformed ids change nothing', async () => {
    await seed([{ key: 'remove.a' }, { key: 'remove.b' }])
    const [a] = await byKey('remove.a')
    const [b] = await byKey('remove.b')
    // one unknown id among them: all or nothing
    expect((await post('remove', admin, undefined, { ids: `${a!.id},123` })).statusCode).toBe(404)
    expect(await byKey('remove.a')).toHaveLength(1)
    expect((await post('remove', admin, undefined, { ids: 'x;drop table blade_param' })).statusCode).toBe(400)

    const res = await post('remove', admin, undefined, { ids: `${a!.id},${b!.id}` })
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' })
    expect(await byKey('remove.a')).toHaveLength(0)
    expect((await get('detail', admin, { id: a!.id! })).statusCode).toBe(404)
    const [kept] = await t.database.db.select().from(param).where(eq(param.id, a!.id!))
    expect(kept?.isDeleted).toBe(1)
  })

  it('a park admin and park staff read with param_view but cannot write', async () => {
    expect((await get('page', parkAdmin)).json().data.total).toBeGreaterThanOrEqual(3)
    expect((await get('list', staff)).statusCode).toBe(200)
    const body = { paramName: 'x', paramKey: 'tenant.write', paramValue: 'v' }
    const byParkAdmin = await post('submit', parkAdmin, body)
    expect(byParkAdmin.statusCode).toBe(403)
    const byStaff = await post('submit', staff, body)
    expect(byStaff.statusCode).toBe(403)
    expect(byStaff.json().msg).toBe('仅平台管理员可以操作')
    const [row] = await byKey('account.failCount')
    expect((await post('remove', staff, undefined, { ids: row!.id! })).statusCode).toBe(403)
    expect(await byKey('tenant.write')).toHaveLength(0)
  })

  it('a tenant admin granted param_add still cannot write platform parameters (BladeX #41)', async () => {
    const db = t.database.db
    const [adminRole] = await db.select().from(role).where(eq(role.tenantId, '100001'))
    const [addButton] = await db.select().from(menu).where(eq(menu.code, 'param_add'))
    await db.insert(roleMenu).values({ id: nextId(), roleId: adminRole!.id, menuId: addButton!.id })
    // drop cached permission codes the way an operator would
    await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/clear-cache', headers: admin })
    const res = await post('submit', parkAdmin, {
      paramName: 'x',
      paramKey: 'tenant.write2',
      paramValue: 'v',
    })
    expect(res.statusCode).toBe(403)
    // refused by the administrator-only guard, not for want of the button code
    expect(res.json().msg).not.toContain('param_add')
    expect(await byKey('tenant.write2')).toHaveLength(0)
  })

  it('computes total and pages over more rows than one page; a page past the end keeps the total', async () => {
    await seed(Array.from({ length: 23 }, (_, i) => ({ key: `paging.${String(i).padStart(2, '0')}` })))
    const first = (
      await get('page', admin, { paramKey_likeright: 'paging.', size: '10', ascs: 'paramKey' })
    ).json().data
    expect(first).toMatchObject({ total: 23, size: 10, current: 1, pages: 3 })
    expect(first.records[0].paramKey).toBe('paging.00')
    const last = (
      await get('page', admin, { paramKey_likeright: 'paging.', size: '10', current: '3' })
    ).json().data
    expect(last).toMatchObject({ total: 23, current: 3, pages: 3 })
    expect(last.records).toHaveLength(3)
    const beyond = (
      await get('page', admin, { paramKey_likeright: 'paging.', size: '10', current: '9' })
    ).json().data
    expect(beyond).toMatchObject({ records: [], total: 23, pages: 3, current: 9 })
  })

  it('filters by creation date with createTime_dategt / createTime_datelt', async () => {
    await seed([
      { key: 'dated.old', createTime: new Date(2021, 0, 15, 10, 0, 0) },
      { key: 'dated.new', createTime: new Date(2021, 5, 15, 10, 0, 0) },
    ])
    const keys = async (query: Record<string, string>) =>
      (await get('list', admin, { paramKey: 'dated.', ...query }))
        .json()
        .data.records.map((r: { paramKey: string }) => r.paramKey)
    expect(await keys({ createTime_dategt: '2021-03-01' })).toEqual(['dated.new'])
    expect(await keys({ createTime_datelt: '2021-03-01 00:00:00' })).toEqual(['dated.old'])
    expect(
      await keys({ createTime_dategt: '2021-01-15 09:00:00', createTime_datelt: '2021-01-15 11:00:00' }),
    ).toEqual(['dated.old'])
    expect((await get('list', admin, { createTime_dategt: '15/01/2021' })).statusCode).toBe(400)
  })

  it('lists every route in the OpenAPI document under the param tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json()
    for (const verb of ['list', 'page', 'detail', 'remove', 'submit', 'save', 'update']) {
      const route = doc.paths[`${BASE}/${verb}`]
      expect(route, verb).toBeDefined()
      expect(Object.values(route as Record<string, { tags: string[] }>)[0]!.tags).toEqual(['param'])
    }
  })
})

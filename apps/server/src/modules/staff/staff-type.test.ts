import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { staffType } from './schema.js'

describe('staff types (blade-system/staff/type)', () => {
  let t: TestContext
  let parkAdmin: Headers
  let staff: Headers
  let platform: Headers

  const { get, post } = resourceCalls(() => t, '/xparkApi/blade-system/staff/type')
  const rows = () => t.database.db.select().from(staffType).where(eq(staffType.isDeleted, 0))
  const total = async () => (await t.database.db.select({ n: count() }).from(staffType))[0]!.n

  beforeAll(async () => {
    t = await startTestApp()
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('submit adds and edits; list, page, detail and select read the tenant’s own, by sort', async () => {
    expect((await post('submit', parkAdmin, { name: '正式员工', code: 'regular', sort: 2 })).statusCode).toBe(
      200,
    )
    expect(
      (await post('submit', parkAdmin, { name: '外包员工', code: 'outsource', sort: 1 })).statusCode,
    ).toBe(200)
    const page = (await get('page', parkAdmin, { ascs: 'sort' })).json().data
    expect(page.total).toBe(2)
    expect(page.records.map((r: { code: string }) => r.code)).toEqual(['outsource', 'regular'])
    const list = (await get('list', parkAdmin, { name: '正式' })).json().data
    expect(list.records.map((r: { code: string }) => r.code)).toEqual(['regular'])
    const id = list.records[0].id
    expect((await get('detail', parkAdmin, { id })).json().data).toMatchObject({
      name: '正式员工',
      tenantId: '100001',
    })
    expect(
      (await post('submit', parkAdmin, { id, name: '正式职工', code: 'regular', remark: '合同制' }))
        .statusCode,
    ).toBe(200)
    expect((await get('detail', parkAdmin, { id })).json().data).toMatchObject({
      name: '正式职工',
      remark: '合同制',
    })
    // select is for pickers: every signed-in user of the tenant, sort order
    const select = (await get('select', staff)).json().data
    expect(select).toEqual([
      { id: expect.any(String), name: '外包员工', code: 'outsource' },
      { id, name: '正式职工', code: 'regular' },
    ])
    // another tenant sees none of them
    expect((await get('select', platform)).json().data).toEqual([])
    expect((await get('detail', platform, { id })).statusCode).toBe(404)
  })

  it('validates: 400 with nothing written; the code is unique per tenant', async () => {
    const before = await total()
    for (const bad of [
      { name: '', code: 'a' },
      { name: '临时', code: '' },
      { name: '临时', code: 'has space' },
      { name: '临时', code: 'tmp', sort: 'x' },
      { name: 'x'.repeat(65), code: 'tmp' },
    ])
      expect((await post('submit', parkAdmin, bad)).statusCode, JSON.stringify(bad)).toBe(400)
    const dup = await post('submit', parkAdmin, { name: '重复', code: 'regular' })
    expect(dup.statusCode).toBe(400)
    expect(dup.json().msg).toBe('员工类型编号已存在: regular')
    expect(await total()).toBe(before)
    // the same code in another tenant is fine
    expect((await post('submit', platform, { name: '正式员工', code: 'regular' })).statusCode).toBe(200)
  })

  it('without the button codes: 403 and nothing written', async () => {
    const before = await total()
    expect((await post('submit', staff, { name: '实习', code: 'intern' })).statusCode).toBe(403)
    const [row] = (await rows()).filter((r) => r.tenantId === '100001')
    expect((await post('remove', staff, undefined, { ids: row!.id })).statusCode).toBe(403)
    expect((await get('page', staff)).statusCode).toBe(403)
    expect((await get('detail', staff, { id: row!.id })).statusCode).toBe(403)
    expect(await total()).toBe(before)
  })

  it('remove soft-deletes the tenant’s rows; a foreign id removes nothing', async () => {
    const mine = (await rows()).filter((r) => r.tenantId === '100001')
    const foreign = (await rows()).find((r) => r.tenantId === '000000')!
    expect(
      (await post('remove', parkAdmin, undefined, { ids: `${mine[0]!.id},${foreign.id}` })).statusCode,
    ).toBe(404)
    expect((await rows()).length).toBe(mine.length + 1)
    expect((await post('remove', parkAdmin, undefined, { ids: mine[0]!.id })).statusCode).toBe(200)
    expect((await get('select', parkAdmin)).json().data).toHaveLength(mine.length - 1)
    // a removed code may be used again
    expect((await post('submit', parkAdmin, { name: '再来', code: mine[0]!.code })).statusCode).toBe(200)
  })
})

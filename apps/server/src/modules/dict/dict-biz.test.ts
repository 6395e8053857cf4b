import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIZ_DICT_SEED, moduleBizDicts } from '../../compose/seed/dicts.js'
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
import { dictBiz } from './schema.js'

type Row = Record<string, unknown> & { id: string }

describe('business dictionary (blade-system/dict-biz)', () => {
  let t: TestContext
  let platform: Headers
  let parkAdmin: Headers
  let staff: Headers
  const BASE = '/xparkApi/blade-system/dict-biz'

  const { get, post } = resourceCalls(() => t, BASE)
  const dictionary = async (code: string, headers: Headers) =>
    (await get('dictionary', headers, { code })).json().data as Row[]
  const rootOf = async (tenantId: string, code: string) =>
    (
      await t.database.db
        .select()
        .from(dictBiz)
        .where(and(eq(dictBiz.tenantId, tenantId), eq(dictBiz.code, code), eq(dictBiz.parentId, '0')))
    )[0]!

  beforeAll(async () => {
    t = await startTestApp()
    platform = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(() => t.close())

  it('seeds the park lookups for each tenant, with sealed roots', async () => {
    const list = (await get('list', parkAdmin)).json().data as Row[]
    expect(list.map((r) => r.code).sort()).toEqual(
      [...BIZ_DICT_SEED, ...moduleBizDicts()].map((d) => d.code).sort(),
    )
    expect(list.every((r) => r.isSealed === 1 && r.tenantId === '100001')).toBe(true)
    expect((await dictionary('card_type', parkAdmin)).map((e) => e.dictValue)).toEqual([
      '固定卡',
      '临时卡',
      '储值卡',
    ])
  })

  it('a tenant admin edits its own entries; the other tenant and the system dictionary do not change', async () => {
    const [temporary] = (await dictionary('card_type', parkAdmin)).filter((e) => e.dictKey === '1')
    const res = await post('update', parkAdmin, { id: temporary!.id, dictValue: '临停卡' })
    expect(res.statusCode).toBe(200)
    expect((await dictionary('card_type', parkAdmin))[1]!.dictValue).toBe('临停卡')
    expect((await dictionary('card_type', platform))[1]!.dictValue).toBe('临时卡')
    const system = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/dict/dictionary',
      query: { code: 'card_type' },
      headers: parkAdmin,
    })
    expect(system.json().data[1].dictValue).toBe('临时卡')
  })

  it('tenant 100001 can neither see nor change tenant 000000 rows', async () => {
    expect(
      (await post('submit', platform, { code: 'platform_only', dictValue: 'p', sort: 1, isSealed: 0 }))
        .statusCode,
    ).toBe(200)
    const foreign = await rootOf('000000', 'platform_only')
    expect((await get('list', parkAdmin, { code: 'platform_only' })).json().data).toEqual([])
    expect((await get('parent-list', parkAdmin, { code: 'platform_only' })).json().data.total).toBe(0)
    expect((await get('detail', parkAdmin, { id: foreign.id })).statusCode).toBe(404)
    expect((await get('child-list', parkAdmin, { parentId: foreign.id })).json().data.total).toBe(0)
    expect((await get('tree', parkAdmin)).json().data.some((n: Row) => n.id === foreign.id)).toBe(false)
    expect((await post('update', parkAdmin, { id: foreign.id, dictValue: 'taken' })).statusCode).toBe(404)
    expect((await post('remove', parkAdmin, undefined, { ids: foreign.id })).statusCode).toBe(404)
    // nor hang an entry under it
    const child = await post('submit', parkAdmin, {
      parentId: foreign.id,
      code: 'platform_only',
      dictKey: '1',
      dictValue: 'x',
      sort: 1,
      isSealed: 0,
    })
    expect(child.statusCode).toBe(400)
    expect((await rootOf('000000', 'platform_only')).dictValue).toBe('p')
    expect((await rootOf('000000', 'platform_only')).isDeleted).toBe(0)
  })

  it('the same code in two tenants is two dictionaries; a write drops only the writer tenant cache', async () => {
    await dictionary('plate_color', platform)
    await dictionary('plate_color', parkAdmin)
    const [blue] = (await dictionary('plate_color', parkAdmin)).filter((e) => e.dictKey === '1')
    await post('update', parkAdmin, { id: blue!.id, dictValue: '蓝牌' })
    expect(await t.cache.get('sys:t:100001:dict:biz:plate_color')).toBeNull()
    expect(await t.cache.get('sys:t:000000:dict:biz:plate_color')).not.toBeNull()
    expect((await dictionary('plate_color', parkAdmin))[1]!.dictValue).toBe('蓝牌')
    expect((await dictionary('plate_color', platform))[1]!.dictValue).toBe('蓝色')
  })

  it('staff without the dictbiz buttons read the lookups but not the screen, and cannot write', async () => {
    expect((await get('dictionary', staff, { code: 'pass_type' })).statusCode).toBe(200)
    expect((await get('list', staff)).statusCode).toBe(403)
    const res = await post('submit', staff, { code: 'staff_write', dictValue: 'x', sort: 1, isSealed: 0 })
    expect(res.statusCode).toBe(403)
    expect(res.json().msg).toContain('dictbiz_add')
  })

  it('a sealed entry is changed or removed only by an administrator', async () => {
    const db = t.database.db
    const [staffRole] = await db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '100001'), eq(role.roleAlias, 'staff')))
    const buttons = await db.select().from(menu)
    for (const code of ['dictbiz_add', 'dictbiz_edit', 'dictbiz_delete'])
      await db
        .insert(roleMenu)
        .values({ id: nextId(), roleId: staffRole!.id, menuId: buttons.find((m) => m.code === code)!.id })
    await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/clear-cache', headers: platform })

    const sealed = await rootOf('100001', 'pass_type')
    const edit = await post('update', staff, { id: sealed.id, dictValue: '改名' })
    expect(edit.statusCode).toBe(403)
    expect(edit.json().msg).toBe('字典已封存,仅管理员可以修改或删除')
    expect((await post('update', staff, { id: sealed.id, isSealed: 0 })).statusCode).toBe(403)

    // its (unsealed) entries stay editable by staff holding dictbiz_edit
    const [plate] = await dictionary('pass_type', staff)
    expect((await post('update', staff, { id: plate!.id, dictValue: '车牌' })).statusCode).toBe(200)
    // staff may seal an entry, and then not touch it again
    expect((await post('update', staff, { id: plate!.id, isSealed: 1 })).statusCode).toBe(200)
    expect((await post('remove', staff, undefined, { ids: plate!.id })).statusCode).toBe(403)

    // the tenant admin unseals
    expect(
      (await post('update', parkAdmin, { id: sealed.id, isSealed: 0, dictValue: '通行方式' })).statusCode,
    ).toBe(200)
    expect((await rootOf('100001', 'pass_type')).dictValue).toBe('通行方式')
  })
})

import { dictCalls } from '@xpark/contract/schemas'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moduleDicts, SYSTEM_DICT_SEED } from '../../compose/seed/dicts.js'
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
import { dict } from './schema.js'

type Row = Record<string, unknown> & { id: string; children?: Row[] }

describe('system dictionary (blade-system/dict)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers
  const BASE = '/xparkApi/blade-system/dict'

  const { get, post } = resourceCalls(() => t, BASE)
  const rowCount = async () =>
    (await t.database.db.select({ n: count() }).from(dict).where(eq(dict.isDeleted, 0)))[0]!.n
  const root = async (code: string) =>
    (
      await t.database.db
        .select()
        .from(dict)
        .where(and(eq(dict.code, code), eq(dict.parentId, '0'), eq(dict.isDeleted, 0)))
    )[0]!
  const dictionary = async (code: string, headers = admin) =>
    (await get('dictionary', headers, { code })).json().data as Row[]

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(() => t.close())

  it('seeds every lookup of spec 01 §3 and 02 §3, the business codes and BladeX codes', async () => {
    const spec = {
      plate_color: ['0', '1', '2', '3', '4'],
      vehicle_color: Array.from({ length: 13 }, (_, i) => String(i)),
      vehicle_type: ['0', '1', '2'],
      card_type: ['0', '1', '2'],
      parking_type: ['0', '1'],
      special_pass: ['1', '2'],
      pass_direction: ['0', '1'],
      gate_direction: ['1', '2'],
      release_mode: ['1', '2', '3'],
      auto_release: ['1', '3', '5'],
      pass_type: ['0', '1', '2', '3', '4', '5', '6', '7', '8'],
      sex: ['0', '1'],
      notice_type: ['1000', '1001', '1002'],
      complaint_type: ['809001', '809002'],
      yes_no: ['1', '2'],
    }
    for (const [code, keys] of Object.entries(spec))
      expect(
        (await dictionary(code)).map((e) => e.dictKey),
        code,
      ).toEqual(keys)
    const yesNo = await dictionary('yes_no')
    expect(yesNo.map((e) => e.dictValue)).toEqual(['否', '是'])
    for (const code of [
      'recharge_type',
      'machine_control_type',
      'settlement_mode',
      'procured_type',
      'menu_category',
      'button_func',
      'data_scope_type',
      'api_scope_type',
      'scope_category',
      'org_category',
      'post_category',
      'notice',
      'oss',
      'sms',
    ])
      expect((await dictionary(code)).length, code).toBeGreaterThan(0)
  })

  it('dictionary?code= answers the entries in order, for any signed-in user', async () => {
    const res = await get('dictionary', staff, { code: 'plate_color' })
    expect(res.statusCode).toBe(200)
    // sent as cached: the serialiser's check does not see it
    expect(dictCalls.dict.dictionary.reply?.safeParse(res.json().data).success).toBe(true)
    expect(res.json().data[1]).toMatchObject({
      code: 'plate_color',
      dictKey: '1',
      dictValue: '蓝色',
      sort: 2,
    })
    expect(await dictionary('no_such_code')).toEqual([])
    expect((await get('dictionary', staff)).statusCode).toBe(400)
  })

  it('list is the whole tree, not a page; parent-list pages the roots; child-list pages one parent', async () => {
    const list = (await get('list', admin)).json().data as Row[]
    expect(Array.isArray(list)).toBe(true)
    expect(list).toHaveLength(SYSTEM_DICT_SEED.length + moduleDicts().length)
    const plate = list.find((r) => r.code === 'plate_color')!
    expect(plate).toMatchObject({ parentId: '0', dictKey: '-1', hasChildren: true })
    expect(plate.children!.map((c) => c.dictValue)).toEqual(['其他', '蓝色', '黄色', '黑色', '白色'])
    // filters still give a tree; a child whose parent is filtered out stands as a root
    const filtered = (await get('list', admin, { dictValue: '蓝色' })).json().data as Row[]
    expect(filtered.every((r) => String(r.dictValue).includes('蓝色'))).toBe(true)

    const parents = (await get('parent-list', admin, { size: '5' })).json().data
    expect(parents).toMatchObject({
      total: SYSTEM_DICT_SEED.length + moduleDicts().length,
      size: 5,
      current: 1,
    })
    expect(parents.records.every((r: Row) => r.parentId === '0')).toBe(true)
    // page is the factory's flat page: every entry, filterable by parentId
    expect((await get('page', admin, { code: 'plate' })).json().data.total).toBe(6)
    expect((await get('page', admin, { code: 'plate', parentId: '0' })).json().data.total).toBe(1)

    const children = (await get('child-list', admin, { parentId: plate.id })).json().data
    expect(children.total).toBe(5)
    expect((await get('child-list', admin)).statusCode).toBe(400)
  })

  it('detail answers one entry; tree answers TreeNodes', async () => {
    const plate = await root('plate_color')
    const [child] = await dictionary('plate_color')
    expect((await get('detail', admin, { id: child!.id })).json().data).toMatchObject({
      dictValue: '其他',
      parentId: plate.id,
      isSealed: 0,
    })
    expect((await get('detail', admin, { id: String(nextId()) })).statusCode).toBe(404)
    const tree = (await get('tree', admin)).json().data as Row[]
    const node = tree.find((n) => n.id === plate.id)!
    expect(node).toMatchObject({ parentId: '0', title: '车牌颜色', key: plate.id, value: plate.id })
    expect(node.children).toHaveLength(5)
  })

  it('a root gets dict_key -1; a child takes its parent code', async () => {
    const res = await post('submit', admin, {
      code: 'gate_mode',
      dictValue: '闸机模式',
      sort: 1,
      isSealed: 0,
      dictKey: 'x',
    })
    expect(res.json()).toMatchObject({ code: 200, success: true })
    const parent = await root('gate_mode')
    expect(parent.dictKey).toBe('-1')
    const child = await post('submit', admin, {
      parentId: parent.id,
      code: 'whatever',
      dictKey: 1,
      dictValue: '常开',
      sort: 1,
      isSealed: 0,
    })
    expect(child.statusCode).toBe(200)
    expect(await dictionary('gate_mode')).toMatchObject([
      { code: 'gate_mode', dictKey: '1', dictValue: '常开' },
    ])
  })

  it('refuses a bad form with the spec messages and writes nothing', async () => {
    const before = await rowCount()
    const cases: [object, string][] = [
      [{ dictValue: 'n', sort: 1, isSealed: 0 }, 'enter dictionary code'],
      [{ code: 'c_bad', dictValue: '  ', sort: 1, isSealed: 0 }, 'enter dictionary name'],
      [{ code: 'c_bad', dictValue: 'n', isSealed: 0 }, 'enter dictionary sort'],
      [{ code: 'c_bad', dictValue: 'n', sort: 'abc', isSealed: 0 }, 'enter dictionary sort'],
      [{ code: 'c_bad', dictValue: 'n', sort: 1 }, 'select sealed'],
      [{ code: 'c_bad', dictValue: 'n', sort: 1, isSealed: 2 }, 'select sealed'],
    ]
    for (const [body, message] of cases) {
      const res = await post('submit', admin, body)
      expect(res.statusCode, message).toBe(400)
      expect(res.json().msg).toContain(message)
    }
    const plate = await root('plate_color')
    const noKey = await post('submit', admin, {
      parentId: plate.id,
      code: 'plate_color',
      dictValue: 'n',
      sort: 9,
      isSealed: 0,
    })
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json().msg).toContain('enter dictionary key')
    const taken = await post('submit', admin, {
      parentId: plate.id,
      code: 'plate_color',
      dictKey: '1',
      dictValue: 'again',
      sort: 9,
      isSealed: 0,
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().msg).toBe('当前字典键值已存在!')
    expect(await rowCount()).toBe(before)
  })

  it('a write drops the cached dictionary?code= answer', async () => {
    const [blue] = (await dictionary('plate_color')).filter((e) => e.dictKey === '1')
    expect(await t.cache.get('sys:dict:sys:plate_color')).not.toBeNull()
    const res = await post('update', admin, { id: blue!.id, dictValue: '蓝牌' })
    expect(res.statusCode).toBe(200)
    expect(await t.cache.get('sys:dict:sys:plate_color')).toBeNull()
    expect((await dictionary('plate_color')).find((e) => e.dictKey === '1')!.dictValue).toBe('蓝牌')
  })

  it('renaming a root code renames its entries', async () => {
    await post('submit', admin, { code: 'rename_me', dictValue: 'r', sort: 1, isSealed: 0 })
    const parent = await root('rename_me')
    await post('submit', admin, {
      parentId: parent.id,
      code: 'rename_me',
      dictKey: 'a',
      dictValue: 'A',
      sort: 1,
      isSealed: 0,
    })
    expect((await post('submit', admin, { ...parent, code: 'renamed', remark: 'x' })).statusCode).toBe(200)
    expect(await dictionary('rename_me')).toEqual([])
    expect((await dictionary('renamed')).map((e) => e.dictValue)).toEqual(['A'])
  })

  it('refuses removing a parent that has children, unless they go with it', async () => {
    await post('submit', admin, { code: 'to_remove', dictValue: 'r', sort: 1, isSealed: 0 })
    const parent = await root('to_remove')
    await post('submit', admin, {
      parentId: parent.id,
      code: 'to_remove',
      dictKey: 'k',
      dictValue: 'K',
      sort: 1,
      isSealed: 0,
    })
    const [child] = await dictionary('to_remove')
    const refused = await post('remove', admin, undefined, { ids: parent.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().msg).toBe('请先删除子节点!')
    expect((await post('remove', admin, undefined, { ids: `${parent.id},${child!.id}` })).statusCode).toBe(
      200,
    )
    expect((await get('detail', admin, { id: parent.id })).statusCode).toBe(404)
    expect(await dictionary('to_remove')).toEqual([])
  })

  it('tenant users cannot write the global dictionary, even a tenant admin granted dict_add', async () => {
    const body = { code: 'tenant_write', dictValue: 'x', sort: 1, isSealed: 0 }
    expect((await post('submit', staff, body)).statusCode).toBe(403)
    // platform data: only the platform administrator writes it, whatever buttons a tenant holds
    expect((await post('submit', parkAdmin, body)).json().msg).toBe('仅平台管理员可以操作')
    const db = t.database.db
    const [adminRole] = await db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '100001'), eq(role.roleAlias, 'admin')))
    const [button] = await db.select().from(menu).where(eq(menu.code, 'dict_add'))
    await db.insert(roleMenu).values({ id: nextId(), roleId: adminRole!.id, menuId: button!.id })
    await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/clear-cache', headers: admin })
    const res = await post('submit', parkAdmin, body)
    expect(res.statusCode).toBe(403)
    expect(res.json().msg).toBe('仅平台管理员可以操作')
    const plate = await root('plate_color')
    expect((await post('remove', parkAdmin, undefined, { ids: plate.id })).statusCode).toBe(403)
    expect(await dictionary('tenant_write')).toEqual([])
    expect((await post('submit', {}, body)).statusCode).toBe(401)
    // the lookups every screen needs stay open; the management screen's reads need dict_view
    expect(await dictionary('sex', parkAdmin)).not.toEqual([])
    expect((await get('list', parkAdmin)).statusCode).toBe(403)
  })
})

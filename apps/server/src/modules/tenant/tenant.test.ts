import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5 } from '../../core/auth/passwords.js'
import {
  bearer,
  CONSOLE_BASIC,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { role } from '../authority/index.js'
import { dictBiz } from '../dict/index.js'
import { user } from '../identity/index.js'
import { roleMenu } from '../menu/index.js'
import { dept, post } from '../org/index.js'
import { provisionTenant } from './provision.js'
import { production, productionMenu, tenant } from './schema.js'

const PASSWORD = 'Park@2026x'

describe('blade-system/tenant', () => {
  let t: TestContext
  let admin: Headers
  let park: Headers
  /** id of the seeded 基础版 product (the park admin's menus) */
  let basic: string
  const api = resourceCalls(() => t, '/xparkApi/blade-system/tenant')

  const tenantNamed = async (tenantName: string) =>
    (
      await t.database.db
        .select()
        .from(tenant)
        .where(and(eq(tenant.tenantName, tenantName), eq(tenant.isDeleted, 0)))
    )[0]
  const tenantCount = async () => (await t.database.db.select({ n: count() }).from(tenant))[0]!.n
  const tokenAttempt = (tenantId: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { tenantId, username: 'admin', password: md5(password), grant_type: 'password', scope: 'all' },
      headers: { authorization: CONSOLE_BASIC, 'tenant-id': tenantId },
    })

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    basic = (await t.database.db.select().from(production).where(eq(production.name, '基础版')))[0]!.id
  })
  afterAll(() => t.close())

  it('provisions a tenant whose admin signs in with the given password and sees the park menus', async () => {
    const res = await api.post('submit', admin, {
      proIds: basic,
      tenantName: '滨江园区',
      domain: 'binjiang.example.com',
      linkman: '张三',
      accountNumber: 50,
      expireTime: '2099-12-31 23:59:59',
      adminPassword: PASSWORD,
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = await tenantNamed('滨江园区')
    expect(row?.tenantId).toMatch(/^\d{6}$/)
    expect(row?.tenantId).not.toBe('100001')
    expect(row).toMatchObject({ accountNumber: 50, domain: 'binjiang.example.com' })
    const tenantId = row!.tenantId
    const db = t.database.db
    const [roleRow] = await db.select().from(role).where(eq(role.tenantId, tenantId))
    expect(roleRow).toMatchObject({ roleName: '管理员', roleAlias: 'admin' })
    expect((await db.select().from(dept).where(eq(dept.tenantId, tenantId))).map((d) => d.deptName)).toEqual([
      '滨江园区',
    ])
    expect((await db.select().from(post).where(eq(post.tenantId, tenantId))).map((p) => p.postCode)).toEqual([
      'ceo',
    ])
    const [adminRow] = await db.select().from(user).where(eq(user.tenantId, tenantId))
    expect(adminRow).toMatchObject({ account: 'admin', passwordDefault: true })
    expect(adminRow!.password).not.toContain(md5(PASSWORD))
    const dicts = await db.select({ n: count() }).from(dictBiz).where(eq(dictBiz.tenantId, tenantId))
    const platformDicts = await db.select({ n: count() }).from(dictBiz).where(eq(dictBiz.tenantId, '000000'))
    expect(dicts[0]!.n).toBe(platformDicts[0]!.n)
    expect(dicts[0]!.n).toBeGreaterThan(0)

    // exactly the menus of its product (基础版)
    const grants = async (roleId: string) =>
      (await db.select({ n: count() }).from(roleMenu).where(eq(roleMenu.roleId, roleId)))[0]!.n
    const bundled = await db
      .select({ n: count() })
      .from(productionMenu)
      .where(eq(productionMenu.productId, basic))
    expect(await grants(roleRow!.id)).toBe(bundled[0]!.n)

    const reply = await signIn(t.app, { tenantId, account: 'admin', password: PASSWORD })
    const routes = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/menu/routes',
      headers: bearer(reply),
    })
    const paths = JSON.stringify(routes.json().data)
    expect(paths).toContain('/system/user')
    expect(paths).toContain('/authority/role')
    expect(paths).not.toContain('/system/tenant')
    // and the tenant admin is no platform administrator
    expect((await api.get('page', bearer(reply))).statusCode).toBe(403)
  })

  it('numbers new tenants one after another', async () => {
    await api.post('submit', admin, { proIds: basic, tenantName: '一号', adminPassword: PASSWORD })
    await api.post('submit', admin, { proIds: basic, tenantName: '二号', adminPassword: PASSWORD })
    const a = Number((await tenantNamed('一号'))!.tenantId)
    const b = Number((await tenantNamed('二号'))!.tenantId)
    expect(b).toBe(a + 1)
  })

  it('pages, filters, shows and selects for the platform administrator', async () => {
    const page = await api.get('page', admin, { tenantName: '滨江' })
    expect(page.statusCode).toBe(200)
    expect(page.json().data.records.map((r: { tenantName: string }) => r.tenantName)).toEqual(['滨江园区'])
    const id = page.json().data.records[0].id
    const detail = await api.get('detail', admin, { id })
    expect(detail.json().data).toMatchObject({ tenantName: '滨江园区', expireTime: '2099-12-31 23:59:59' })
    const select = (await api.get('select', admin)).json().data as Record<string, string>[]
    expect(select.map((s) => s.tenantId)).toEqual(expect.arrayContaining(['000000', '100001']))
    expect(Object.keys(select[0]!).sort()).toEqual(['id', 'tenantId', 'tenantName'])
  })

  it('info answers only the public face of the tenant of a domain, without a token', async () => {
    const res = await api.get('info', {}, { domain: 'binjiang.example.com' })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().data).sort()).toEqual(['backgroundUrl', 'logo', 'tenantId', 'tenantName'])
    expect(res.json().data.tenantName).toBe('滨江园区')
    const none = await api.get('info', {}, { domain: 'nobody.example.com' })
    expect([none.statusCode, none.json().data]).toEqual([200, {}])
  })

  it('a tenant admin gets 403 on every read but info and on every write', async () => {
    const row = (await tenantNamed('滨江园区'))!
    const before = await tenantCount()
    const calls = [
      api.get('page', park),
      api.get('list', park),
      api.get('detail', park, { id: row.id }),
      api.get('select', park),
      api.post('submit', park, { proIds: basic, tenantName: '越权', adminPassword: PASSWORD }),
      api.post('submit', park, { proIds: basic, id: row.id, tenantName: '越权' }),
      api.post('remove', park, undefined, { ids: row.id }),
      api.post('setting', park, undefined, { ids: row.id, accountNumber: '-1', expireTime: '' }),
    ]
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403)
    expect(await tenantCount()).toBe(before)
    expect((await tenantNamed('滨江园区'))!.tenantName).toBe('滨江园区')
  })

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await tenantCount()
    const users = (await t.database.db.select({ n: count() }).from(user))[0]!.n
    for (const body of [
      { tenantName: '无产品', adminPassword: PASSWORD, proIds: undefined },
      { tenantName: '坏产品', adminPassword: PASSWORD, proIds: 'x,1' },
      { tenantName: '弱密码', adminPassword: '123456' },
      { tenantName: '', adminPassword: PASSWORD },
      { tenantName: '坏日期', adminPassword: PASSWORD, expireTime: 'tomorrow' },
      { tenantName: '坏人数', adminPassword: PASSWORD, accountNumber: -5 },
      // the seeded default initial password (123456) is too weak for a tenant admin
      { tenantName: '无密码' },
      // a domain names one tenant
      { tenantName: '同域名', adminPassword: PASSWORD, domain: 'binjiang.example.com' },
    ]) {
      const res = await api.post('submit', admin, { proIds: basic, ...body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(await tenantCount()).toBe(before)
    expect((await t.database.db.select({ n: count() }).from(user))[0]!.n).toBe(users)
  })

  it('provisioning runs in the caller transaction: a failure after it leaves no half-made tenant', async () => {
    const before = await tenantCount()
    const users = (await t.database.db.select({ n: count() }).from(user))[0]!.n
    const auth = { userId: '1', tenantId: '000000', deptIds: [] } as never
    await expect(
      t.database.db.transaction(async (tx) => {
        await provisionTenant(tx, auth, { tenantName: '半成品', adminPasswordHash: 'x', productIds: [basic] })
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await tenantCount()).toBe(before)
    expect((await t.database.db.select({ n: count() }).from(user))[0]!.n).toBe(users)
  })

  it('updates the fields of a tenant', async () => {
    const row = (await tenantNamed('一号'))!
    const res = await api.post('submit', admin, {
      proIds: basic,
      id: row.id,
      tenantName: '一号园区',
      address: '滨江路 1 号',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await tenantNamed('一号园区')).toMatchObject({ tenantId: row.tenantId, address: '滨江路 1 号' })
  })

  it('an expired tenant cannot sign in; the setting makes it valid again', async () => {
    const row = (await tenantNamed('滨江园区'))!
    const expire = await api.post('setting', admin, undefined, {
      ids: row.id,
      accountNumber: '10',
      expireTime: '2020-01-01 00:00:00',
    })
    expect(expire.statusCode, expire.body).toBe(200)
    const denied = await tokenAttempt(row.tenantId)
    expect(denied.statusCode).not.toBe(200)
    expect(denied.body).toContain('过期')
    const renew = await api.post('setting', admin, undefined, {
      ids: row.id,
      accountNumber: '-1',
      expireTime: '',
    })
    expect(renew.statusCode).toBe(200)
    expect((await tenantNamed('滨江园区'))!).toMatchObject({ accountNumber: -1, expireTime: null })
    expect((await tokenAttempt(row.tenantId)).statusCode).toBe(200)
  })

  it('removes tenants (soft), never the platform tenant', async () => {
    const [platform] = await t.database.db.select().from(tenant).where(eq(tenant.tenantId, '000000'))
    expect((await api.post('remove', admin, undefined, { ids: platform!.id })).statusCode).toBe(400)
    const row = (await tenantNamed('二号'))!
    expect((await api.post('remove', admin, undefined, { ids: row.id })).statusCode).toBe(200)
    expect(await tenantNamed('二号')).toBeUndefined()
    expect((await tokenAttempt(row.tenantId)).statusCode).not.toBe(200)
  })

  it('tenantSetting: a tenant reads its own setting; its admin changes face and contact, never the licence', async () => {
    const own = resourceCalls(() => t, '/xparkApi/blade-system/tenantSetting')
    const before = (await own.get('detail', park)).json().data
    expect(before).toMatchObject({ tenantId: '100001' })
    const res = await own.post('submit', park, {
      linkman: '李四',
      contactNumber: '0571-1234567',
      backgroundUrl: '/files/bg.png',
      accountNumber: 99999,
      domain: 'evil.example.com',
    })
    expect(res.statusCode).toBe(200)
    const after = (await own.get('detail', park)).json().data
    expect(after).toMatchObject({
      linkman: '李四',
      contactNumber: '0571-1234567',
      backgroundUrl: '/files/bg.png',
    })
    // fields outside the setting are not the tenant's to change
    expect(after.accountNumber).toBe(before.accountNumber)
    expect(after.domain).toBe(before.domain)
    // the platform tenant is untouched, and a bad background is refused with nothing written
    expect((await own.get('detail', admin)).json().data.linkman).not.toBe('李四')
    expect((await own.post('submit', park, { backgroundUrl: 'javascript:alert(1)' })).statusCode).toBe(400)
    expect((await own.get('detail', park)).json().data.backgroundUrl).toBe('/files/bg.png')
    const staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    expect((await own.get('detail', staff)).statusCode).toBe(200)
    expect((await own.post('submit', staff, { linkman: 'x' })).statusCode).toBe(403)
  })
})

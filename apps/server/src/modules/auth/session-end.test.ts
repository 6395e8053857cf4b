import type { TokenReply } from '@xpark/contract'
import { and, eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../app.js'
import { menu, production, role, roleMenu, tenant, user } from '../../compose/schema.js'
import { md5 } from '../../core/auth/passwords.js'
import { nextId } from '../../core/ids.js'
import {
  bearer,
  CONSOLE_BASIC,
  DEMO_PASSWORD,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'

/**
 * Issue 7, finding 3: a session must not outlive what it stands for. Each case is checked on two
 * server processes sharing the database and the cache (Redis when REDIS_URL is set): ending happens
 * at once on both, for the access token and for the refresh token.
 */

const PASSWORD = 'Tenant@2026x'

describe('sessions end with what they stand for (on every server process)', () => {
  let t: TestContext
  let peer: App
  let platform: Headers
  let park: Headers
  let basic = ''
  let viewer = ''
  let staffRole = ''
  let staffId = ''
  const users = resourceCalls(() => t, '/xparkApi/blade-user')

  /** GET on one of the processes */
  const get = (app: App, url: string, headers: Headers) =>
    app.inject({ method: 'GET', url: `/xparkApi/${url}`, headers })
  const refresh = (app: App, session: TokenReply) =>
    app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: {
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
        tenantId: session.tenant_id,
      },
      headers: { authorization: CONSOLE_BASIC, 'tenant-id': session.tenant_id },
    })
  /** the session is refused on both processes, access and refresh alike */
  async function expectEnded(session: TokenReply) {
    for (const app of [t.app, peer]) {
      const res = await get(app, 'blade-user/info', bearer(session))
      expect(res.statusCode, res.body).toBe(401)
      expect(res.json().msg).toBe('令牌已失效')
    }
    const again = await refresh(peer, session)
    expect(again.statusCode).toBe(400)
  }
  async function expectAlive(session: TokenReply) {
    for (const app of [t.app, peer])
      expect((await get(app, 'blade-user/info', bearer(session))).statusCode).toBe(200)
  }
  async function newTenant(name: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-system/tenant/submit',
      headers: platform,
      payload: { proIds: basic, tenantName: name, adminPassword: PASSWORD },
    })
    expect(res.statusCode, res.body).toBe(200)
    return (await t.database.db.select().from(tenant).where(eq(tenant.tenantName, name)))[0]!.tenantId
  }

  beforeAll(async () => {
    t = await startTestApp()
    peer = await t.peer()
    const db = t.database.db
    platform = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    basic = (await db.select().from(production).where(eq(production.name, '基础版')))[0]!.id
    staffRole = (
      await db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '100001'), eq(role.roleAlias, 'staff')))
    )[0]!.id
    staffId = (
      await db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, '100001'), eq(user.account, 'staff')))
    )[0]!.id
    // a role that may read the user screen
    viewer = nextId()
    await db
      .insert(role)
      .values({ id: viewer, tenantId: '100001', roleName: '查看用户', roleAlias: 'viewer' })
    const menus = await db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['system', 'user', 'user_view']))
    await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: viewer, menuId: m.id })))
  })
  afterAll(() => t.close())

  it('a role taken away (grant, submit with other roles) is gone at the next request, without signing out', async () => {
    const grant = (roleIds: string) => users.post('grant', park, { userIds: staffId, roleIds })
    expect((await grant(`${staffRole},${viewer}`)).statusCode).toBe(200)
    const session = await signIn(t.app, { tenantId: '100001', account: 'staff' })
    const staff = bearer(session)
    for (const app of [t.app, peer]) expect((await get(app, 'blade-user/page', staff)).statusCode).toBe(200)

    expect((await grant(staffRole)).statusCode).toBe(200)
    for (const app of [t.app, peer]) {
      const res = await get(app, 'blade-user/page', staff)
      expect(res.statusCode, res.body).toBe(403)
    }
    // given back on the user form, taken away on the user form: the same
    expect((await grant(`${staffRole},${viewer}`)).statusCode).toBe(200)
    expect((await get(peer, 'blade-user/page', staff)).statusCode).toBe(200)
    const row = (await t.database.db.select().from(user).where(eq(user.id, staffId)))[0]!
    const submit = await users.post('submit', park, {
      id: staffId,
      account: row.account,
      realName: row.realName,
      deptId: row.deptId,
      roleId: staffRole,
    })
    expect(submit.statusCode, submit.body).toBe(200)
    expect((await get(peer, 'blade-user/page', staff)).statusCode).toBe(403)
    // still signed in: what the account may do changed, not who it is
    await expectAlive(session)
  })

  it('an import over the account takes a role away at its next request too', async () => {
    expect(
      (await users.post('grant', park, { userIds: staffId, roleIds: `${staffRole},${viewer}` })).statusCode,
    ).toBe(200)
    const staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    expect((await get(peer, 'blade-user/page', staff)).statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('用户')
    sheet.addRow([
      '登录账号',
      '用户昵称',
      '用户姓名',
      '电子邮箱',
      '手机号码',
      '用户性别',
      '所属角色',
      '所属部门',
      '所属岗位',
    ])
    sheet.addRow(['staff', '', '园区职员', '', '', '', '园区职员', '示范园区', ''])
    const body = multipartBody([
      { name: 'users.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/import-user',
      query: { isCovered: '1' },
      headers: { ...park, ...body.headers },
      payload: body.payload,
    })
    expect(res.json().data).toMatchObject({ updated: 1, errors: [] })
    expect((await get(peer, 'blade-user/page', staff)).statusCode).toBe(403)
  })

  it('disabling an account ends its sessions at once; enabling it again does not bring them back', async () => {
    const session = await signIn(t.app, { tenantId: '100001', account: 'staff' })
    expect((await users.post('update', park, { id: staffId, status: 0 })).statusCode).toBe(200)
    await expectEnded(session)
    expect((await users.post('update', park, { id: staffId, status: 1 })).statusCode).toBe(200)
    await expectEnded(session)
    await expectAlive(await signIn(peer, { tenantId: '100001', account: 'staff' }))
  })

  it('changing one’s own password ends every other session of the account; this one goes on', async () => {
    const other = await signIn(t.app, { tenantId: '100001', account: 'staff' })
    const self = await signIn(peer, { tenantId: '100001', account: 'staff' })
    const res = await peer.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update-password',
      query: { oldPassword: md5(DEMO_PASSWORD), newPassword: md5(PASSWORD), newPassword1: md5(PASSWORD) },
      headers: bearer(self),
    })
    expect(res.statusCode, res.body).toBe(200)
    await expectEnded(other)
    await expectAlive(self)
    const renewed = await refresh(t.app, self)
    expect(renewed.statusCode, renewed.body).toBe(200)
  })

  it('removing a tenant ends every session in it at once', async () => {
    const tenantId = await newTenant('将删除园区')
    const session = await signIn(t.app, { tenantId, account: 'admin', password: PASSWORD })
    await expectAlive(session)
    const [row] = await t.database.db.select().from(tenant).where(eq(tenant.tenantId, tenantId))
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-system/tenant/remove',
      query: { ids: row!.id },
      headers: platform,
    })
    expect(res.statusCode, res.body).toBe(200)
    await expectEnded(session)
  })

  it('expiring a tenant ends its sessions at once; a licence that ends later ends them then', async () => {
    const tenantId = await newTenant('将到期园区')
    const session = await signIn(t.app, { tenantId, account: 'admin', password: PASSWORD })
    const [row] = await t.database.db.select().from(tenant).where(eq(tenant.tenantId, tenantId))
    const setting = (expireTime: string) =>
      t.app.inject({
        method: 'POST',
        url: '/xparkApi/blade-system/tenant/setting',
        query: { ids: row!.id, accountNumber: '-1', expireTime },
        headers: platform,
      })
    // ends in two seconds: alive now, refused once it has passed (the record carries the end)
    const soon = new Date(Date.now() + 2000)
    const pad = (n: number) => String(n).padStart(2, '0')
    const text = (d: Date) =>
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    expect((await setting(text(soon))).statusCode).toBe(200)
    await expectAlive(session)
    await new Promise((resolve) => setTimeout(resolve, 2200))
    for (const app of [t.app, peer])
      expect((await get(app, 'blade-user/info', bearer(session))).statusCode).toBe(401)
    // a new licence: a new sign-in works; then an expiry in the past ends it at once
    expect((await setting('2099-12-31 00:00:00')).statusCode).toBe(200)
    const second = await signIn(t.app, { tenantId, account: 'admin', password: PASSWORD })
    await expectAlive(second)
    expect((await setting('2020-01-01 00:00:00')).statusCode).toBe(200)
    await expectEnded(second)
  })

  it('a refresh re-checks the account and its tenant', async () => {
    const tenantId = await newTenant('刷新检查园区')
    const session = await signIn(t.app, { tenantId, account: 'admin', password: PASSWORD })
    // the tenant expires behind the server's back (no route): the refresh still finds out
    await t.database.db
      .update(tenant)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(tenant.tenantId, tenantId))
    const res = await refresh(peer, session)
    expect(res.statusCode).toBe(400)
    expect(res.json().error_description).toBe('租户授权已过期,请联系管理员')
  })
})

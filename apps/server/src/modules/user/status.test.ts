import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { menu, roleMenu } from '../menu/index.js'
import { staffType } from '../staff/index.js'

describe('user status (正常/停用) and staff type (blade-user/updateEmployeeType)', () => {
  let t: TestContext
  let parkAdmin: Headers
  let staff: Headers
  let platform: Headers
  let staffId = ''
  let parkAdminId = ''
  let platformAdminId = ''
  let regular = ''
  let outsource = ''
  let foreignType = ''

  const users = resourceCalls(() => t, '/xparkApi/blade-user')
  const types = resourceCalls(() => t, '/xparkApi/blade-system/staff/type')
  const token = (query: Record<string, string>, tenantId = '100001') =>
    t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-auth/oauth/token',
      query: { tenantId, scope: 'all', ...query },
      headers: { authorization: CONSOLE_BASIC, 'tenant-id': tenantId },
    })
  const row = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!
  const typeId = async (tenantId: string, code: string) =>
    (
      await t.database.db
        .select({ id: staffType.id })
        .from(staffType)
        .where(and(eq(staffType.tenantId, tenantId), eq(staffType.code, code)))
    )[0]!.id
  const idOf = async (headers: Headers, account: string) =>
    ((await users.get('page', headers, { account })).json().data.records as { id: string }[])[0]!.id

  beforeAll(async () => {
    t = await startTestApp()
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
    staffId = await idOf(parkAdmin, 'staff')
    parkAdminId = await idOf(parkAdmin, 'admin')
    platformAdminId = await idOf(platform, 'admin')
    for (const [headers, code] of [
      [parkAdmin, 'regular'],
      [parkAdmin, 'outsource'],
      [platform, 'platform'],
    ] as const)
      expect((await types.post('submit', headers, { name: code, code })).statusCode).toBe(200)
    regular = await typeId('100001', 'regular')
    outsource = await typeId('100001', 'outsource')
    foreignType = await typeId('000000', 'platform')
  })
  afterAll(() => t.close())

  describe('status', () => {
    it('a disabled account cannot sign in or refresh, with a clear message; enabled again it can', async () => {
      const session = await signIn(t.app, { tenantId: '100001', account: 'staff' })
      expect((await users.post('update', parkAdmin, { id: staffId, status: 0 })).statusCode).toBe(200)
      expect((await row(staffId)).status).toBe(0)
      expect(
        (
          (await users.get('page', parkAdmin, { account: 'staff' })).json().data.records as {
            status: number
          }[]
        )[0]!.status,
      ).toBe(0)

      const refused = await token({ grant_type: 'password', username: 'staff', password: md5(DEMO_PASSWORD) })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ error_code: 400, error_description: '账号已停用,请联系管理员' })
      // a wrong password learns nothing about the account
      const wrong = await token({ grant_type: 'password', username: 'staff', password: md5('nope') })
      expect(wrong.json().error_description).toBe('用户名或密码错误')
      // the sessions the account had end at once, not when their tokens run out
      const ended = await t.app.inject({ url: '/xparkApi/blade-user/info', headers: bearer(session) })
      expect(ended.statusCode).toBe(401)
      const refresh = await token({ grant_type: 'refresh_token', refresh_token: session.refresh_token })
      expect(refresh.statusCode).toBe(400)
      expect(refresh.json().error_description).toBe('令牌已失效')

      expect(
        (await users.post('submit', parkAdmin, { ...(await editable(staffId)), status: 1 })).statusCode,
      ).toBe(200)
      const back = await token({ grant_type: 'password', username: 'staff', password: md5(DEMO_PASSWORD) })
      expect(back.statusCode).toBe(200)
      staff = bearer(back.json().access_token)
    })

    it('a password reset or a removal by an admin ends the sessions of those accounts at once', async () => {
      const account = `gone${Date.now() % 100000}`
      expect(
        (
          await users.post('submit', parkAdmin, {
            account,
            realName: '将删除',
            passwordPlain: 'Strong@Pass1',
            roleId: (await row(staffId)).roleId,
            deptId: (await row(staffId)).deptId,
          })
        ).statusCode,
      ).toBe(200)
      const id = await idOf(parkAdmin, account)
      const info = (session: { access_token: string }) =>
        t.app.inject({ url: '/xparkApi/blade-user/info', headers: bearer(session.access_token) })
      const first = await signIn(t.app, { tenantId: '100001', account, password: 'Strong@Pass1' })
      expect((await info(first)).statusCode).toBe(200)
      expect(
        (await users.post('resetNewPassword', parkAdmin, { userIds: id, passwordPlain: 'Other@Pass2' }))
          .statusCode,
      ).toBe(200)
      expect((await info(first)).statusCode).toBe(401)
      const second = await signIn(t.app, { tenantId: '100001', account, password: 'Other@Pass2' })
      expect((await info(second)).statusCode).toBe(200)
      expect((await users.post('remove', parkAdmin, undefined, { ids: id })).statusCode).toBe(200)
      expect((await info(second)).statusCode).toBe(401)
    })

    it('refuses a bad status, disabling oneself, a caller without user_edit and another tenant', async () => {
      expect((await users.post('update', parkAdmin, { id: staffId, status: 2 })).statusCode).toBe(400)
      expect((await users.post('update', parkAdmin, { id: staffId, status: 'x' })).statusCode).toBe(400)
      const self = await users.post('update', parkAdmin, { id: parkAdminId, status: 0 })
      expect(self.statusCode).toBe(400)
      expect(self.json().msg).toBe('不能停用本账号!')
      expect((await users.post('update', staff, { id: staffId, status: 0 })).statusCode).toBe(403)
      expect((await users.post('update', platform, { id: staffId, status: 0 })).statusCode).toBe(404)
      expect((await row(staffId)).status).toBe(1)
      expect((await row(parkAdminId)).status).toBe(1)
    })
  })

  it('disabling an administrator takes an administrator: a user_edit holder is refused (authority.ts)', async () => {
    const db = t.database.db
    const [staffRole] = await db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '100001'), eq(role.roleAlias, 'staff')))
    const [editMenu] = await db.select().from(menu).where(eq(menu.code, 'user_edit'))
    const grant = { id: nextId(), roleId: staffRole!.id, menuId: editMenu!.id }
    await db.insert(roleMenu).values(grant)
    await t.cache.clearPrefix('sys:')
    try {
      const editor = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
      const res = await users.post('update', editor, { id: parkAdminId, status: 0 })
      expect(res.statusCode).toBe(403)
      expect(res.json().msg).toBe('无权操作用户 [admin]: 该用户拥有您未持有的角色')
      expect((await row(parkAdminId)).status).toBe(1)
    } finally {
      await db.delete(roleMenu).where(eq(roleMenu.id, grant.id))
      await t.cache.clearPrefix('sys:')
    }
  })

  /** The user's form fields as `submit` takes them on update. */
  async function editable(id: string) {
    const r = await row(id)
    return { id, account: r.account, realName: r.realName, roleId: r.roleId, deptId: r.deptId }
  }

  describe('staff type', () => {
    it('the user form sets and clears a staff type of the tenant; another tenant’s is refused', async () => {
      const base = await editable(staffId)
      expect((await users.post('submit', parkAdmin, { ...base, staffTypeId: regular })).statusCode).toBe(200)
      expect((await row(staffId)).staffTypeId).toBe(regular)
      expect((await users.get('detail', parkAdmin, { id: staffId })).json().data.staffTypeId).toBe(regular)

      const foreign = await users.post('submit', parkAdmin, {
        ...base,
        realName: '改名',
        staffTypeId: foreignType,
      })
      expect(foreign.statusCode).toBe(400)
      expect(foreign.json().msg).toBe('员工类型不存在')
      expect(await row(staffId)).toMatchObject({ staffTypeId: regular, realName: base.realName })
      expect((await users.post('submit', parkAdmin, { ...base, staffTypeId: 'abc' })).statusCode).toBe(400)

      expect((await users.post('submit', parkAdmin, { ...base, staffTypeId: '' })).statusCode).toBe(200)
      expect((await row(staffId)).staffTypeId).toBeNull()
    })

    it('updateEmployeeType sets the type of several users in one go, or clears it', async () => {
      const ids = [staffId, parkAdminId]
      const res = await users.post('updateEmployeeType', parkAdmin, {
        userIds: ids.join(','),
        staffTypeId: outsource,
      })
      expect(res.statusCode, res.body).toBe(200)
      for (const id of ids) expect((await row(id)).staffTypeId).toBe(outsource)
      // BladeX clients send query parameters
      const byQuery = await users.post('updateEmployeeType', parkAdmin, undefined, {
        userIds: staffId,
        staffTypeId: regular,
      })
      expect(byQuery.statusCode).toBe(200)
      expect((await row(staffId)).staffTypeId).toBe(regular)
      expect(
        (await users.post('updateEmployeeType', parkAdmin, { userIds: staffId, staffTypeId: '' })).statusCode,
      ).toBe(200)
      expect((await row(staffId)).staffTypeId).toBeNull()
    })

    it('400 with nothing written: missing or bad fields, another tenant’s staff type', async () => {
      for (const bad of [
        {},
        { staffTypeId: regular },
        { userIds: staffId },
        { userIds: 'x', staffTypeId: regular },
        { userIds: staffId, staffTypeId: 'abc' },
        { userIds: staffId, staffTypeId: foreignType },
      ])
        expect((await users.post('updateEmployeeType', parkAdmin, bad)).statusCode, JSON.stringify(bad)).toBe(
          400,
        )
      expect((await row(staffId)).staffTypeId).toBeNull()
      expect((await row(parkAdminId)).staffTypeId).toBe(outsource)
    })

    it('403 without user_edit; another tenant’s users are not found and nothing is written', async () => {
      expect(
        (await users.post('updateEmployeeType', staff, { userIds: staffId, staffTypeId: regular }))
          .statusCode,
      ).toBe(403)
      // the platform administrator holds every code, yet 100001's users are not its own
      const cross = await users.post('updateEmployeeType', platform, {
        userIds: staffId,
        staffTypeId: foreignType,
      })
      expect(cross.statusCode).toBe(404)
      // one foreign id among own ones: the whole update is rolled back
      const mixed = await users.post('updateEmployeeType', parkAdmin, {
        userIds: `${staffId},${platformAdminId}`,
        staffTypeId: regular,
      })
      expect(mixed.statusCode).toBe(404)
      expect((await row(staffId)).staffTypeId).toBeNull()
      expect((await row(platformAdminId)).staffTypeId).toBeNull()
    })
  })
})

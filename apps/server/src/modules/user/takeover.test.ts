import { eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextId } from '../../core/ids.js'
import {
  bearer,
  DEMO_PASSWORD,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { menu, roleMenu } from '../menu/index.js'

/**
 * Issue 7, finding 1: a role holding only the user screen's buttons must not take over an account
 * that holds a role it does not (an administrator above all): no password reset, no edit, no role
 * change, no disable, no removal, no avatar, no import over it.
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
const NEW_PASSWORD = 'Taken@123456'
const refused = (account: string) => `无权操作用户 [${account}]: 该用户拥有您未持有的角色`

async function sheetOf(rows: string[][]): Promise<Buffer> {
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
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

describe('no takeover of an account holding a role the caller does not (blade-user writes)', () => {
  let t: TestContext
  let parkAdmin: Headers
  let desk: Headers
  let adminId = ''
  let staffId = ''
  let peerId = ''
  let juniorId = ''
  let deskRole = ''
  let juniorRole = ''
  let staffRole = ''
  const users = resourceCalls(() => t, '/xparkApi/blade-user')
  const row = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!

  beforeAll(async () => {
    t = await startTestApp()
    const db = t.database.db
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    const roles = await db.select().from(role).where(eq(role.tenantId, '100001'))
    staffRole = roles.find((r) => r.roleAlias === 'staff')!.id
    // a help desk role with every button of the user screen, and a role below it
    deskRole = nextId()
    juniorRole = nextId()
    await db.insert(role).values([
      { id: deskRole, tenantId: '100001', roleName: '服务台', roleAlias: 'helpdesk' },
      { id: juniorRole, tenantId: '100001', parentId: deskRole, roleName: '服务台助理', roleAlias: 'junior' },
    ])
    const codes = ['system', 'user', 'user_view', 'user_add', 'user_edit', 'user_delete', 'user_reset']
    codes.push('user_role', 'user_import')
    const menus = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes))
    await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId: deskRole, menuId: m.id })))
    const dept = (await db.select().from(user).where(eq(user.tenantId, '100001')))[0]!.deptId
    for (const [account, roleId] of [
      ['desk', deskRole],
      ['peer', deskRole],
      ['junior', juniorRole],
    ] as const) {
      const res = await users.post('submit', parkAdmin, {
        account,
        realName: account,
        roleId,
        deptId: dept,
        passwordPlain: DEMO_PASSWORD,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const all = await db.select().from(user).where(eq(user.tenantId, '100001'))
    const idOf = (account: string) => all.find((u) => u.account === account)!.id
    adminId = idOf('admin')
    staffId = idOf('staff')
    peerId = idOf('peer')
    juniorId = idOf('junior')
    desk = bearer(await signIn(t.app, { tenantId: '100001', account: 'desk' }))
  })
  afterAll(() => t.close())

  it('reset-password / resetNewPassword of an administrator: 403, the password stays, no sign-in', async () => {
    const before = (await row(adminId)).password
    for (const path of ['reset-password', 'resetNewPassword']) {
      const res = await users.post(path, desk, { userIds: adminId, passwordPlain: NEW_PASSWORD })
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().msg).toBe(refused('admin'))
    }
    expect((await row(adminId)).password).toBe(before)
    await expect(
      signIn(t.app, { tenantId: '100001', account: 'admin', password: NEW_PASSWORD }),
    ).rejects.toThrow()
    // nor hidden among accounts it may reset
    const mixed = await users.post('reset-password', desk, {
      userIds: `${peerId},${adminId}`,
      passwordPlain: NEW_PASSWORD,
    })
    expect(mixed.statusCode).toBe(403)
    expect((await row(peerId)).passwordDefault).toBe(false)
  })

  it('rename, disable or re-role an administrator (submit, update, grant): 403, nothing changes', async () => {
    const before = await row(adminId)
    const attempts = [
      users.post('submit', desk, {
        id: adminId,
        account: 'admin',
        realName: '接管',
        roleId: deskRole,
        deptId: before.deptId,
      }),
      users.post('update', desk, { id: adminId, realName: '接管' }),
      users.post('update', desk, { id: adminId, status: 0 }),
      users.post('grant', desk, { userIds: adminId, roleIds: deskRole }),
      users.post('updateEmployeeType', desk, { userIds: adminId, staffTypeId: '' }),
      users.post('update-platform', desk, { userId: adminId, userType: 2, userExt: '{}' }),
      users.post('remove', desk, undefined, { ids: adminId }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().msg).toBe(refused('admin'))
    }
    const after = await row(adminId)
    expect(after).toMatchObject({
      realName: before.realName,
      roleId: before.roleId,
      status: 1,
      isDeleted: 0,
      userType: before.userType,
    })
  })

  it('the same for any role the caller does not hold (the park staff), but not for its own or lower roles', async () => {
    const staffBefore = await row(staffId)
    const res = await users.post('reset-password', desk, { userIds: staffId, passwordPlain: NEW_PASSWORD })
    expect(res.statusCode).toBe(403)
    expect(res.json().msg).toBe(refused('staff'))
    expect((await users.post('update', desk, { id: staffId, realName: 'x' })).statusCode).toBe(403)
    expect((await row(staffId)).password).toBe(staffBefore.password)
    // a peer (same role) and a junior (a role below it) are the desk's to manage
    for (const id of [peerId, juniorId]) {
      const ok = await users.post('reset-password', desk, { userIds: id, passwordPlain: NEW_PASSWORD })
      expect(ok.statusCode, ok.body).toBe(200)
      expect((await users.post('update', desk, { id, realName: '已改' })).statusCode).toBe(200)
    }
    // the tenant admin governs every role of its tenant
    const byAdmin = await users.post('update', parkAdmin, { id: staffId, realName: '园区职员' })
    expect(byAdmin.statusCode).toBe(200)
  })

  it('hands out only roles it holds (or below): no account made or moved into a role it lacks', async () => {
    const dept = (await row(peerId)).deptId
    const made = await users.post('submit', desk, {
      account: 'sneaky',
      realName: 'sneaky',
      roleId: staffRole,
      deptId: dept,
      passwordPlain: NEW_PASSWORD,
    })
    expect(made.statusCode).toBe(400)
    expect(made.json().msg).toBe('无权分配未持有的角色: 园区职员')
    const moved = await users.post('grant', desk, { userIds: peerId, roleIds: staffRole })
    expect(moved.statusCode).toBe(400)
    expect((await row(peerId)).roleId).toBe(deskRole)
    const lower = await users.post('grant', desk, { userIds: peerId, roleIds: juniorRole })
    expect(lower.statusCode, lower.body).toBe(200)
    await users.post('grant', parkAdmin, { userIds: peerId, roleIds: deskRole })
  })

  it('import with isCovered=1 does not overwrite an administrator; photo import does not change its avatar', async () => {
    const before = await row(adminId)
    const file = await sheetOf([['admin', '', '接管', '', '', '', '服务台', '示范园区', '']])
    const body = multipartBody([{ name: 'users.xlsx', content: file }])
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/import-user',
      query: { isCovered: '1' },
      headers: { ...desk, ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      imported: 0,
      updated: 0,
      errors: [{ row: 2, messages: [refused('admin')] }],
    })
    const photo = multipartBody([{ name: 'admin.png', content: PNG, type: 'image/png' }])
    const photos = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/import-user-photo',
      headers: { ...desk, ...photo.headers },
      payload: photo.payload,
    })
    expect(photos.statusCode, photos.body).toBe(200)
    expect(photos.json().data).toEqual({
      imported: 0,
      errors: [{ file: 'admin.png', message: refused('admin') }],
    })
    const after = await row(adminId)
    expect({ realName: after.realName, roleId: after.roleId, avatar: after.avatar }).toEqual({
      realName: before.realName,
      roleId: before.roleId,
      avatar: before.avatar,
    })
  })

  it('the administrator still signs in with its own password', async () => {
    const session = await signIn(t.app, { tenantId: '100001', account: 'admin', password: DEMO_PASSWORD })
    expect(session.access_token).toBeTruthy()
  })
})

import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5 } from '../../core/auth/passwords.js'
import { nextId } from '../../core/ids.js'
import { bearer, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { menu, roleMenu } from '../menu/index.js'
import { dept } from '../org/index.js'

type Headers = Record<string, string>
type Row = Record<string, string>

describe('users (blade-user)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers
  const ids = {
    root: '',
    child: '',
    staffRole: '',
    adminRole: '',
    platformRole: '',
    platformAdmin: '',
    parkStaff: '',
  }

  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/xparkApi/blade-user/${url}`, query, headers })
  const post = (url: string, headers: Headers, payload?: object, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/xparkApi/blade-user/${url}`,
      query,
      headers,
      ...(payload ? { payload } : {}),
    })
  const accounts = async (query: Record<string, string>, headers = parkAdmin) =>
    ((await get('page', headers, { size: '100', ...query })).json().data.records as Row[])
      .map((r) => r.account)
      .sort()
  const userNamed = async (account: string, tenantId = '100001') =>
    (
      await t.database.db
        .select()
        .from(user)
        .where(and(eq(user.account, account), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
    )[0]
  const userCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]!.n
  const newUser = (account: string, extra: object = {}) => ({
    account,
    realName: account,
    roleId: ids.staffRole,
    deptId: ids.root,
    passwordPlain: 'Strong-Pass1',
    ...extra,
  })

  beforeAll(async () => {
    t = await startTestApp()
    const db = t.database.db
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    const depts = await db.select().from(dept).where(eq(dept.tenantId, '100001'))
    ids.root = depts.find((d) => d.parentId === '0')!.id
    ids.child = depts.find((d) => d.parentId === ids.root)!.id
    const roles = await db.select().from(role)
    ids.staffRole = roles.find((r) => r.roleAlias === 'staff')!.id
    ids.adminRole = roles.find((r) => r.roleAlias === 'admin')!.id
    ids.platformRole = roles.find((r) => r.roleAlias === 'administrator')!.id
    ids.platformAdmin = (await userNamed('admin', '000000'))!.id
    ids.parkStaff = (await userNamed('staff'))!.id
  })
  afterAll(() => t.close())

  it('pages the tenant users without password hashes', async () => {
    const res = await get('page', parkAdmin)
    expect(res.statusCode).toBe(200)
    const records = res.json().data.records as Row[]
    expect(records.map((r) => r.account).sort()).toEqual(['admin', 'staff'])
    expect(records.every((r) => r.tenantId === '100001')).toBe(true)
    expect(res.body).not.toContain('password"')
    expect(res.body).not.toContain('$argon2')
    const detail = await get('detail', parkAdmin, { id: ids.parkStaff })
    expect(detail.json().data).toMatchObject({ account: 'staff', realName: '园区职员' })
    expect(detail.json().data).not.toHaveProperty('password')
    expect((await get('detail', parkAdmin, { id: ids.platformAdmin })).statusCode).toBe(404)
  })

  it('staff without user_view is refused', async () => {
    expect((await get('page', staff)).statusCode).toBe(403)
    expect((await get('detail', staff, { id: ids.parkStaff })).statusCode).toBe(403)
  })

  it('creates a user from a plain password (checked) or an MD5 hex; the new user signs in', async () => {
    const weak = await post('submit', parkAdmin, newUser('weak', { passwordPlain: 'abc12345' }))
    expect(weak.statusCode).toBe(400)
    expect(weak.json().msg).toContain('password needs at least 3 of')
    const short = await post('submit', parkAdmin, newUser('short', { passwordPlain: 'Ab1-' }))
    expect(short.json().msg).toContain('password length cannot be less than 8')
    const none = await post('submit', parkAdmin, newUser('none', { passwordPlain: undefined }))
    expect(none.statusCode).toBe(400)
    expect(await userNamed('weak')).toBeUndefined()

    const res = await post('submit', parkAdmin, newUser('alice', { phone: '13800138000', deptId: ids.child }))
    expect(res.statusCode, res.body).toBe(200)
    const alice = (await userNamed('alice'))!
    expect(alice).toMatchObject({ tenantId: '100001', passwordDefault: false, deptId: ids.child })
    expect(alice.password).toMatch(/^\$argon2id\$/)
    await expect(
      signIn(t.app, { tenantId: '100001', account: 'alice', password: 'Strong-Pass1' }),
    ).resolves.toBeTruthy()

    const hex = await post(
      'submit',
      parkAdmin,
      newUser('bob', { passwordPlain: undefined, password: md5('Other_Pass9') }),
    )
    expect(hex.statusCode, hex.body).toBe(200)
    await expect(
      signIn(t.app, { tenantId: '100001', account: 'bob', password: 'Other_Pass9' }),
    ).resolves.toBeTruthy()
  })

  it('filters by account, real name and dept (a dept includes its children)', async () => {
    expect(await accounts({ account: 'ali' })).toEqual(['alice'])
    expect(await accounts({ realName: 'bo' })).toEqual(['bob'])
    expect(await accounts({ deptId: ids.child })).toEqual(['alice'])
    expect(await accounts({ deptId: ids.root })).toEqual(['admin', 'alice', 'bob', 'staff'])
    expect((await get('page', parkAdmin, { deptId: 'x' })).statusCode).toBe(400)
  })

  it("refuses duplicates, another tenant's roles or depts, bad fields and staff writes; nothing written", async () => {
    const before = await userCount()
    const dup = await post('submit', parkAdmin, newUser('staff'))
    expect(dup.statusCode).toBe(400)
    expect(dup.json().msg).toBe('当前用户 [staff] 已存在!')
    const foreignRole = await post('submit', parkAdmin, newUser('carol', { roleId: ids.platformRole }))
    expect(foreignRole.json().msg).toBe('角色不存在')
    const platformDept = (await t.database.db.select().from(dept).where(eq(dept.tenantId, '000000')))[0]!
    expect((await post('submit', parkAdmin, newUser('carol', { deptId: platformDept.id }))).json().msg).toBe(
      '机构不存在',
    )
    expect((await post('submit', parkAdmin, newUser('carol', { phone: '123' }))).json().msg).toContain(
      'phone number length is not 11',
    )
    expect(
      (await post('submit', parkAdmin, newUser('carol', { avatar: 'javascript:alert(1)' }))).statusCode,
    ).toBe(400)
    expect((await post('submit', parkAdmin, newUser('carol', { roleId: '1,x' }))).statusCode).toBe(400)
    expect((await post('submit', parkAdmin, newUser('a b'))).statusCode).toBe(400)
    expect((await post('submit', staff, newUser('carol'))).statusCode).toBe(403)
    // the same account in another tenant is another person
    expect(
      (await post('submit', admin, newUser('alice', { roleId: ids.platformRole, deptId: platformDept.id })))
        .statusCode,
    ).toBe(200)
    expect(await userCount()).toBe(before + 1)
  })

  it('updates without touching the password; cannot update another tenant user', async () => {
    const alice = (await userNamed('alice'))!
    const res = await post('submit', parkAdmin, {
      ...newUser('alice'),
      id: alice.id,
      realName: 'Alice W',
      passwordPlain: 'Changed-Pass1',
    })
    expect(res.statusCode, res.body).toBe(200)
    const after = (await userNamed('alice'))!
    expect(after.realName).toBe('Alice W')
    expect(after.password).toBe(alice.password)
    expect((await post('update', parkAdmin, { id: alice.id, email: 'a@example.com' })).statusCode).toBe(200)
    expect((await userNamed('alice'))!.email).toBe('a@example.com')
    expect((await post('update', parkAdmin, { id: ids.platformAdmin, realName: 'taken' })).statusCode).toBe(
      404,
    )
    expect((await userNamed('admin', '000000'))!.realName).toBe('管理员')
  })

  it('an admin role is assigned only by an admin', async () => {
    // staff gets user_add, then tries to create an admin
    const [add] = await t.database.db.select().from(menu).where(eq(menu.code, 'user_add'))
    await t.database.db.insert(roleMenu).values({ id: nextId(), roleId: ids.staffRole, menuId: add!.id })
    await t.cache.clearPrefix('sys:')
    const res = await post('submit', staff, newUser('mallory', { roleId: ids.adminRole }))
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toBe('无权配置管理员角色!')
    expect(await userNamed('mallory')).toBeUndefined()
    await t.database.db
      .delete(roleMenu)
      .where(and(eq(roleMenu.roleId, ids.staffRole), eq(roleMenu.menuId, add!.id)))
    await t.cache.clearPrefix('sys:')
  })

  it('reset-password / resetNewPassword set a new password for users of the tenant', async () => {
    const bob = (await userNamed('bob'))!
    const weak = await post('reset-password', parkAdmin, { userIds: bob.id, passwordPlain: 'password' })
    expect(weak.statusCode).toBe(400)
    const res = await post('resetNewPassword', parkAdmin, undefined, {
      userIds: bob.id,
      password: md5('Reset_Pass1'),
    })
    expect(res.statusCode, res.body).toBe(200)
    await expect(
      signIn(t.app, { tenantId: '100001', account: 'bob', password: 'Reset_Pass1' }),
    ).resolves.toBeTruthy()
    expect((await userNamed('bob'))!.passwordDefault).toBe(true)
    const plain = await post('reset-password', parkAdmin, { userIds: bob.id, passwordPlain: 'Reset-Pass2' })
    expect(plain.statusCode).toBe(200)
    await expect(
      signIn(t.app, { tenantId: '100001', account: 'bob', password: 'Reset-Pass2' }),
    ).resolves.toBeTruthy()
    const foreign = await post('reset-password', parkAdmin, {
      userIds: ids.platformAdmin,
      passwordPlain: 'Reset-Pass3',
    })
    expect(foreign.statusCode).toBe(404)
    expect(
      (await post('reset-password', staff, { userIds: bob.id, passwordPlain: 'Reset-Pass3' })).statusCode,
    ).toBe(403)
  })

  it('grant sets the roles of users; only roles of the caller tenant', async () => {
    const bob = (await userNamed('bob'))!
    const res = await post('grant', parkAdmin, undefined, {
      userIds: bob.id,
      roleIds: `${ids.staffRole},${ids.adminRole}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await userNamed('bob'))!.roleId).toBe(`${ids.staffRole},${ids.adminRole}`)
    const foreign = await post('grant', parkAdmin, undefined, { userIds: bob.id, roleIds: ids.platformRole })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().msg).toBe('角色不存在')
    expect(
      (await post('grant', parkAdmin, { userIds: ids.platformAdmin, roleIds: ids.staffRole })).statusCode,
    ).toBe(404)
    expect(
      (await post('grant', staff, undefined, { userIds: bob.id, roleIds: ids.staffRole })).statusCode,
    ).toBe(403)
  })

  it('update-info edits the own profile with the phone and avatar rules', async () => {
    const empty = await post('update-info', staff, { realName: 'x', phone: '' })
    expect(empty.json().msg).toContain('phone number cannot be empty')
    expect((await post('update-info', staff, { phone: '1380013800' })).json().msg).toContain(
      'phone number length is not 11',
    )
    expect((await post('update-info', staff, { phone: '23800138000' })).json().msg).toContain('format')
    expect((await post('update-info', staff, { phone: '13800138000', avatar: 'ftp://x' })).statusCode).toBe(
      400,
    )
    const ok = await post('update-info', staff, {
      name: '小职',
      phone: '13800138001',
      email: 'staff@example.com',
      avatar: 'https://cdn.example.com/a.png',
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await userNamed('staff')).toMatchObject({
      name: '小职',
      phone: '13800138001',
      avatar: 'https://cdn.example.com/a.png',
    })
    expect(
      (await post('update-info', staff, { phone: '13800138001', avatar: '/oss/avatar/1.png' })).statusCode,
    ).toBe(200)
  })

  it('platform-detail and update-platform keep the user type and extension JSON', async () => {
    const alice = (await userNamed('alice'))!
    const bad = await post('update-platform', parkAdmin, {
      userId: alice.id,
      userType: 2,
      userExt: 'not json',
    })
    expect(bad.statusCode).toBe(400)
    const res = await post('update-platform', parkAdmin, {
      userId: alice.id,
      userType: 2,
      userExt: '{"badge":"A1"}',
    })
    expect(res.statusCode, res.body).toBe(200)
    const detail = (await get('platform-detail', parkAdmin, { id: alice.id })).json().data
    expect(detail).toMatchObject({ id: alice.id, account: 'alice', userType: 2, userExt: '{"badge":"A1"}' })
    expect((await get('platform-detail', parkAdmin, { id: ids.platformAdmin })).statusCode).toBe(404)
    expect(
      (await post('update-platform', parkAdmin, { userId: ids.platformAdmin, userType: 2 })).statusCode,
    ).toBe(404)
  })

  it('remove soft-deletes; never the own account nor another tenant user', async () => {
    const me = (await userNamed('admin'))!
    const self = await post('remove', parkAdmin, undefined, { ids: me.id })
    expect(self.statusCode).toBe(400)
    expect(self.json().msg).toBe('不能删除本账号!')
    expect((await post('remove', parkAdmin, undefined, { ids: ids.platformAdmin })).statusCode).toBe(404)
    expect((await post('remove', staff, undefined, { ids: ids.parkStaff })).statusCode).toBe(403)
    const bob = (await userNamed('bob'))!
    expect((await post('remove', parkAdmin, undefined, { ids: bob.id })).statusCode).toBe(200)
    expect(await userNamed('bob')).toBeUndefined()
    // the account name is free again
    expect((await post('submit', parkAdmin, newUser('bob'))).statusCode).toBe(200)
  })
})

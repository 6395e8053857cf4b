import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'

/** The remaining blade-user calls of spec 01 §7: info1, queryPermission, updaterole, updateCanteen, updateOrder, updateMeetingOrder. */
describe('blade-user: info1, queryPermission, updaterole, updateCanteen, updateOrder, updateMeetingOrder', () => {
  let t: TestContext
  let park: Headers
  let staff: Headers
  let platform: Headers
  let staffId = ''
  let parkAdminId = ''
  let platformAdminId = ''
  const users = resourceCalls(() => t, '/xparkApi/blade-user')
  const row = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!
  const idOf = async (headers: Headers, account: string) =>
    ((await users.get('page', headers, { account })).json().data.records as { id: string }[])[0]!.id
  const roleOf = async (tenantId: string, alias: string) =>
    (
      await t.database.db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias)))
    )[0]!.id
  /** the first canteen the caller sees (the canteen module's picker) */
  const canteenOf = async (headers: Headers) =>
    (
      (await t.app.inject({ method: 'GET', url: '/xparkApi/andchu/setting/auto/tree', headers })).json()
        .data as { id: string }[]
    )[0]?.id

  beforeAll(async () => {
    t = await startTestApp()
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
    staffId = await idOf(park, 'staff')
    parkAdminId = await idOf(park, 'admin')
    platformAdminId = await idOf(platform, 'admin')
  })
  afterAll(() => t.close())

  it('info1 answers the signed-in user as info does', async () => {
    const info = (await users.get('info', staff)).json().data
    const info1 = await users.get('info1', staff)
    expect(info1.statusCode).toBe(200)
    expect(info1.json().data).toEqual(info)
    expect(info1.json().data).toMatchObject({ account: 'staff', tenantId: '100001' })
  })

  it("queryPermission lists the caller's own permission codes", async () => {
    const admin = (await users.get('queryPermission', park)).json().data as string[]
    const viewer = (await users.get('queryPermission', staff)).json().data as string[]
    expect(admin).toContain('user_edit')
    expect(viewer).not.toContain('user_edit')
    expect([...admin].sort()).toEqual(admin)
    expect(
      (await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/queryPermission' })).statusCode,
    ).toBe(401)
  })

  it('updaterole sets the roles of one account, with the grant rules', async () => {
    const viewRole = (await row(staffId)).roleId
    const adminRole = await roleOf('100001', 'admin')
    const res = await users.post('updaterole', park, { userId: staffId, roleIds: `${viewRole},${adminRole}` })
    expect(res.statusCode).toBe(200)
    expect((await row(staffId)).roleId.split(',').sort()).toEqual([viewRole, adminRole].sort())
    // back, and never another tenant's role or account
    expect((await users.post('updaterole', park, { userId: staffId, roleIds: viewRole })).statusCode).toBe(
      200,
    )
    const foreignRole = await roleOf('000000', 'administrator')
    expect((await users.post('updaterole', park, { userId: staffId, roleIds: foreignRole })).statusCode).toBe(
      400,
    )
    expect(
      (await users.post('updaterole', park, { userId: platformAdminId, roleIds: viewRole })).statusCode,
    ).toBe(404)
    expect((await users.post('updaterole', staff, { userId: staffId, roleIds: viewRole })).statusCode).toBe(
      403,
    )
    expect((await row(staffId)).roleId).toBe(viewRole)
  })

  it('updateOrder and updateMeetingOrder store each place in one statement; one unknown id changes nothing', async () => {
    const attendance = await users.post('updateOrder', park, [
      { id: staffId, sort: 2 },
      { id: parkAdminId, sort: 1 },
    ])
    expect(attendance.statusCode).toBe(200)
    expect([(await row(staffId)).attendanceSort, (await row(parkAdminId)).attendanceSort]).toEqual([2, 1])
    expect((await users.post('updateMeetingOrder', park, [{ id: staffId, sort: 7 }])).statusCode).toBe(200)
    expect((await row(staffId)).meetingSort).toBe(7)
    expect((await row(staffId)).attendanceSort).toBe(2)

    const mixed = await users.post('updateOrder', park, [
      { id: staffId, sort: 9 },
      { id: platformAdminId, sort: 9 },
    ])
    expect(mixed.statusCode).toBe(404)
    expect((await row(staffId)).attendanceSort).toBe(2)
    expect((await row(platformAdminId)).attendanceSort).toBe(0)
    expect((await users.post('updateOrder', park, [{ id: staffId, sort: -1 }])).statusCode).toBe(400)
    expect((await users.post('updateOrder', park, [])).statusCode).toBe(400)
    expect((await users.post('updateMeetingOrder', staff, [{ id: staffId, sort: 1 }])).statusCode).toBe(403)
  })

  it("updateCanteen sets and clears people's canteen, only a canteen of the caller's tenant", async () => {
    const first = await canteenOf(park)
    expect(first).toBeDefined()
    const set = await users.post('updateCanteen', park, {
      userIds: `${staffId},${parkAdminId}`,
      canteenId: first,
    })
    expect(set.statusCode).toBe(200)
    expect([(await row(staffId)).canteenId, (await row(parkAdminId)).canteenId]).toEqual([first, first])
    expect((await users.get('detail', park, { id: staffId })).json().data.canteenId).toBe(first)

    const bad = await users.post('updateCanteen', park, { userIds: staffId, canteenId: '123456789' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toBe('食堂不存在')
    expect(
      (await users.post('updateCanteen', park, { userIds: platformAdminId, canteenId: first })).statusCode,
    ).toBe(404)
    expect((await users.post('updateCanteen', staff, { userIds: staffId, canteenId: '' })).statusCode).toBe(
      403,
    )
    expect((await row(staffId)).canteenId).toBe(first)

    expect((await users.post('updateCanteen', park, { userIds: staffId, canteenId: '' })).statusCode).toBe(
      200,
    )
    expect((await row(staffId)).canteenId).toBeNull()
  })
})

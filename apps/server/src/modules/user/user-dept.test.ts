import { and, eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XLSX_TYPE } from '../../core/excel/index.js'
import { nextId } from '../../core/ids.js'
import { bearer, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { role } from '../authority/index.js'
import { user, userDept } from '../identity/index.js'
import { dept } from '../org/index.js'
import { production } from '../tenant/index.js'

/**
 * blade_user_dept (one row per dept of a live user, with its tenant: what data scope joins and counts)
 * equals blade_user.dept_id (the comma-joined ids BladeX clients read) for every user that is not
 * deleted, and holds nothing for deleted ones, after every write path: the user form, update, import,
 * grant, tenant provisioning, removal, restore and plain SQL.
 */

type Headers = Record<string, string>
const TENANT = '100001'

describe('blade_user_dept follows blade_user.dept_id', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  const ids = { root: '', child: '', staffRole: '' }

  const post = (url: string, headers: Headers, payload?: object, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/xparkApi/${url}`, query, headers, ...(payload ? { payload } : {}) })
  const userNamed = async (account: string, tenantId = TENANT) =>
    (
      await t.database.db
        .select()
        .from(user)
        .where(and(eq(user.account, account), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
    )[0]!
  const linksOf = async (userId: string) =>
    (await t.database.db.select().from(userDept).where(eq(userDept.userId, userId)))
      .map((l) => l.deptId)
      .sort()

  /**
   * Every live user's links are exactly the ids of its dept_id, with its tenant; a deleted user has
   * none, and no link names a user that is not there.
   */
  async function inSync(): Promise<void> {
    const users = await t.database.db
      .select({ id: user.id, deptId: user.deptId, tenantId: user.tenantId, isDeleted: user.isDeleted })
      .from(user)
    const links = await t.database.db.select().from(userDept)
    const byUser = new Map<string, string[]>()
    for (const l of links) byUser.set(l.userId, [...(byUser.get(l.userId) ?? []), l.deptId])
    const tenantOf = new Map(users.map((u) => [u.id, u.tenantId]))
    for (const l of links) expect(l.tenantId, `link of user ${l.userId}`).toBe(tenantOf.get(l.userId))
    for (const u of users) {
      const want = u.isDeleted ? [] : [...new Set(u.deptId.split(',').filter(Boolean))].sort()
      expect((byUser.get(u.id) ?? []).sort(), `user ${u.id} (${u.deptId})`).toEqual(want)
      byUser.delete(u.id)
    }
    expect([...byUser.keys()]).toEqual([])
  }

  beforeAll(async () => {
    t = await startTestApp()
    const db = t.database.db
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    const depts = await db.select().from(dept).where(eq(dept.tenantId, TENANT))
    ids.root = depts.find((d) => d.parentId === '0')!.id
    ids.child = depts.find((d) => d.parentId === ids.root)!.id
    const [staffRole] = await db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, TENANT), eq(role.roleAlias, 'staff')))
    ids.staffRole = staffRole!.id
  })
  afterAll(() => t.close())

  it('holds for the seeded users (the migration fills it, then the triggers keep it)', async () => {
    expect((await t.database.db.select().from(userDept)).length).toBeGreaterThan(0)
    await inSync()
  })

  it('after the user form: create, change with submit, change with update', async () => {
    const created = await post('blade-user/submit', parkAdmin, {
      account: 'ud-form',
      realName: 'x',
      roleId: ids.staffRole,
      deptId: `${ids.root},${ids.child}`,
      passwordPlain: 'Strong-Pass1',
    })
    expect(created.statusCode, created.body).toBe(200)
    const { id } = await userNamed('ud-form')
    expect(await linksOf(id)).toEqual([ids.root, ids.child].sort())

    const edited = await post('blade-user/submit', parkAdmin, {
      id,
      account: 'ud-form',
      realName: 'x',
      roleId: ids.staffRole,
      deptId: ids.child,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await linksOf(id)).toEqual([ids.child])

    const updated = await post('blade-user/update', parkAdmin, { id, deptId: ids.root })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(await linksOf(id)).toEqual([ids.root])
    // a change of other fields leaves them alone
    expect((await post('blade-user/update', parkAdmin, { id, realName: 'y' })).statusCode).toBe(200)
    expect(await linksOf(id)).toEqual([ids.root])
    await inSync()
  })

  it('after a refused write: nothing changes', async () => {
    const { id } = await userNamed('ud-form')
    const refused = await post('blade-user/update', parkAdmin, { id, deptId: `${ids.child},${nextId()}` })
    expect(refused.statusCode).toBe(400)
    expect(await linksOf(id)).toEqual([ids.root])
  })

  it('after an Excel import, new accounts and covered ones', async () => {
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
    sheet.addRow(['ud-import', '', '导入', '', '', '', '园区职员', '示范园区,运营部', ''])
    sheet.addRow(['ud-form', '', '覆盖', '', '', '', '园区职员', '运营部', ''])
    const file = Buffer.from(await workbook.xlsx.writeBuffer())
    const boundary = '----xparkuserdept'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/import-user',
      query: { isCovered: '1' },
      headers: { ...parkAdmin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ imported: 1, updated: 1, errors: [] })
    expect(await linksOf((await userNamed('ud-import')).id)).toEqual([ids.root, ids.child].sort())
    expect(await linksOf((await userNamed('ud-form')).id)).toEqual([ids.child])
    await inSync()
  })

  it('after a role grant (depts untouched), a removal (links go) and a restore (links come back)', async () => {
    const { id } = await userNamed('ud-import')
    const granted = await post('blade-user/grant', parkAdmin, { userIds: id, roleIds: ids.staffRole })
    expect(granted.statusCode, granted.body).toBe(200)
    expect(await linksOf(id)).toEqual([ids.root, ids.child].sort())
    expect((await post('blade-user/remove', parkAdmin, undefined, { ids: id })).statusCode).toBe(200)
    // a soft-deleted user keeps its row, but no links: a scope's count reads the links alone
    expect(await linksOf(id)).toEqual([])
    await inSync()
    await t.database.db.update(user).set({ isDeleted: 0 }).where(eq(user.id, id))
    expect(await linksOf(id)).toEqual([ids.root, ids.child].sort())
    await inSync()
    expect((await post('blade-user/remove', parkAdmin, undefined, { ids: id })).statusCode).toBe(200)
    await inSync()
  })

  it('after provisioning a tenant: its admin belongs to the new root dept', async () => {
    const [basic] = await t.database.db.select().from(production).where(eq(production.name, '基础版'))
    const res = await post('blade-system/tenant/submit', admin, {
      tenantName: '部门园区',
      adminPassword: DEMO_PASSWORD,
      proIds: basic!.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [root] = await t.database.db
      .select()
      .from(dept)
      .where(and(eq(dept.deptName, '部门园区'), eq(dept.parentId, '0')))
    const [newAdmin] = await t.database.db.select().from(user).where(eq(user.tenantId, root!.tenantId))
    expect(await linksOf(newAdmin!.id)).toEqual([root!.id])
    await inSync()
  })

  it('after plain SQL: insert, update, hard delete; malformed ids and repeats are skipped', async () => {
    const db = t.database.db
    const a = nextId()
    const b = nextId()
    await db.insert(user).values([
      { id: a, tenantId: TENANT, account: 'ud-sql-a', password: 'x', deptId: `${ids.root},,x1,${ids.root}` },
      { id: b, tenantId: TENANT, account: 'ud-sql-b', password: 'x', deptId: '' },
    ])
    expect(await linksOf(a)).toEqual([ids.root])
    expect(await linksOf(b)).toEqual([])
    await db
      .update(user)
      .set({ deptId: ids.child })
      .where(inArray(user.id, [a, b]))
    expect([await linksOf(a), await linksOf(b)]).toEqual([[ids.child], [ids.child]])
    // the links carry the user's tenant, whatever changes it
    await db.update(user).set({ tenantId: '000000' }).where(eq(user.id, b))
    await inSync()
    await db.delete(user).where(eq(user.id, a))
    expect(await linksOf(a)).toEqual([])
    await inSync()
  })
})

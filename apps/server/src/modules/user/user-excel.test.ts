import { and, count, eq, inArray, like } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logApi } from '../../core/audit/index.js'
import { md5, verifyPassword } from '../../core/auth/passwords.js'
import { NOT_XLSX, widthInPixels, XLSX_TYPE } from '../../core/excel/index.js'
import { nextId } from '../../core/ids.js'
import { bearer, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { menu, roleMenu } from '../menu/index.js'
import { tenant } from '../tenant/index.js'

type Headers = Record<string, string>

const EXPORT_HEADERS = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '电子邮箱',
  '手机号码',
  '用户性别',
  '所属角色',
  '所属部门',
  '所属岗位',
  '创建时间',
]
const IMPORT_HEADERS = EXPORT_HEADERS.slice(0, -1)

async function load(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  return workbook.worksheets[0]!
}
const dataRows = (sheet: ExcelJS.Worksheet) =>
  sheet.getRows(2, Math.max(0, sheet.rowCount - 1))?.map((r) => (r.values as unknown[]).slice(1)) ?? []

/** A workbook as a person fills the template: the header row, then one row per user. */
async function sheetOf(rows: (string | number)[][], headers = IMPORT_HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('用户')
  sheet.addRow(headers)
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

function multipart(file: Buffer, filename = 'users.xlsx', field = 'file') {
  const boundary = `----xpark${Math.random().toString(16).slice(2)}`
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${XLSX_TYPE}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

describe('users to and from Excel (blade-user export-user, export-template, import-user)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers

  const download = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/xparkApi/blade-user/${url}`, query, headers })
  const upload = (file: Buffer, headers: Headers, query: Record<string, string> = { isCovered: '1' }) => {
    const body = multipart(file)
    return t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/import-user',
      query,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    })
  }
  const usersLike = async (prefix: string, tenantId = '100001') =>
    t.database.db
      .select()
      .from(user)
      .where(and(like(user.account, `${prefix}%`), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
  const userCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]!.n

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(() => t.close())

  it('exports the tenant users as xlsx: timestamp title, frozen first column, 165 px, Chinese headers', async () => {
    // every column holds a value to compare (the seed leaves these empty)
    await t.database.db
      .update(user)
      .set({ email: 'staff@example.com', phone: '13800000009', sex: 1 })
      .where(and(eq(user.account, 'staff'), eq(user.tenantId, '100001')))
    const res = await download('export-user', parkAdmin)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(XLSX_TYPE)
    const disposition = String(res.headers['content-disposition'])
    const title = /filename\*=UTF-8''(.+)\.xlsx$/.exec(disposition)?.[1]
    expect(decodeURIComponent(title!)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/)
    const sheet = await load(res.rawPayload)
    expect(sheet.name).toBe(decodeURIComponent(title!))
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1 })
    for (let i = 1; i <= EXPORT_HEADERS.length; i++)
      expect(widthInPixels(sheet.getColumn(i).width!)).toBe(165)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(EXPORT_HEADERS)
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    const rows = dataRows(sheet)
    expect(rows.map((r) => r[0]).sort()).toEqual(['admin', 'staff'])
    const staffRow = rows.find((r) => r[0] === 'staff')!
    expect(staffRow.slice(1, 3)).toEqual(['职员', '园区职员'])
    expect(staffRow.slice(6, 9)).toEqual(['园区职员', '示范园区', '普通员工'])
    expect(String(staffRow[9])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    // every cell from the account's row (the export reads only the columns its sheet needs)
    const [stored] = await usersLike('staff')
    expect(staffRow.slice(0, 6)).toEqual([
      stored!.account,
      stored!.name,
      stored!.realName,
      stored!.email,
      stored!.phone,
      '女',
    ])
  })

  it('exports only the ticked ids, and follows the page filters; a title names file and sheet', async () => {
    const [staffUser] = await usersLike('staff')
    const ticked = await download('export-user', parkAdmin, { ids: staffUser!.id, title: '园区用户' })
    expect(String(ticked.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('园区用户')}.xlsx`,
    )
    const sheet = await load(ticked.rawPayload)
    expect(sheet.name).toBe('园区用户')
    expect(dataRows(sheet).map((r) => r[0])).toEqual(['staff'])
    const filtered = await load((await download('export-user', parkAdmin, { account: 'adm' })).rawPayload)
    expect(dataRows(filtered).map((r) => r[0])).toEqual(['admin'])
    const bad = await download('export-user', parkAdmin, { ids: 'x' })
    expect(bad.statusCode).toBe(400)
  })

  it('a long selection travels in a POST body (a request line holds about 800 ids)', async () => {
    const [staffUser] = await usersLike('staff')
    const ids = [staffUser!.id, ...Array.from({ length: 2000 }, (_, i) => String(9_000_000_000_000 + i))]
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/export-user',
      headers: parkAdmin,
      payload: { ids: ids.join(','), title: '选中用户' },
    })
    expect(res.statusCode).toBe(200)
    const sheet = await load(res.rawPayload)
    expect(sheet.name).toBe('选中用户')
    expect(dataRows(sheet).map((r) => r[0])).toEqual(['staff'])
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/export-user',
      headers: staff,
      payload: { ids: staffUser!.id },
    })
    expect(forbidden.statusCode).toBe(403)
  })

  it("another tenant's token cannot export tenant 000000's users, even by id", async () => {
    const [platformAdmin] = await usersLike('admin', '000000')
    const res = await download('export-user', parkAdmin, { ids: platformAdmin!.id })
    expect(res.statusCode).toBe(200)
    expect(dataRows(await load(res.rawPayload))).toEqual([])
    const own = await load((await download('export-user', admin)).rawPayload)
    expect(dataRows(own).map((r) => r[0])).toEqual(['admin'])
  })

  it('the template is the import header row', async () => {
    const res = await download('export-template', parkAdmin)
    expect(res.statusCode).toBe(200)
    const sheet = await load(res.rawPayload)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(IMPORT_HEADERS)
    expect(sheet.rowCount).toBe(1)
  })

  it('403 without user_export / user_import', async () => {
    expect((await download('export-user', staff)).statusCode).toBe(403)
    expect((await download('export-template', staff)).statusCode).toBe(403)
    const res = await upload(await sheetOf([]), staff)
    expect(res.statusCode).toBe(403)
    expect(res.json().msg).toBe('缺少权限: user_import')
  })

  it('imports the good rows and reports exactly the bad row, by its Excel row number', async () => {
    const n = Date.now().toString(36)
    const file = await sheetOf([
      [`imp${n}a`, '甲', '导入甲', 'a@example.com', '13800000001', '女', '园区职员', '示范园区', '普通员工'],
      [`imp${n}b`, '', '导入乙', '', '', '', '无此角色', '示范园区', ''],
      [`imp${n}c`, '', '导入丙', '', 13800000003, '男', '园区职员', '示范园区，运营部', ''],
    ])
    const res = await upload(file, parkAdmin)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.data).toEqual({
      total: 3,
      imported: 2,
      updated: 0,
      errors: [{ row: 3, messages: ['角色不存在: 无此角色'] }],
      initialPassword: expect.any(String),
    })
    expect(body.msg).toBe('导入完成: 新增 2 条, 更新 0 条, 1 条有误')
    const made = await usersLike(`imp${n}`)
    expect(made.map((u) => u.account).sort()).toEqual([`imp${n}a`, `imp${n}c`])
    const a = made.find((u) => u.account === `imp${n}a`)!
    expect(a).toMatchObject({
      realName: '导入甲',
      sex: 1,
      phone: '13800000001',
      passwordDefault: true,
      mustChangePassword: true,
    })
    // the import's own random password, told once in the reply (not the account.initPassword parameter)
    expect(await verifyPassword(a.password, md5(body.data.initialPassword))).toBe(true)
    expect(await verifyPassword(a.password, md5('123456'))).toBe(false)
    expect(made.find((u) => u.account === `imp${n}c`)!.deptId.split(',')).toHaveLength(2)
  })

  it('isCovered=0 reports an existing account; isCovered=1 updates it (password kept)', async () => {
    const n = Date.now().toString(36)
    await upload(await sheetOf([[`cov${n}`, '', '原名', '', '', '', '园区职员', '示范园区', '']]), parkAdmin)
    const [before] = await usersLike(`cov${n}`)
    const again = await sheetOf([[`cov${n}`, '', '新名', '', '', '', '园区职员', '运营部', '']])

    const refused = await upload(again, parkAdmin, { isCovered: '0' })
    expect(refused.json().data).toMatchObject({
      imported: 0,
      updated: 0,
      errors: [{ row: 2, messages: [`当前用户 [cov${n}] 已存在!`] }],
    })
    expect((await usersLike(`cov${n}`))[0]!.realName).toBe('原名')

    const covered = await upload(again, parkAdmin, { isCovered: '1' })
    expect(covered.json().data).toEqual({ total: 1, imported: 0, updated: 1, errors: [] })
    const [after] = await usersLike(`cov${n}`)
    expect(after).toMatchObject({ id: before!.id, realName: '新名', password: before!.password })
    expect(after!.deptId).not.toBe(before!.deptId)
  })

  it('roles are resolved by name in the caller tenant: the platform role is unknown to a park', async () => {
    const n = Date.now().toString(36)
    const res = await upload(
      await sheetOf([[`adm${n}`, '', '管', '', '', '', '超级管理员', '示范园区', '']]),
      parkAdmin,
    )
    // the platform's role is not a role of tenant 100001
    expect(res.json().data.errors).toEqual([{ row: 2, messages: ['角色不存在: 超级管理员'] }])
  })

  it('as in submit, only an admin hands out the admin role: a staff importer gets a row error', async () => {
    const db = t.database.db
    const [staffRole] = await db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '100001'), eq(role.roleAlias, 'staff')))
    const [importMenu] = await db.select().from(menu).where(eq(menu.code, 'user_import'))
    const grant = { id: nextId(), roleId: staffRole!.id, menuId: importMenu!.id }
    await db.insert(roleMenu).values(grant)
    await t.cache.clearPrefix('sys:')
    try {
      const n = Date.now().toString(36)
      const res = await upload(
        await sheetOf([
          [`st${n}a`, '', '甲', '', '', '', '管理员', '示范园区', ''],
          [`st${n}b`, '', '乙', '', '', '', '园区职员', '示范园区', ''],
        ]),
        staff,
      )
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({
        total: 2,
        imported: 1,
        updated: 0,
        errors: [{ row: 2, messages: ['无权配置管理员角色!'] }],
        initialPassword: expect.any(String),
      })
      expect((await usersLike(`st${n}`)).map((u) => u.account)).toEqual([`st${n}b`])
    } finally {
      await db.delete(roleMenu).where(inArray(roleMenu.id, [grant.id]))
      await t.cache.clearPrefix('sys:')
    }
  })

  it('a file that is not an xlsx is a 400 and writes nothing', async () => {
    const before = await userCount()
    const res = await upload(Buffer.from('account,realName\nzz,zz\n'), parkAdmin)
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toBe(NOT_XLSX)
    const missing = await upload(
      await sheetOf([['zz', '', 'zz']], ['登录账号', '用户昵称', '用户姓名']),
      parkAdmin,
    )
    expect(missing.statusCode).toBe(400)
    expect(missing.json().msg).toMatch(/^导入文件缺少列: 电子邮箱/)
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/importExcel',
      query: { isCovered: '1' },
      headers: parkAdmin,
      payload: { file: 'x' },
    })
    expect(noFile.statusCode).toBe(400)
    expect(await userCount()).toBe(before)
  })

  it("the tenant's account quota refuses the whole import", async () => {
    const live = (
      await t.database.db
        .select({ n: count() })
        .from(user)
        .where(and(eq(user.tenantId, '100001'), eq(user.isDeleted, 0)))
    )[0]!.n
    await t.database.db
      .update(tenant)
      .set({ accountNumber: live + 1 })
      .where(eq(tenant.tenantId, '100001'))
    try {
      const n = Date.now().toString(36)
      const res = await upload(
        await sheetOf([
          [`q${n}a`, '', 'a', '', '', '', '园区职员', '示范园区', ''],
          [`q${n}b`, '', 'b', '', '', '', '园区职员', '示范园区', ''],
        ]),
        parkAdmin,
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().msg).toBe('当前租户已到最大账号额度')
      expect(await usersLike(`q${n}`)).toEqual([])
    } finally {
      await t.database.db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, '100001'))
    }
  })

  it('exports and imports are API-log entries', async () => {
    await download('export-user', parkAdmin, { title: 'logged' })
    await t.app.audit.flush()
    const rows = await t.database.db
      .select({ uri: logApi.requestUri, method: logApi.method, tenantId: logApi.tenantId })
      .from(logApi)
      .where(eq(logApi.tenantId, '100001'))
    expect(rows).toEqual(
      expect.arrayContaining([
        { uri: '/xparkApi/blade-user/export-user', method: 'GET', tenantId: '100001' },
        { uri: '/xparkApi/blade-user/import-user', method: 'POST', tenantId: '100001' },
      ]),
    )
  })
})

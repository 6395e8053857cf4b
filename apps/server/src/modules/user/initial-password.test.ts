import { passwordProblem } from '@xpark/contract'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5 } from '../../core/auth/passwords.js'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'
import { user } from '../identity/index.js'
import { param } from '../param/index.js'

/**
 * Issue 7, finding 4: platform parameters that hold credentials are not every tenant's to read; the
 * initial password of imported accounts is random per import and told once; an account on an
 * initial password someone else set may do nothing but change it, enforced by the server.
 */

const HEADERS = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '电子邮箱',
  '手机号码',
  '用户性别',
  '所属角色',
  '所属部门',
  '所属岗位',
]
const CHOSEN = 'Chosen@2026x'

describe('initial passwords and platform parameters', () => {
  let t: TestContext
  let platform: Headers
  let park: Headers
  let staff: Headers
  const params = resourceCalls(() => t, '/xparkApi/blade-system/param')

  async function importUsers(accounts: string[]) {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('用户')
    sheet.addRow(HEADERS)
    for (const a of accounts) sheet.addRow([a, '', a, '', '', '', '园区职员', '示范园区', ''])
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
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { imported: number; initialPassword?: string }
  }

  beforeAll(async () => {
    t = await startTestApp()
    platform = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(() => t.close())

  it('a tenant’s param_view holder reads no platform parameter that holds a credential', async () => {
    const [secret] = await t.database.db
      .select()
      .from(param)
      .where(eq(param.paramKey, 'account.initPassword'))
    for (const reader of [staff, park]) {
      const page = await params.get('page', reader, { size: '100' })
      expect(page.statusCode).toBe(200)
      const keys = (page.json().data.records as { paramKey: string }[]).map((r) => r.paramKey)
      expect(keys).toContain('account.registerUser')
      expect(keys).not.toContain('account.initPassword')
      expect((await params.get('list', reader, { paramKey: 'initPassword' })).json().data.total).toBe(0)
      expect((await params.get('detail', reader, { id: secret!.id })).statusCode).toBe(404)
    }
    // the platform administrator manages them
    expect((await params.get('detail', platform, { id: secret!.id })).json().data.paramValue).toBe(
      secret!.paramValue,
    )
  })

  it('imported accounts get a random initial password, told once per import, never the shared parameter', async () => {
    const first = await importUsers(['imp1', 'imp2'])
    const second = await importUsers(['imp3'])
    expect(first.imported).toBe(2)
    for (const p of [first.initialPassword, second.initialPassword]) {
      expect(p).toBeTruthy()
      expect(passwordProblem(p!)).toBeNull()
    }
    expect(first.initialPassword).not.toBe(second.initialPassword)
    await expect(signIn(t.app, { tenantId: '100001', account: 'imp1', password: '123456' })).rejects.toThrow()
    await signIn(t.app, { tenantId: '100001', account: 'imp2', password: first.initialPassword! })
    await signIn(t.app, { tenantId: '100001', account: 'imp3', password: second.initialPassword! })
    // an import that creates nobody tells no password
    expect((await importUsers(['imp3'])).initialPassword).toBeUndefined()
  })

  it('an account on an initial password may do nothing but change it; then everything it holds works', async () => {
    const { initialPassword } = await importUsers(['fresh'])
    const session = bearer(
      await signIn(t.app, { tenantId: '100001', account: 'fresh', password: initialPassword! }),
    )
    const info = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/info', headers: session })
    expect(info.statusCode).toBe(200)
    expect(info.json().data).toMatchObject({ passwordChangeRequired: true, defaultPassword: true })
    const refused = await params.get('page', session)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ msg: '请先修改初始密码', data: { passwordChangeRequired: true } })
    const write = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update-info',
      headers: session,
      payload: { realName: '新人' },
    })
    expect(write.statusCode).toBe(403)
    // the shell's menus still load beside the dialog
    for (const url of ['blade-system/menu/routes', 'blade-system/menu/buttons']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/xparkApi/${url}`, headers: session })).statusCode,
      ).toBe(200)
    }
    const changed = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update-password',
      query: { oldPassword: md5(initialPassword!), newPassword: md5(CHOSEN), newPassword1: md5(CHOSEN) },
      headers: session,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await params.get('page', session)).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(user).where(eq(user.account, 'fresh'))
    expect(row).toMatchObject({ mustChangePassword: false, passwordDefault: false })
  })

  it('a password reset by an administrator and a new tenant’s admin are held the same way; the demo password is not', async () => {
    const [staffRow] = await t.database.db.select().from(user).where(eq(user.account, 'staff'))
    const reset = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/reset-password',
      headers: park,
      payload: { userIds: staffRow!.id, passwordPlain: 'Reset@2026x' },
    })
    expect(reset.statusCode).toBe(200)
    const again = bearer(
      await signIn(t.app, { tenantId: '100001', account: 'staff', password: 'Reset@2026x' }),
    )
    expect((await params.get('page', again)).json().msg).toBe('请先修改初始密码')
    // the seeded demo accounts only see the console's warning
    const admin = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/info', headers: platform })
    expect(admin.json().data).toMatchObject({ defaultPassword: true, passwordChangeRequired: false })
    expect((await params.get('page', platform)).statusCode).toBe(200)
  })
})

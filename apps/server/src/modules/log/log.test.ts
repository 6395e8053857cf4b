import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logApi, logError, logUsual, logUsualTable } from '../../core/audit/index.js'
import { md5 } from '../../core/auth/passwords.js'
import { bearer, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness.js'

type Headers = Record<string, string>
const API = '/xparkApi'
const LOG_ROUTES = ['usual', 'api', 'error'].flatMap((kind) =>
  ['list', 'page', 'detail'].map((verb) => `${API}/blade-log/${kind}/${verb}`),
)

describe('logs: API log for every write, error log for every 500, usual log, blade-log reads', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers

  /** onResponse runs after the reply is out: let it run, then write the queued rows */
  const settle = async () => {
    await new Promise((resolve) => setImmediate(resolve))
    await t.app.audit.flush()
  }
  const apiRows = (uri: string) =>
    t.database.db.select().from(logApi).where(eq(logApi.requestUri, uri)).orderBy(logApi.id)
  const apiCount = async () => (await t.database.db.select({ n: count() }).from(logApi))[0]!.n
  const get = (path: string, headers: Headers, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API}/${path}`, query, headers })

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    await settle()
  })
  afterAll(() => t.close())

  it('a param submit writes one API log row with every password/secret/token field masked', async () => {
    const uri = `${API}/blade-system/param/submit`
    const before = (await apiRows(uri)).length
    const res = await t.app.inject({
      method: 'POST',
      url: uri,
      query: { password: 'query-pass', refresh_token: 'rt-123', note: 'kept' },
      headers: { ...admin, 'user-agent': 'vitest-agent' },
      payload: { paramName: 'Audit', paramKey: 'audit.masked', paramValue: 'v', remark: 'r' },
    })
    expect(res.statusCode).toBe(200)
    await settle()
    const rows = await apiRows(uri)
    expect(rows).toHaveLength(before + 1)
    const row = rows.at(-1)!
    expect(row).toMatchObject({
      tenantId: '000000',
      createBy: 'admin',
      method: 'POST',
      type: '1',
      status: 200,
      userAgent: 'vitest-agent',
      serviceId: 'xpark',
      methodName: uri,
    })
    expect(row.title).toContain('param')
    expect(row.time).toBeGreaterThanOrEqual(0)
    expect(row.remoteIp).not.toBe('')
    const params = JSON.parse(row.params)
    expect(params.query).toEqual({ password: '******', refresh_token: '******', note: 'kept' })
    expect(params.body).toMatchObject({ paramKey: 'audit.masked', paramValue: 'v' })
    expect(row.params).not.toContain('query-pass')
    expect(row.params).not.toContain('rt-123')
  })

  it('a sign-in is logged under the account it proved, its password and tokens masked', async () => {
    const uri = `${API}/blade-auth/oauth/token`
    const before = (await apiRows(uri)).length
    await signIn(t.app, { tenantId: '100001', account: 'staff' })
    await settle()
    const rows = await apiRows(uri)
    expect(rows).toHaveLength(before + 1)
    const row = rows.at(-1)!
    expect(row).toMatchObject({ tenantId: '100001', createBy: 'staff', status: 200, type: '1' })
    expect(JSON.parse(row.params).query.password).toBe('******')
    expect(row.params).not.toContain(md5(DEMO_PASSWORD))
  })

  it('a GET writes no API log row', async () => {
    const before = await apiCount()
    expect((await get('blade-system/param/page', admin)).statusCode).toBe(200)
    expect((await get('blade-log/api/page', admin)).statusCode).toBe(200)
    await settle()
    expect(await apiCount()).toBe(before)
  })

  it('a refused write is logged as failed with its status, under the caller tenant', async () => {
    const uri = `${API}/blade-desk/notice/submit`
    const res = await t.app.inject({
      method: 'POST',
      url: uri,
      headers: staff,
      payload: { title: 'x', category: 1, content: 'c' },
    })
    expect(res.statusCode).toBe(403)
    const bad = await t.app.inject({
      method: 'POST',
      url: uri,
      headers: parkAdmin,
      payload: { title: 'x' },
    })
    expect(bad.statusCode).toBe(400)
    await settle()
    const rows = (await apiRows(uri)).filter((r) => r.tenantId === '100001')
    expect(rows.map((r) => [r.createBy, r.status, r.type])).toEqual([
      ['staff', 403, '2'],
      ['admin', 400, '2'],
    ])
  })

  it('a write without a valid token is refused and not logged (it names no tenant)', async () => {
    const before = await apiCount()
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/blade-system/param/submit`,
      payload: { paramName: 'x', paramKey: 'anon', paramValue: 'v' },
    })
    expect(res.statusCode).toBe(401)
    await settle()
    expect(await apiCount()).toBe(before)
  })

  it('a failing log write neither fails nor delays the request', async () => {
    await t.database.db.execute(sql`alter table blade_log_api rename to blade_log_api_away`)
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/blade-system/param/submit`,
        headers: admin,
        payload: { paramName: 'n', paramKey: 'audit.down', paramValue: 'v' },
      })
      expect(res.statusCode).toBe(200)
      await expect(settle()).resolves.toBeUndefined()
    } finally {
      await t.database.db.execute(sql`alter table blade_log_api_away rename to blade_log_api`)
    }
  })

  it('every log route needs a token (401), and park staff are refused (403)', async () => {
    for (const url of LOG_ROUTES) {
      const query: Record<string, string> = url.endsWith('/detail') ? { id: '1' } : {}
      const anon = await t.app.inject({ method: 'GET', url, query })
      expect(anon.statusCode, url).toBe(401)
      expect((await t.app.inject({ method: 'GET', url, query, headers: staff })).statusCode, url).toBe(403)
    }
    const upload = await t.app.inject({ method: 'POST', url: `${API}/blade-log/error/upload`, payload: [] })
    expect(upload.statusCode).toBe(401)
  })

  it('a tenant admin reads only their tenant; the administrator reads the platform tenant', async () => {
    const park = (await get('blade-log/api/page', parkAdmin, { size: '100' })).json().data
    expect(park.total).toBeGreaterThan(0)
    expect(new Set(park.records.map((r: { tenantId: string }) => r.tenantId))).toEqual(new Set(['100001']))
    const platform = (await get('blade-log/api/page', admin, { size: '100' })).json().data
    expect(new Set(platform.records.map((r: { tenantId: string }) => r.tenantId))).toEqual(
      new Set(['000000']),
    )
    const foreignId = platform.records[0].id
    expect((await get('blade-log/api/detail', admin, { id: foreignId })).json().data.id).toBe(foreignId)
    expect((await get('blade-log/api/detail', parkAdmin, { id: foreignId })).statusCode).toBe(404)
  })

  it('filters by requestUri (like), method and creation date; refuses other fields', async () => {
    const records = async (query: Record<string, string>) =>
      (await get('blade-log/api/list', admin, { size: '100', ...query })).json().data.records as {
        requestUri: string
        method: string
      }[]
    const submits = await records({ requestUri: 'param/submit' })
    expect(submits.length).toBeGreaterThan(0)
    expect(submits.every((r) => r.requestUri.endsWith('/blade-system/param/submit'))).toBe(true)
    expect(await records({ method: 'GET' })).toEqual([])
    expect((await records({ createTime_dategt: '2000-01-01' })).length).toBeGreaterThan(0)
    expect(await records({ createTime_datelt: '2000-01-01' })).toEqual([])
    expect((await get('blade-log/api/list', admin, { params_like: 'x' })).statusCode).toBe(400)
    expect((await get('blade-log/api/list', admin, { ascs: 'params' })).statusCode).toBe(400)
  })

  it('a holder of log_view who is no tenant admin may read', async () => {
    await t.database.db.execute(sql`
      insert into blade_role_menu (id, role_id, menu_id)
      select ${'9000000000000000001'}, r.id, m.id from blade_role r, blade_menu m
      where r.tenant_id = '100001' and r.role_alias = 'staff' and m.code = 'log_view'`)
    await t.app.inject({ method: 'GET', url: `${API}/blade-auth/oauth/clear-cache`, headers: admin })
    const res = await get('blade-log/usual/page', staff)
    expect(res.statusCode).toBe(200)
    await t.database.db.execute(sql`delete from blade_role_menu where id = ${'9000000000000000001'}`)
    await t.app.inject({ method: 'GET', url: `${API}/blade-auth/oauth/clear-cache`, headers: admin })
    expect((await get('blade-log/usual/page', staff)).statusCode).toBe(403)
  })

  it('a 500 is recorded in the error log, masked, and nothing of it reaches the client', async () => {
    await t.database.db.execute(sql`alter table blade_notice rename to blade_notice_away`)
    let body: string
    try {
      const res = await get('blade-desk/notice/page', parkAdmin, { secretKey: 'shh-123', title: 'x' })
      expect(res.statusCode).toBe(500)
      body = res.body
      expect(res.json()).toMatchObject({ code: 500, success: false })
    } finally {
      await t.database.db.execute(sql`alter table blade_notice_away rename to blade_notice`)
    }
    expect(body).not.toMatch(/blade_notice|stack|at /)
    await settle()
    const [row] = await t.database.db
      .select()
      .from(logError)
      .where(and(eq(logError.tenantId, '100001'), eq(logError.requestUri, `${API}/blade-desk/notice/page`)))
    expect(row).toBeDefined()
    expect(row).toMatchObject({ method: 'GET', createBy: 'admin' })
    expect(row!.exceptionName).not.toBe('')
    // the driver's text, without the statement or its parameters (they tell the schema, not the cause)
    expect(row!.message).toContain('Failed query: [hidden]')
    expect(row!.message).not.toContain('blade_notice')
    expect(row!.message).not.toMatch(/params: (?!\[hidden\])/)
    expect(row!.stackTrace).toContain('at ')
    expect(JSON.parse(row!.params).query).toMatchObject({ secretKey: '******', title: 'x' })
    // and the tenant admin reads it through blade-log/error
    const listed = (await get('blade-log/error/list', parkAdmin)).json().data
    expect(listed.records.map((r: { id: string }) => r.id)).toContain(row!.id)
    expect((await get('blade-log/error/list', admin)).json().data.records).toEqual([])
  })

  it('logUsual files a row under the request or owner it is given, data masked', async () => {
    logUsual({ app: t.app, owner: { tenantId: '100001', createBy: 'job' } }, 'info', 'nightly sync', {
      count: 3,
      apiToken: 'abc',
    })
    await settle()
    const [row] = await t.database.db
      .select()
      .from(logUsualTable)
      .where(eq(logUsualTable.logData, 'nightly sync'))
    expect(row).toMatchObject({ tenantId: '100001', createBy: 'job', logLevel: 'info' })
    expect(JSON.parse(row!.params).body).toEqual({ count: 3, apiToken: '******' })
  })

  describe('console error-log upload (POST blade-log/error/upload)', () => {
    const upload = (headers: Headers, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/blade-log/error/upload`,
        headers,
        payload: payload as object,
      })
    const webRows = async (tenantId: string) =>
      t.database.db
        .select()
        .from(logUsualTable)
        .where(and(eq(logUsualTable.tenantId, tenantId), eq(logUsualTable.logId, 'web')))

    it('stores each entry as a usual log row of type web, fields cut to their caps', async () => {
      const entries = [
        {
          type: 'error',
          url: 'http://park/#/system/user',
          message: 'x is undefined',
          stack: `TypeError\n${'s'.repeat(20_000)}`,
          info: 'render',
          time: '2024-01-01 10:00:00',
        },
        { type: 'error', url: '/#/wel', message: 'second', stack: '', info: '', time: '' },
      ]
      const res = await upload(staff, entries)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ code: 200, success: true })
      await settle()
      const rows = await webRows('100001')
      expect(rows).toHaveLength(2)
      const first = rows.find((r) => r.logData.startsWith('x is undefined'))!
      expect(first).toMatchObject({
        createBy: 'staff',
        logLevel: 'error',
        requestUri: 'http://park/#/system/user',
      })
      expect(first.logData.length).toBeLessThanOrEqual(10_000)
      expect(JSON.parse(first.params).body).toMatchObject({ type: 'error', info: 'render' })
      expect(await webRows('000000')).toHaveLength(0)
    })

    it('refuses more than 200 entries or a body that is not a list, writing nothing', async () => {
      const before = (await webRows('100001')).length
      const many = Array.from({ length: 201 }, () => ({ type: 'error', message: 'm' }))
      const res = await upload(parkAdmin, many)
      expect(res.statusCode).toBe(400)
      expect(res.json().msg).toContain('200')
      expect((await upload(parkAdmin, { type: 'error' })).statusCode).toBe(400)
      await settle()
      expect(await webRows('100001')).toHaveLength(before)
    })
  })

  it('documents the log routes under their tags', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json()
    for (const url of [...LOG_ROUTES, `${API}/blade-log/error/upload`])
      expect(doc.paths[url], url).toBeDefined()
    expect(doc.paths[`${API}/blade-log/api/remove`]).toBeUndefined()
  })
})

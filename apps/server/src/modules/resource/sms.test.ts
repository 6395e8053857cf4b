import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sms } from '../../compose/schema.js'
import { logUsualTable } from '../../core/audit/index.js'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'

describe('SMS configurations (blade-resource/sms) and send-message', () => {
  let t: TestContext
  let park: Headers
  let staff: Headers
  let platform: Headers
  const { get, post } = resourceCalls(() => t, '/xparkApi/blade-resource/sms')

  const rows = async (tenantId = '100001') =>
    t.database.db
      .select()
      .from(sms)
      .where(and(eq(sms.tenantId, tenantId), eq(sms.isDeleted, 0)))
  const idOf = async (smsCode: string) => (await rows()).find((r) => r.smsCode === smsCode)!.id
  const enabledCount = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(sms)
        .where(and(eq(sms.tenantId, '100001'), eq(sms.status, 2), eq(sms.isDeleted, 0)))
    )[0]!.n
  const usualLogs = async (tenantId = '100001') => {
    await t.app.audit.flush()
    return t.database.db.select().from(logUsualTable).where(eq(logUsualTable.tenantId, tenantId))
  }
  const ali = {
    category: 3,
    smsCode: 'ali',
    templateId: 'SMS_0001',
    accessKey: 'LTAI-access',
    secretKey: 'ali-secret-value',
    regionId: 'cn-hangzhou',
    signName: '智慧园区',
  }
  const logConfig = { category: 5, smsCode: 'log', templateId: 'T-LOG', signName: '园区测试' }

  beforeAll(async () => {
    t = await startTestApp()
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('send-message with no configuration goes to the log provider, which records the message', async () => {
    const res = await post('send-message', park, undefined, {
      phones: '13800000001,13800000002',
      params: '{"code":"4321"}',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ success: true, code: 200 })
    const logs = await usualLogs()
    const row = logs.find((l) => l.logData === '短信发送: 13800000001,13800000002')
    expect(row).toBeDefined()
    expect(row!.logLevel).toBe('info')
    expect(JSON.parse(row!.params).body).toMatchObject({
      phones: ['13800000001', '13800000002'],
      params: { code: '4321' },
    })
  })

  it('every message sent is listed by smsnum/customerMessageDetail, without its parameter values', async () => {
    const sent = await post('send-message', park, undefined, {
      phones: '13900000009',
      params: '{"code":"8765"}',
    })
    expect(sent.statusCode).toBe(200)
    const detail = resourceCalls(() => t, '/xparkApi/blade-system/smsnum')
    const page = await detail.get('customerMessageDetail', park, { phone: '13900000009' })
    expect(page.statusCode).toBe(200)
    const { records, total } = page.json().data
    expect(total).toBe(1)
    expect(records[0]).toMatchObject({ phones: '13900000009', phoneCount: 1, paramNames: 'code', success: 1 })
    expect(JSON.stringify(records)).not.toContain('8765')
    // the platform tenant's list does not hold the park's messages
    const other = (await detail.get('customerMessageDetail', platform, { phone: '13900000009' })).json().data
    expect(other.total).toBe(0)
  })

  it('submit, page, list and detail; access key and secret key are never sent', async () => {
    expect((await post('submit', park, ali)).json()).toMatchObject({ success: true })
    expect((await post('submit', park, logConfig)).statusCode).toBe(200)
    const stored = (await rows()).find((r) => r.smsCode === 'ali')!
    expect(stored).toMatchObject({ status: 1, accessKey: 'LTAI-access', secretKey: 'ali-secret-value' })
    const page = (await get('page', park)).json().data
    expect(page.total).toBe(2)
    const list = (await get('list', park, { smsCode: 'ali' })).json().data
    expect(list.records).toHaveLength(1)
    const detail = (await get('detail', park, { id: stored.id })).json().data
    expect(detail).toMatchObject({ smsCode: 'ali', templateId: 'SMS_0001', signName: '智慧园区', status: 1 })
    const wire = JSON.stringify([page, list, detail])
    expect(wire).not.toContain('LTAI-access')
    expect(wire).not.toContain('ali-secret-value')
    for (const r of page.records) {
      expect(r).not.toHaveProperty('accessKey')
      expect(r).not.toHaveProperty('secretKey')
    }
    // an edit without the keys keeps them
    const { accessKey: _a, secretKey: _s, ...rest } = ali
    expect(
      (await post('submit', park, { ...rest, id: stored.id, accessKey: '', signName: '园区' })).statusCode,
    ).toBe(200)
    expect((await rows()).find((r) => r.smsCode === 'ali')).toMatchObject({
      accessKey: 'LTAI-access',
      secretKey: 'ali-secret-value',
      signName: '园区',
    })
  })

  it('refuses a bad form or a taken code with 400 and writes nothing', async () => {
    const before = (await rows()).length
    const cases: [object, string][] = [
      [{ ...ali, smsCode: 'x1', category: undefined }, 'please select sms category'],
      [{ ...ali, smsCode: '' }, 'please enter sms code'],
      [{ ...ali, smsCode: 'has space' }, 'please enter sms code'],
      [{ ...ali }, '短信编号已存在: ali'],
    ]
    for (const [body, message] of cases) {
      const res = await post('submit', park, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().msg).toContain(message)
    }
    expect((await rows()).length).toBe(before)
  })

  it('enable keeps exactly one enabled; send-message then uses it', async () => {
    const aliId = await idOf('ali')
    const logId = await idOf('log')
    expect((await post('enable', park, undefined, { id: aliId })).statusCode).toBe(200)
    expect((await post('enable', park, undefined, { id: logId })).statusCode).toBe(200)
    expect(await enabledCount()).toBe(1)
    expect((await rows()).find((r) => r.status === 2)!.smsCode).toBe('log')

    const res = await post('send-message', park, { phones: '13900000003', params: '{"name":"张三"}' })
    expect(res.statusCode).toBe(200)
    const row = (await usualLogs()).find((l) => l.logData === '短信发送: 13900000003')
    expect(JSON.parse(row!.params).body).toMatchObject({
      smsCode: 'log',
      templateId: 'T-LOG',
      signName: '园区测试',
    })
  })

  it('a provider that is not plugged in answers 400; bad phones or params are refused', async () => {
    const ali = await post('send-message', park, undefined, { code: 'ali', phones: '13800000001' })
    expect(ali.statusCode).toBe(400)
    expect(ali.json().msg).toBe('短信服务商尚未接入: ali')
    const unknown = await post('send-message', park, undefined, { code: 'nope', phones: '13800000001' })
    expect(unknown.json().msg).toBe('短信配置不存在: nope')
    const empty = await post('send-message', park, undefined, { phones: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().msg).toContain('phone number cannot be empty')
    expect((await post('send-message', park, undefined, { phones: '1380000000a' })).statusCode).toBe(400)
    expect(
      (await post('send-message', park, undefined, { phones: '13800000001', params: '[1]' })).statusCode,
    ).toBe(400)
  })

  it('403 without the buttons', async () => {
    const id = await idOf('ali')
    expect((await get('page', staff)).statusCode).toBe(403)
    expect((await post('submit', staff, { ...ali, smsCode: 'staff' })).statusCode).toBe(403)
    expect((await post('enable', staff, undefined, { id })).statusCode).toBe(403)
    expect((await post('send-message', staff, undefined, { phones: '13800000001' })).statusCode).toBe(403)
    expect((await rows()).find((r) => r.id === id)!.status).toBe(1)
  })

  it('another tenant neither sees nor enables nor sends through the configuration', async () => {
    const id = await idOf('ali')
    expect((await get('detail', platform, { id })).statusCode).toBe(404)
    expect((await get('page', platform)).json().data.total).toBe(0)
    expect((await post('enable', platform, undefined, { id })).statusCode).toBe(404)
    expect((await post('remove', platform, undefined, { ids: id })).statusCode).toBe(404)
    const send = await post('send-message', platform, undefined, { code: 'log', phones: '13800000009' })
    expect(send.json().msg).toBe('短信配置不存在: log')
    expect((await rows()).find((r) => r.id === id)!.status).toBe(1)
  })

  it('remove soft-deletes', async () => {
    const id = await idOf('ali')
    expect((await post('remove', park, undefined, { ids: id })).statusCode).toBe(200)
    expect((await rows()).some((r) => r.id === id)).toBe(false)
    expect((await get('detail', park, { id })).statusCode).toBe(404)
  })
})

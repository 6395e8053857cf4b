import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { appInfo, appStartup } from './schema.js'

describe('blade-app: releases and splash pages of a tenant', () => {
  let t: TestContext
  let parkAdmin: Headers
  let staff: Headers
  let platform: Headers

  const info = resourceCalls(() => t, '/xparkApi/blade-app/appInfo')
  const startup = resourceCalls(() => t, '/xparkApi/blade-app/appStartup')
  const app = resourceCalls(() => t, '/xparkApi/blade-app')
  const infoCount = async () => (await t.database.db.select({ n: count() }).from(appInfo))[0]!.n
  const startupCount = async () => (await t.database.db.select({ n: count() }).from(appStartup))[0]!.n
  const release = (over: Record<string, unknown> = {}) => ({
    appName: '智慧园区',
    platform: 'android',
    versionName: '1.2.0',
    versionCode: 120,
    downloadUrl: 'https://download.example.com/1.2.0.apk',
    releaseNotes: '修复若干问题',
    forceUpdate: false,
    status: 1,
    ...over,
  })

  beforeAll(async () => {
    t = await startTestApp()
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('public detail answers without a token: the newest enabled release of that tenant only', async () => {
    const res = await app.get('appInfo/public-detail', {}, { tenantId: '100001', platform: 'android' })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({
      tenantId: '100001',
      versionName: '1.1.0',
      versionCode: 110,
      forceUpdate: true,
    })
    expect(data).not.toHaveProperty('id')
    // the platform tenant's 2.0.0 is newer, but of another tenant
    expect(JSON.stringify(data)).not.toContain('2.0.0')
    // the spec's "blade-app public detail" name answers the same
    const alias = await app.get('detail', {}, { tenantId: '100001', platform: 'android' })
    expect(alias.json().data).toEqual(data)
    const appDetail = await app.get('appDetail', {}, { tenantId: '100001', platform: 'android' })
    expect(appDetail.json().data).toEqual(data)
    const ios = (await app.get('detail', {}, { tenantId: '100001', platform: 'ios' })).json().data
    expect(ios).toMatchObject({ platform: 'ios', versionCode: 100 })
    // the Tenant-Id header when no parameter; a tenant with no release answers null
    const byHeader = await app.get('detail', { 'tenant-id': '000000' }, { platform: 'android' })
    expect(byHeader.json().data).toMatchObject({ tenantId: '000000', versionCode: 200 })
    expect((await app.get('detail', {}, { tenantId: '999999' })).json().data).toBeNull()
    expect((await app.get('detail', {}, { platform: 'symbian' })).statusCode).toBe(400)
    expect((await app.get('detail', {}, { tenantId: "1' or 1=1" })).statusCode).toBe(400)
  })

  it('CRUD of releases: list, page, detail, submit, remove in the tenant; disabled ones are not public', async () => {
    expect(
      (await info.post('submit', parkAdmin, release({ versionCode: 130, versionName: '1.3.0', status: 0 })))
        .statusCode,
    ).toBe(200)
    const page = (await info.get('page', parkAdmin, { descs: 'versionCode' })).json().data
    expect(page.records.map((r: { versionCode: number }) => r.versionCode)).toEqual([130, 110, 100, 100])
    const list = (await info.get('list', parkAdmin, { platform: 'ios' })).json().data
    expect(list.total).toBe(1)
    const created = page.records[0]
    expect((await info.get('detail', parkAdmin, { id: created.id })).json().data).toMatchObject({ status: 0 })
    // disabled: the public lookup still answers 1.1.0
    expect(
      (await app.get('detail', {}, { tenantId: '100001', platform: 'android' })).json().data.versionCode,
    ).toBe(110)
    expect(
      (
        await info.post('submit', parkAdmin, {
          ...release({ versionCode: 130, versionName: '1.3.0' }),
          id: created.id,
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (await app.get('detail', {}, { tenantId: '100001', platform: 'android' })).json().data.versionName,
    ).toBe('1.3.0')
    expect((await info.post('remove', parkAdmin, undefined, { ids: created.id })).statusCode).toBe(200)
    expect(
      (await app.get('detail', {}, { tenantId: '100001', platform: 'android' })).json().data.versionCode,
    ).toBe(110)
    // another tenant's rows are not there
    expect((await info.get('page', platform)).json().data.total).toBe(1)
    expect((await info.get('detail', platform, { id: page.records[1].id })).statusCode).toBe(404)
  })

  it('release validation: 400 with nothing written', async () => {
    const before = await infoCount()
    for (const bad of [
      release({ appName: '' }),
      release({ platform: 'symbian' }),
      release({ versionCode: 0 }),
      release({ versionCode: 'abc' }),
      release({ versionName: '' }),
      release({ downloadUrl: 'ftp://x' }),
      release({ status: 3 }),
      release({ forceUpdate: 'yes' }),
    ])
      expect((await info.post('submit', parkAdmin, bad)).statusCode, JSON.stringify(bad)).toBe(400)
    const dup = await info.post('submit', parkAdmin, release({ versionCode: 110 }))
    expect(dup.statusCode).toBe(400)
    expect(dup.json().msg).toBe('版本号已存在: android 110')
    expect(await infoCount()).toBe(before)
  })

  it('splash pages: CRUD, time window validation, and the public current lookup', async () => {
    const now = Date.now()
    const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
    const page = (over: Record<string, unknown> = {}) => ({
      title: '春节活动',
      imageUrl: 'https://cdn.example.com/spring.png',
      linkUrl: 'https://example.com/spring',
      sort: 0,
      status: 1,
      ...over,
    })
    const before = await startupCount()
    for (const bad of [
      page({ title: '' }),
      page({ imageUrl: '' }),
      page({ imageUrl: 'javascript:alert(1)' }),
      page({ startTime: 'tomorrow' }),
      page({ startTime: fmt(now + 86_400_000), endTime: fmt(now) }),
    ])
      expect((await startup.post('submit', parkAdmin, bad)).statusCode, JSON.stringify(bad)).toBe(400)
    expect(
      (
        await startup.post('submit', parkAdmin, page({ startTime: fmt(now + 86_400_000), endTime: '' }))
      ).json().msg,
    ).toBe('操作成功')
    expect(await startupCount()).toBe(before + 1)
    expect((await startup.post('submit', parkAdmin, page({ title: '停用', status: 0 }))).statusCode).toBe(200)

    const current = (await app.get('appStartup/current', {}, { tenantId: '100001' })).json().data
    expect(current.map((p: { title: string }) => p.title)).toEqual(['欢迎使用智慧园区'])
    expect(current[0]).not.toHaveProperty('id')
    expect((await app.get('appStartup/current', {}, { tenantId: '000000' })).json().data).toEqual([])

    const rows = (await startup.get('page', parkAdmin, { ascs: 'sort' })).json().data.records
    expect(rows).toHaveLength(3)
    const future = rows.find((r: { title: string }) => r.title === '春节活动')
    expect((await startup.get('list', parkAdmin, { title: '春节' })).json().data.total).toBe(1)
    expect((await startup.get('detail', parkAdmin, { id: future.id })).json().data.startTime).toMatch(
      /^\d{4}-\d{2}-\d{2} /,
    )
    expect(
      (await startup.post('submit', parkAdmin, { ...page({ startTime: fmt(now - 60_000) }), id: future.id }))
        .statusCode,
    ).toBe(200)
    const nowShown = (await app.get('appStartup/current', {}, { tenantId: '100001' })).json().data
    expect(nowShown.map((p: { title: string }) => p.title)).toEqual(['春节活动', '欢迎使用智慧园区'])
    expect((await startup.post('remove', parkAdmin, undefined, { ids: future.id })).statusCode).toBe(200)
    expect((await startup.get('page', platform)).json().data.total).toBe(0)
  })

  it('without the button codes: 403 and nothing written', async () => {
    const [a, s] = [await infoCount(), await startupCount()]
    expect((await info.post('submit', staff, release({ versionCode: 999 }))).statusCode).toBe(403)
    expect((await info.get('page', staff)).statusCode).toBe(403)
    const [row] = (await info.get('page', parkAdmin)).json().data.records
    expect((await info.post('remove', staff, undefined, { ids: row.id })).statusCode).toBe(403)
    expect(
      (await startup.post('submit', staff, { title: 'x', imageUrl: 'https://a/b.png' })).statusCode,
    ).toBe(403)
    expect((await startup.get('list', staff)).statusCode).toBe(403)
    expect([await infoCount(), await startupCount()]).toEqual([a, s])
  })

  it('the public lookups are limited per address (429)', async () => {
    let limited = 0
    for (let i = 0; i < 70; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/xparkApi/blade-app/detail',
        query: { tenantId: '100001' },
        remoteAddress: '10.9.9.9',
      })
      if (res.statusCode === 429) {
        limited++
        expect(res.json().msg).toBe('请求过于频繁,请稍后再试')
      }
    }
    expect(limited).toBeGreaterThan(0)
  })
})

import { PHOTO_KEEP_DAYS, PHOTO_KEEP_DAYS_PARAM, VISIT, VISITOR_TEXTS } from '@xpark/contract/modules/visitor'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime } from '../../core/envelope.js'
import type { ModuleContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { until } from '../../test/until.js'
import { machineGrant, parkMachine, revokeExpired, simulatorOf } from '../device/index.js'
import { user } from '../identity/index.js'
import { param, wholeNumberParam } from '../param/index.js'
import { accessDays, visitDays } from './aggregates.js'
import { purgePhotos } from './records.js'
import { accessDaily, accessRecord, facePhoto, visit, visitDaily } from './schema.js'
import { expireVisits } from './visits.js'

/**
 * Visitors through their routes on the seeded demo park (real database, the simulated machines on
 * the embedded broker): the visit's states with every refusal writing nothing, the grants on the
 * chosen doors issued and taken back at the window's end, the doors' events as records (a repeat
 * stored once), phones masked for staff, snapshots by signed links purged after their days, and the
 * daily aggregates equal to counts over the records.
 */
const TENANT = '100001'
type Json = Record<string, unknown>

describe('visitors, faces and doors', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let adminId: string
  let staffId: string
  let doorId: string
  let faceId: string
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const db = () => t.database.db
  const ctx = () => ({ database: t.database, devices: t.app.devices }) as unknown as ModuleContext
  const sim = () => simulatorOf(t.app.devices)!
  const visitRow = async (id: string) => (await db().select().from(visit).where(eq(visit.id, id)))[0]!
  const grantsOf = async (id: string) =>
    db()
      .select()
      .from(machineGrant)
      .where(and(eq(machineGrant.userId, id), eq(machineGrant.isDeleted, 0)))
  const hours = (h: number) => formatDateTime(new Date(Date.now() + h * 3600_000))
  const register = async (hostId: string, body: Json = {}) => {
    const made = await post<{ id: string }>('park-face/visitor/submit', {
      visitorName: '孙访客',
      visitorPhone: '13912345678',
      company: '测试公司',
      hostId,
      visitStart: hours(-1),
      visitEnd: hours(3),
      ...body,
    })
    expect(made.status, made.text).toBe(200)
    return made.body.data.id
  }
  const approve = (body: Json, as: Headers = admin) =>
    post<Json>('park-face/visitorApproval/approve', body, undefined, as)
  const recordsOf = async (personId: string) =>
    db().select().from(accessRecord).where(eq(accessRecord.personId, personId))

  beforeAll(async () => {
    t = await startTestApp({ XPARK_DEVICE_SIMULATOR: 'on' })
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
    const ids = async (account: string) =>
      (
        await db()
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.tenantId, TENANT), eq(user.account, account)))
      )[0]!.id
    adminId = await ids('admin')
    staffId = await ids('staff')
    const machine = async (code: string) =>
      (
        await db()
          .select({ id: parkMachine.id })
          .from(parkMachine)
          .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, code)))
      )[0]!.id
    doorId = await machine('DOOR-A1')
    faceId = await machine('FACE-A1')
    // the doors online before a visit is approved: a grant to an offline door waits for the retry
    // job (off in tests), and the simulated park comes online slowly on a loaded machine
    await until(
      async () =>
        [...(await t.app.devices.online(TENANT, ['DOOR-A1', 'FACE-A1'])).values()].every((p) => p.online),
      60_000,
    )
  }, 120_000)

  afterAll(async () => {
    await t?.close()
  })

  it('a visit: refusals write nothing, the host decides, twice is 409, the doors are granted for the window', {
    timeout: 120_000,
  }, async () => {
    const id = await register(staffId)
    const before = await visitRow(id)
    expect(before.status).toBe(VISIT.pending)

    // staff decide only their own visits (no visitor_approve): this one is theirs, so the host decides
    // — but not without doors, nor on a machine that is no door, nor with an unknown one
    expect((await approve({ id, status: 2 }, staff)).body.msg).toBe(VISITOR_TEXTS.doorsRequired)
    const camera = (
      await db()
        .select({ id: parkMachine.id })
        .from(parkMachine)
        .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, 'CAM-GATE')))
    )[0]!.id
    const notDoor = await approve({ id, status: 2, machineIds: `${doorId},${camera}` }, staff)
    expect(notDoor.status).toBe(400)
    expect(notDoor.body.msg).toBe(VISITOR_TEXTS.notDoor)
    // a refusal needs a reason
    const noReason = await approve({ id, status: 3 }, staff)
    expect(noReason.status).toBe(400)
    expect(noReason.body.msg).toBe(VISITOR_TEXTS.reasonRequired)
    expect(await visitRow(id)).toEqual(before)
    expect(await grantsOf(id)).toHaveLength(0)

    const ok = await approve({ id, status: 2, machineIds: `${doorId},${faceId}` }, staff)
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.data).toMatchObject({ status: VISIT.approved, approverId: staffId, area: 'A 栋一层' })
    const grants = await grantsOf(id)
    expect(grants).toHaveLength(2)
    const after = await visitRow(id)
    expect(grants.every((g) => g.validUntil?.getTime() === after.visitEnd.getTime())).toBe(true)
    // the grant results show: issued to the simulated machines through the broker
    await until(async () => (await grantsOf(id)).every((g) => g.grantStatus === 1), 60_000)
    const detail = await get<{ grants: Json[] }>('park-face/visitordetails', { id })
    expect(detail.body.data.grants.map((g) => g.grantStatus)).toEqual([1, 1])
    expect(
      sim()
        .commandsOf(TENANT, 'DOOR-A1')
        .some((c) => c.control === 'grant' && c.params.userId === id),
    ).toBe(true)

    // decided twice: 409, nothing changes (by the host, or by an approver)
    const twice = await approve({ id, status: 3, refuseReason: '重复' })
    expect(twice.status).toBe(409)
    expect(twice.body.msg).toBe(VISITOR_TEXTS.handled)
    expect(await visitRow(id)).toEqual(await visitRow(id))
    expect((await visitRow(id)).status).toBe(VISIT.approved)
    expect((await visitRow(id)).updateTime).toEqual(after.updateTime)
  })

  it('only the host or an approver decides; a refusal keeps its reason and grants nothing', async () => {
    const id = await register(adminId)
    const before = await visitRow(id)
    const notHost = await approve({ id, status: 3, refuseReason: '不认识' }, staff)
    expect(notHost.status).toBe(403)
    expect(notHost.body.msg).toBe(VISITOR_TEXTS.notYours)
    expect(await visitRow(id)).toEqual(before)
    const refused = await approve({ id, status: 3, refuseReason: '被访人不在' })
    expect(refused.status, refused.text).toBe(200)
    expect(await visitRow(id)).toMatchObject({ status: VISIT.refused, refuseReason: '被访人不在' })
    expect(await grantsOf(id)).toHaveLength(0)
  })

  it('a past window: refused at registration and at approval, nothing written', async () => {
    const past = await post('park-face/visitor/submit', {
      visitorName: '过期',
      visitorPhone: '13900000000',
      hostId: adminId,
      visitStart: hours(-5),
      visitEnd: hours(-1),
    })
    expect(past.status).toBe(409)
    expect(past.body.msg).toBe(VISITOR_TEXTS.pastWindow)
    // one registered before its window went by (written as the job would find it)
    const row = stamped(
      visit,
      { tenantId: TENANT, userId: adminId, deptIds: [] },
      {
        visitorName: '迟到',
        visitorPhone: '13900000001',
        hostId: adminId,
        visitStart: new Date(Date.now() - 5 * 3600_000),
        visitEnd: new Date(Date.now() - 3600_000),
        visitDay: '2020-01-01',
      },
    )
    await db()
      .insert(visit)
      .values(row as never)
    const id = String(row.id)
    const before = await visitRow(id)
    const late = await approve({ id, status: 2, machineIds: doorId })
    expect(late.status).toBe(409)
    expect(late.body.msg).toBe(VISITOR_TEXTS.pastWindow)
    expect(await visitRow(id)).toEqual(before)
    expect(await grantsOf(id)).toHaveLength(0)
  })

  it('the door admits the visitor: 已到访 once, a repeated event stored once; the window over ends it and takes the grants back', {
    timeout: 60_000,
  }, async () => {
    const id = await register(adminId, { visitorName: '周到访' })
    expect((await approve({ id, status: 2, machineIds: `${doorId},${faceId}` })).status).toBe(200)
    await until(async () => (await grantsOf(id)).every((g) => g.grantStatus === 1), 30_000)
    const eventId = `door-${id}`
    await sim().raise(TENANT, 'DOOR-A1', { type: 'door', id: eventId, userId: id, method: 'qrcode' })
    await until(async () => (await recordsOf(id)).length === 1)
    // the machine sends it again (at least once): still one record
    await sim().raise(TENANT, 'DOOR-A1', { type: 'door', id: eventId, userId: id, method: 'qrcode' })
    await sim().raise(TENANT, 'FACE-A1', { type: 'face', id: `face-${id}`, userId: id, similarity: 97 })
    await until(async () => (await recordsOf(id)).length === 2)
    await new Promise((r) => setTimeout(r, 300))
    const records = await recordsOf(id)
    expect(records.filter((r) => r.eventKey === eventId)).toHaveLength(1)
    expect(records.find((r) => r.kind === 2)).toMatchObject({
      personType: 2,
      personName: '周到访',
      method: 'qrcode',
      passed: 1,
      area: 'A 栋一层',
    })
    const arrived = await visitRow(id)
    expect(arrived.status).toBe(VISIT.arrived)
    expect(arrived.arriveTime).not.toBeNull()

    // the window is over: 已离开 (it arrived), the grants taken back from the machines
    const end = new Date(arrived.visitEnd.getTime() + 1000)
    expect(await expireVisits(db(), end)).toBeGreaterThanOrEqual(1)
    expect((await visitRow(id)).status).toBe(VISIT.left)
    expect(await revokeExpired(ctx(), end)).toBeGreaterThanOrEqual(2)
    expect(await grantsOf(id)).toHaveLength(0)
    await until(() =>
      sim()
        .commandsOf(TENANT, 'DOOR-A1')
        .some((c) => c.control === 'revoke' && c.params.userId === id),
    )

    // one approved and never come: 已过期
    const never = await register(adminId, { visitorName: '未到' })
    expect((await approve({ id: never, status: 2, machineIds: doorId })).status).toBe(200)
    await expireVisits(db(), new Date(Date.now() + 4 * 3600_000))
    expect((await visitRow(never)).status).toBe(VISIT.expired)
  })

  it('phones are masked for staff; snapshots by signed links only, purged after their days', async () => {
    const id = await register(adminId, { visitorName: '吴手机', visitorPhone: '13712345678' })
    const asAdmin = await get<{ records: Json[] }>('park-face/visitor/visitors', { visitorName: '吴手机' })
    expect(asAdmin.body.data.records[0]!.visitorPhone).toBe('13712345678')
    const asStaff = await get<{ records: Json[] }>(
      'park-face/visitor/visitors',
      { visitorName: '吴手机' },
      staff,
    )
    expect(asStaff.status, asStaff.text).toBe(200)
    expect(asStaff.body.data.records[0]!.visitorPhone).toBe('137****5678')

    const photo = Buffer.from('\xff\xd8\xff\xe0 a tiny jpeg', 'latin1').toString('base64')
    await sim().raise(TENANT, 'FACE-A1', {
      type: 'face',
      id: `photo-${id}`,
      userId: staffId,
      similarity: 95,
      photo,
    })
    await until(
      async () =>
        (
          await db()
            .select()
            .from(accessRecord)
            .where(eq(accessRecord.eventKey, `photo-${id}`))
        ).length === 1,
    )
    const page = await get<{ records: Json[] }>(
      'park-face/face-record',
      { personId: staffId, size: 100 },
      staff,
    )
    expect(page.status, page.text).toBe(200)
    const shown = page.body.data.records.find((r) => String(r.photoUrl).length > 0)!
    expect(shown.photoUrl).toMatch(/^\/xparkApi\/park-face\/photo\/\d+\?sign=/)
    expect(shown).not.toHaveProperty('photoId')
    const url = String(shown.photoUrl)
    const fetched = await t.app.inject({ method: 'GET', url })
    expect(fetched.statusCode).toBe(200)
    expect(fetched.rawPayload.toString('latin1')).toContain('a tiny jpeg')
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/sign=.*/, 'sign=forged') })).statusCode,
    ).toBe(404)

    // kept 90 days: a purge before then keeps it, after it the photo and its link are gone
    expect(await purgePhotos(db(), 90)).toBe(0)
    expect(await purgePhotos(db(), 90, new Date(Date.now() + 91 * 86_400_000))).toBeGreaterThanOrEqual(1)
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    expect((await db().select({ n: count() }).from(facePhoto))[0]!.n).toBe(0)

    // the days come from 参数管理 (the demo's 90); a value that is no whole number in range is ignored
    const keepDays = () =>
      wholeNumberParam(db(), PHOTO_KEEP_DAYS_PARAM, PHOTO_KEEP_DAYS, { min: 1, max: 3650 })
    const setKeepDays = (value: string) =>
      db().update(param).set({ paramValue: value }).where(eq(param.paramKey, PHOTO_KEEP_DAYS_PARAM))
    expect(await keepDays()).toBe(90)
    await setKeepDays('30')
    expect(await keepDays()).toBe(30)
    for (const bad of ['0', '3651', '30 days', '-5', '']) {
      await setKeepDays(bad)
      expect(await keepDays(), bad).toBe(PHOTO_KEEP_DAYS)
    }
    await setKeepDays(String(PHOTO_KEEP_DAYS))
  })

  it('the daily aggregates equal counts over the raw rows', async () => {
    await visitDays.drain(db())
    await accessDays.drain(db())
    const [visits] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(visit)
      .where(and(eq(visit.tenantId, TENANT), eq(visit.isDeleted, 0)))
    const [kept] = await db()
      .select({ n: sql<number>`coalesce(sum(${visitDaily.visits}), 0)::int` })
      .from(visitDaily)
      .where(eq(visitDaily.tenantId, TENANT))
    // (the row written straight into the table for the past window: touched by the expiry job's move)
    expect(kept!.n).toBe(visits!.n)
    const raw = await db()
      .select({ day: accessRecord.day, n: sql<number>`count(*)::int` })
      .from(accessRecord)
      .where(and(eq(accessRecord.tenantId, TENANT), eq(accessRecord.isDeleted, 0)))
      .groupBy(accessRecord.day)
      .orderBy(accessRecord.day)
    const daily = await db()
      .select({ day: accessDaily.day, n: sql<number>`sum(${accessDaily.records})::int` })
      .from(accessDaily)
      .where(eq(accessDaily.tenantId, TENANT))
      .groupBy(accessDaily.day)
      .orderBy(accessDaily.day)
    expect(daily).toEqual(raw)
    expect(raw.length).toBeGreaterThan(10)
  })
})

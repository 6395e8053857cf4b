import { ORDER, ORDER_TEXTS, VISITOR, VISITOR_TEXTS } from '@xpark/contract/modules/property'
import { and, count, eq, inArray, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayOf } from '../../core/days.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { apiClient, type Query } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { until } from '../../test/until.js'
import { role } from '../authority/index.js'
import { machineGrant, parkMachine, revokeExpired, simulatorOf } from '../device/index.js'
import { user } from '../identity/index.js'
import { menu, roleMenu } from '../menu/index.js'
import { dept } from '../org/index.js'
import { createRepairOrder } from './index.js'
import { completeUnrated } from './orders.js'
import {
  propertyAdvice,
  propertyAppraise,
  propertyOrderLog,
  propertyRepair,
  propertyVisitor,
} from './schema.js'
import { expireVisitors } from './visitors.js'

/**
 * The property services through their routes on the seeded demo park (real database, the simulated
 * machines on the embedded broker): every illegal move of an order refused by state and by person
 * with nothing written, one appraisal, the auto-complete job, advice replies, visitor grants issued
 * and taken back, the property dictionaries, hot cities.
 */
const TENANT = '100001'
const C = 'ydzy/cmzy'
type Json = Record<string, unknown>

describe('property services', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let other: Headers
  let staffId: string
  let sunny: string
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const db = () => t.database.db
  const repair = async (id: string) =>
    (await db().select().from(propertyRepair).where(eq(propertyRepair.id, id)))[0]!
  const logs = async (id: string) =>
    (await db().select({ n: count() }).from(propertyOrderLog).where(eq(propertyOrderLog.orderId, id)))[0]!.n
  const move = (id: string, body: Json, as: Headers = admin) =>
    post(`${C}/update-repair-info`, { id, ...body }, undefined, as)
  // the job functions read the database and the machines only
  const ctx = () => ({ database: t.database, devices: t.app.devices }) as unknown as ModuleContext
  const sim = () => simulatorOf(t.app.devices)!

  beforeAll(async () => {
    t = await startTestApp({ XPARK_DEVICE_SIMULATOR: 'on' })
    // the park's staff take part in orders here (the demo's staff role is view-only): the handling codes
    const [staffRole] = await db()
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, TENANT), eq(role.roleAlias, 'staff')))
    const handling = await db()
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['property_repair_handle', 'property_clean_handle']))
    expect(handling).toHaveLength(2)
    await db()
      .insert(roleMenu)
      .values(handling.map((m) => ({ id: nextId(), menuId: m.id, roleId: staffRole!.id })))
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
    ;[{ id: staffId }] = (await db()
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.tenantId, TENANT), eq(user.account, 'staff')))) as [{ id: string }]
    ;[{ id: sunny }] = (await db()
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.tenantId, TENANT), eq(dept.deptName, '阳光社区')))) as [{ id: string }]
    // a second worker: a park staff member who is not the one dispatched
    const made = await post('blade-user/submit', {
      account: 'worker2',
      realName: '维修工二',
      roleId: staffRole!.id,
      deptId: sunny,
      passwordPlain: 'Strong-Pass1',
    })
    expect(made.status, made.text).toBe(200)
    other = bearer(await signIn(t.app, { tenantId: TENANT, account: 'worker2', password: 'Strong-Pass1' }))
  }, 90_000)
  afterAll(() => t.close())

  it('answers all 31 property calls of the spec', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    const cmzy = [
      'select-repair',
      'select-clean',
      'query-type',
      'query-dict',
      'add-dict',
      'del-dict',
      'update-dict',
      'getDict',
      'getTrouble',
      'queryMachineList',
      'updataMachine',
      'queryCheckList',
      'addChekList',
      'updateChek',
      'delChek',
      'select-repair-info',
      'update-repair-info',
      'query-city-all',
      'query-hotSpot',
      'query-city',
      'save-hotspotId',
      'queryRepairsDetail',
    ].map((p) => `/ydzy/cmzy/${p}`)
    const others = [
      '/ydzy/visitorMachine/addVisitorBackground',
      '/ydzy/visitorMachine/getUser',
      '/ydzy/advice/page',
      '/ydzy/vistorinfo/list',
      '/ydzy/vistorinfo/detail',
      '/ydzy/vistorinfo/remove',
      '/ydzy/vistorinfo/submit',
      '/ydzy/vistorinfo/queryVisitorInfo',
      '/ydzy/repairAppraise/list',
    ]
    for (const p of [...cmzy, ...others]) expect(doc.paths, p).toHaveProperty(`/xparkApi${p}`)
  })

  it('a community is a department of category 社区; an order names one', async () => {
    const [company] = await db()
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.tenantId, TENANT), eq(dept.deptCategory, 1)))
    const bad = await post(`${C}/submit-repair`, { title: '漏水', place: '1栋', communityId: company!.id })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('参数校验失败: communityId: 所选社区不存在')
    const list = await get<Json[]>(`${C}/communities`)
    expect(list.body.data.map((c) => c.deptName)).toEqual(['阳光社区', '翠湖社区'])
  })

  it('a repair order: every illegal move refused by state and by person, nothing written', async () => {
    const made = await post<{ id: string }>(`${C}/submit-repair`, {
      title: '楼道灯不亮',
      place: '3栋2单元',
      communityId: sunny,
      typeKey: 'water',
    })
    expect(made.status, made.text).toBe(200)
    const id = made.body.data.id
    const created = await repair(id)
    expect(created).toMatchObject({ status: ORDER.pending, reporterId: expect.any(String) })
    expect(created.orderNo).toMatch(/^BX\d{12}\d{6}$/)

    const refused = async (as: Headers, body: Json, code: number, msg: string | RegExp) => {
      const before = await repair(id)
      const n = await logs(id)
      const res = await move(id, body, as)
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(code)
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg)
      else expect(res.body.msg).toMatch(msg)
      expect(await repair(id)).toEqual(before)
      expect(await logs(id)).toBe(n)
    }
    // dispatching needs its own code; staff may take orders, not dispatch them
    await refused(
      staff,
      { status: ORDER.dispatched, workerId: staffId },
      403,
      '缺少权限: property_repair_dispatch',
    )
    await refused(admin, { status: ORDER.dispatched }, 400, ORDER_TEXTS.workerRequired)
    await refused(admin, { status: ORDER.dispatched, workerId: '9000000000000000001' }, 400, /维修人员不存在/)
    await refused(staff, { status: ORDER.working }, 409, /^当前状态不允许此操作/)
    expect((await move(id, { status: ORDER.dispatched, workerId: staffId })).status).toBe(200)
    expect(await repair(id)).toMatchObject({ status: ORDER.dispatched, workerId: staffId })
    // only the assigned worker accepts; the reporter, another worker: 403
    await refused(other, { status: ORDER.working }, 403, ORDER_TEXTS.notWorker)
    await refused(admin, { status: ORDER.working }, 403, ORDER_TEXTS.notWorker)
    await refused(staff, { status: ORDER.rating, result: '好了' }, 409, /^当前状态不允许此操作/)
    // the reporter's order: edited only while 待受理
    const edit = await post(`${C}/submit-repair`, { id, title: '改', place: '3栋', communityId: sunny })
    expect(edit.status).toBe(409)
    expect(edit.body.msg).toBe(ORDER_TEXTS.onlyPending)
    await refused(staff, { status: ORDER.cancelled }, 403, ORDER_TEXTS.notReporter)
    expect((await move(id, { status: ORDER.working }, staff)).status).toBe(200)
    // 维修中: no longer cancelled, not appraised yet
    await refused(admin, { status: ORDER.cancelled }, 409, /^当前状态不允许此操作/)
    await refused(admin, { status: ORDER.done, score: 5 }, 409, /^当前状态不允许此操作/)
    await refused(other, { status: ORDER.rating, result: '修好了' }, 403, ORDER_TEXTS.notWorker)
    await refused(staff, { status: ORDER.rating }, 400, ORDER_TEXTS.resultRequired)
    expect(
      (await move(id, { status: ORDER.rating, result: '更换灯泡', resultPhotos: '/files/a.jpg' }, staff))
        .status,
    ).toBe(200)
    expect(await repair(id)).toMatchObject({
      status: ORDER.rating,
      result: '更换灯泡',
      resultPhotos: '/files/a.jpg',
    })
    // the reporter's one appraisal, 1 to 5 stars
    await refused(staff, { status: ORDER.done, score: 5 }, 403, ORDER_TEXTS.notReporter)
    await refused(admin, { status: ORDER.done }, 400, ORDER_TEXTS.scoreRequired)
    await refused(admin, { status: ORDER.done, score: 6 }, 400, /score/)
    expect((await move(id, { status: ORDER.done, score: 4, appraise: '及时' })).status).toBe(200)
    await refused(admin, { status: ORDER.done, score: 1 }, 409, /^当前状态不允许此操作/)
    const rated = await db().select().from(propertyAppraise).where(eq(propertyAppraise.orderId, id))
    expect(rated).toHaveLength(1)
    expect(rated[0]).toMatchObject({ score: 4, content: '及时', workerId: staffId })

    const detail = await get<{ order: Json; appraise: Json; logs: Json[] }>(`${C}/queryRepairsDetail`, { id })
    expect(detail.body.data.order).toMatchObject({
      status: ORDER.done,
      score: 4,
      workerName: expect.any(String),
    })
    expect(detail.body.data.appraise).toMatchObject({ score: 4, content: '及时' })
    expect(detail.body.data.logs.map((l) => l.toStatus)).toEqual([2, 3, 4, 5])
    const appraisals = await get<{ records: Json[] }>('ydzy/repairAppraise/list', { orderId: id })
    expect(appraisals.body.data.records[0]).toMatchObject({ orderNo: created.orderNo, score: 4 })
  })

  it('the reporter cancels before 维修中; a cleaning order moves alike', async () => {
    const { body } = await post<{ id: string }>(`${C}/submit-repair`, {
      title: '门锁坏',
      place: '1栋',
      communityId: sunny,
    })
    const id = body.data.id
    expect((await move(id, { status: ORDER.dispatched, workerId: staffId })).status).toBe(200)
    expect((await move(id, { status: ORDER.cancelled, reason: '已自行修好' })).status).toBe(200)
    expect(await repair(id)).toMatchObject({ status: ORDER.cancelled, cancelReason: '已自行修好' })

    const clean = await post<{ id: string }>(`${C}/submit-clean`, {
      place: '1栋大堂',
      communityId: sunny,
      typeKey: 'daily',
    })
    expect(clean.status, clean.text).toBe(200)
    const cid = clean.body.data.id
    const moveClean = (body: Json, as: Headers) =>
      post(`${C}/update-clean-info`, { id: cid, ...body }, undefined, as)
    expect((await moveClean({ status: ORDER.dispatched, workerId: staffId }, staff)).status).toBe(403)
    expect((await moveClean({ status: ORDER.dispatched, workerId: staffId }, admin)).status).toBe(200)
    const stranger = await moveClean({ status: ORDER.working }, other)
    expect(stranger.status).toBe(403)
    expect(stranger.body.msg).toBe(ORDER_TEXTS.notWorker)
    expect((await moveClean({ status: ORDER.working }, staff)).status).toBe(200)
    const page = await get<{ records: Json[] }>(`${C}/select-clean`, { status: ORDER.working })
    expect(page.body.data.records.map((r) => r.id)).toContain(cid)
  })

  it('an order left unrated 7 days is completed by the job, once', async () => {
    const { body } = await post<{ id: string }>(`${C}/submit-repair`, {
      title: '水管',
      place: '2栋',
      communityId: sunny,
    })
    const id = body.data.id
    await move(id, { status: ORDER.dispatched, workerId: staffId })
    await move(id, { status: ORDER.working }, staff)
    await move(id, { status: ORDER.rating, result: '已修' }, staff)
    await db()
      .update(propertyRepair)
      .set({ finishTime: new Date(Date.now() - 7 * 86_400_000 - 60_000) })
      .where(eq(propertyRepair.id, id))
    const first = await completeUnrated(db())
    expect(first).toBeGreaterThanOrEqual(1)
    expect(await repair(id)).toMatchObject({ status: ORDER.done })
    const n = await logs(id)
    expect(await completeUnrated(db())).toBe(0)
    expect(await logs(id)).toBe(n)
    // completed unrated: no appraisal, and the reporter cannot rate it now
    expect(await db().select().from(propertyAppraise).where(eq(propertyAppraise.orderId, id))).toHaveLength(0)
    expect((await move(id, { status: ORDER.done, score: 5 })).status).toBe(409)
  })

  it('createRepairOrder raises an order from another module (an inspection event)', async () => {
    const me = (
      await db()
        .select()
        .from(user)
        .where(and(eq(user.tenantId, TENANT), eq(user.account, 'admin')))
    )[0]!
    const auth = {
      userId: me.id,
      tenantId: TENANT,
      account: 'admin',
      userName: 'admin',
      roleIds: [],
      roleAliases: [],
      deptIds: [],
      clientId: 'test',
      jti: 'j',
      familyId: 'f',
      exp: 0,
    }
    const id = await db().transaction((tx) =>
      createRepairOrder(tx, auth, { title: '巡检发现: 灭火器过期', place: 'A栋一层', sourceId: '123' }),
    )
    expect(await repair(id)).toMatchObject({
      source: 3,
      sourceId: '123',
      status: ORDER.pending,
      reporterId: me.id,
    })
  })

  it('advice: 投诉 809001 / 建议 809002; 待回复 → 已回复, and a reply is final', async () => {
    const bad = await post('ydzy/advice/submit', { communityId: sunny, adviceType: 809003, content: 'x' })
    expect(bad.status).toBe(400)
    const made = await post<{ id: string }>('ydzy/advice/submit', {
      communityId: sunny,
      adviceType: 809001,
      content: '垃圾清运不及时',
    })
    const id = made.body.data.id
    const reply = (body: Json) => post('ydzy/advice/reply', { id, status: 2, ...body })
    expect((await reply({ reply: '' })).status).toBe(400)
    expect((await reply({ reply: '已安排每日两次清运' })).status).toBe(200)
    const again = await reply({ reply: '改一下' })
    expect(again.status).toBe(409)
    const [row] = await db().select().from(propertyAdvice).where(eq(propertyAdvice.id, id))
    expect(row).toMatchObject({ status: 2, reply: '已安排每日两次清运' })
    const edit = await post('ydzy/advice/submit', {
      id,
      communityId: sunny,
      adviceType: 809002,
      content: 'y',
    })
    expect(edit.status).toBe(409)
    const page = await get<{ records: Json[] }>('ydzy/advice/page', { adviceType: 809001, status: 2 })
    expect(page.body.data.records.map((r) => r.id)).toContain(id)
  })

  it('a visitor is granted on the community’s visitor machines for the day, and taken back after', async () => {
    const sunnyMachines = await get<{ records: Json[] }>(`${C}/queryMachineList`, { communityId: sunny })
    expect(sunnyMachines.body.data.records.map((r) => r.machineCode).sort()).toEqual(['DOOR-A1', 'FACE-A1'])
    const today = dayOf(new Date())
    const noFace = await post<{ id: string }>('ydzy/vistorinfo/submit', {
      communityId: sunny,
      visitorName: '钱访客',
      hostHouse: '1栋101',
      visitDate: today,
    })
    const refusedFace = await get(`ydzy/visitorMachine/addVisitorBackground`, { id: noFace.body.data.id })
    expect(refusedFace.status).toBe(400)
    expect(refusedFace.body.msg).toBe(VISITOR_TEXTS.noFace)

    const made = await post<{ id: string }>('ydzy/vistorinfo/submit', {
      communityId: sunny,
      visitorName: '孙访客',
      visitorPhone: '13600000000',
      faceUrl: '/files/face.jpg',
      hostHouse: '3栋2单元301',
      visitDate: today,
    })
    expect(made.status, made.text).toBe(200)
    const id = made.body.data.id
    await until(
      async () => (await t.app.devices.online(TENANT, ['FACE-A1'])).get('FACE-A1')?.online === true,
      30_000,
    )
    const granted = await get<{ machines: number }>('ydzy/visitorMachine/addVisitorBackground', { id })
    expect(granted.status, granted.text).toBe(200)
    expect(granted.body.data.machines).toBe(2)
    // issued to the machines through the broker: the simulated face terminal holds the visitor's face for today
    await until(() =>
      sim()
        .commandsOf(TENANT, 'FACE-A1')
        .some((c) => c.control === 'grant' && c.params.userId === id),
    )
    const command = sim()
      .commandsOf(TENANT, 'FACE-A1')
      .find((c) => c.control === 'grant' && c.params.userId === id)!
    expect(command.params).toMatchObject({
      name: '孙访客',
      face: '/files/face.jpg',
      validFrom: `${today} 00:00:00`,
    })
    await until(async () => {
      const rows = await db().select().from(machineGrant).where(eq(machineGrant.userId, id))
      return rows.length === 2 && rows.every((r) => r.grantStatus === 1)
    })
    const pass = async (machineCode: string) =>
      (await get<Json>('ydzy/visitorMachine/getUser', { machineCode, id })).body.data
    expect(await pass('FACE-A1')).toMatchObject({ visitorName: '孙访客', allowed: true })
    expect(await pass('CAM-GATE')).toMatchObject({ allowed: false })
    const found = await get<Json[]>('ydzy/vistorinfo/queryVisitorInfo', { visitorPhone: '13600000000' })
    expect(found.body.data.map((r) => r.id)).toEqual([id])
    expect(found.body.data[0]).toMatchObject({ status: VISITOR.granted, machineCount: 2 })
    // granted: no longer edited
    expect(
      (
        await post('ydzy/vistorinfo/submit', {
          id,
          communityId: sunny,
          visitorName: 'x',
          hostHouse: 'y',
          visitDate: today,
        })
      ).status,
    ).toBe(409)

    // the day is over: the device-grants job takes the grants back, the visitor job marks it 已过期
    await db()
      .update(machineGrant)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(machineGrant.userId, id))
    // every expired live grant goes (others of the park may have expired by the hour the suite runs)
    const expired = await db()
      .select()
      .from(machineGrant)
      .where(and(eq(machineGrant.isDeleted, 0), lte(machineGrant.validUntil, new Date())))
    expect(expired.filter((g) => g.userId === id)).toHaveLength(2)
    expect(await revokeExpired(ctx())).toBe(expired.length)
    expect(await revokeExpired(ctx())).toBe(0)
    await until(() =>
      sim()
        .commandsOf(TENANT, 'FACE-A1')
        .some((c) => c.control === 'revoke' && c.params.userId === id),
    )
    expect(
      await db()
        .select()
        .from(machineGrant)
        .where(and(eq(machineGrant.userId, id), eq(machineGrant.isDeleted, 0))),
    ).toHaveLength(0)
    expect(await pass('FACE-A1')).toMatchObject({ allowed: false })
    const tomorrow = new Date(Date.now() + 86_400_000)
    expect(await expireVisitors(ctx(), tomorrow)).toBeGreaterThanOrEqual(1)
    const [after] = await db().select().from(propertyVisitor).where(eq(propertyVisitor.id, id))
    expect(after!.status).toBe(VISITOR.expired)
    const late = await get('ydzy/visitorMachine/addVisitorBackground', { id })
    expect(late.status).toBe(409)
    expect(late.body.msg).toBe(VISITOR_TEXTS.dayOver)
    expect(
      await db()
        .select()
        .from(machineGrant)
        .where(and(eq(machineGrant.userId, id), eq(machineGrant.isDeleted, 0))),
    ).toHaveLength(0)
  })

  it('a community without visitor machines grants nothing', async () => {
    const [lake] = await db()
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.tenantId, TENANT), eq(dept.deptName, '翠湖社区')))
    const made = await post<{ id: string }>('ydzy/vistorinfo/submit', {
      communityId: lake!.id,
      visitorName: '周访客',
      faceUrl: '/files/f.jpg',
      hostHouse: '9栋',
      visitDate: dayOf(new Date()),
    })
    const res = await get('ydzy/visitorMachine/addVisitorBackground', { id: made.body.data.id })
    expect(res.status).toBe(409)
    expect(res.body.msg).toBe(VISITOR_TEXTS.noMachines)
    expect(
      await db().select().from(machineGrant).where(eq(machineGrant.userId, made.body.data.id)),
    ).toHaveLength(0)
  })

  it('the property dictionaries are the tenant’s business dictionaries, written with the dict rules', async () => {
    const types = await post<Json[]>(`${C}/query-type`)
    expect(types.body.data.map((e) => e.dictValue)).toEqual([
      '水电维修',
      '门窗维修',
      '公共设施',
      '电梯故障',
      '其他',
    ])
    const cleanTypes = await post<Json[]>(`${C}/query-type`, { kind: 'clean' })
    expect(cleanTypes.body.data[0]!.dictValue).toBe('日常保洁')
    const add = await post<{ id: string }>(`${C}/add-dict`, {
      code: 'property_trouble',
      dictKey: 'smell',
      dictValue: '异味',
    })
    expect(add.status, add.text).toBe(200)
    const troubles = async () => (await post<Json[]>(`${C}/getTrouble`)).body.data.map((e) => e.dictValue)
    expect(await troubles()).toContain('异味')
    // the dictionary's own lookup sees it (its cache dropped)
    const lookup = await get<Json[]>('blade-system/dict-biz/dictionary', { code: 'property_trouble' })
    expect(lookup.body.data.map((e) => e.dictValue)).toContain('异味')
    const twice = await post(`${C}/add-dict`, {
      code: 'property_trouble',
      dictKey: 'smell',
      dictValue: '气味',
    })
    expect(twice.status).toBe(400)
    expect(twice.body.msg).toBe('当前字典键值已存在!')
    expect((await post(`${C}/add-dict`, { code: 'card_type', dictKey: 'x', dictValue: 'y' })).status).toBe(
      400,
    )
    expect((await post(`${C}/update-dict`, { id: add.body.data.id, dictValue: '有异味' })).status).toBe(200)
    expect(await troubles()).toContain('有异味')
    const page = await get<{ records: Json[] }>(`${C}/query-dict`, { code: 'property_trouble' })
    expect(page.body.data.records.every((r) => r.code === 'property_trouble' && r.parentId !== '0')).toBe(
      true,
    )
    // another tenant's dictionary is not touched
    const platform = bearer(await signIn(t.app))
    const theirs = await post<Json[]>(`${C}/getTrouble`, undefined, undefined, platform)
    expect(theirs.body.data.map((e) => e.dictValue)).not.toContain('有异味')
    expect((await post(`${C}/del-dict`, undefined, { ids: add.body.data.id })).status).toBe(200)
    expect(await troubles()).not.toContain('有异味')
    const one = await post<Json[]>(`${C}/getDict`, { code: 'property_check_category' })
    expect(one.body.data.map((e) => e.dictValue)).toContain('消防')
  })

  it('hot cities: the tenant’s list of cities of the region data, in order', async () => {
    const all = await post<Json[]>(`${C}/query-city-all`)
    expect(all.body.data.map((c) => c.name)).toContain('南京市')
    const search = await post<Json[]>(`${C}/query-city`, { name: '南京' })
    expect(search.body.data.map((c) => c.code)).toEqual(['3201'])
    const hot = async (as: Headers = admin) =>
      (await post<Json[]>(`${C}/query-hotSpot`, undefined, undefined, as)).body.data.map((c) => c.code)
    expect(await hot()).toEqual(['3201', '3205'])
    const saved = await post(`${C}/save-hotspotId`, { cityCodes: '3205,3201,3204' })
    expect(saved.status, saved.text).toBe(200)
    expect(await hot()).toEqual(['3205', '3201', '3204'])
    const bad = await post(`${C}/save-hotspotId`, { cityCodes: '3205,9999' })
    expect(bad.status).toBe(400)
    expect(await hot()).toEqual(['3205', '3201', '3204'])
    expect((await post(`${C}/save-hotspotId`, { cityCodes: '3201' }, undefined, staff)).status).toBe(403)
  })

  it('check lists and community machines', async () => {
    const made = await post<{ id: string }>(`${C}/addChekList`, { name: '水泵房巡查', category: 'device' })
    expect(made.status, made.text).toBe(200)
    expect((await post(`${C}/updateChek`, { id: made.body.data.id, name: '水泵房' })).status).toBe(200)
    const page = await get<{ records: Json[] }>(`${C}/queryCheckList`, { name: '水泵' })
    expect(page.body.data.records[0]).toMatchObject({ name: '水泵房' })
    expect((await get(`${C}/delChek`, { ids: made.body.data.id })).status).toBe(200)
    const [light] = await db()
      .select({ id: parkMachine.id })
      .from(parkMachine)
      .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, 'LIGHT-M1')))
    const placed = await post(`${C}/updataMachine`, { communityId: sunny, machineId: light!.id })
    expect(placed.status, placed.text).toBe(200)
    const twice = await post(`${C}/updataMachine`, { communityId: sunny, machineId: light!.id })
    expect(twice.status).toBe(400)
    expect(twice.body.msg).toBe('该设备已属于一个社区')
  })

  it('reads answer the caller’s tenant only', async () => {
    const platform = bearer(await signIn(t.app))
    const theirs = await get<{ records: Json[] }>(`${C}/select-repair`, {} as Query, platform)
    expect(theirs.body.data.records).toHaveLength(0)
    const ours = await get<{ records: Json[] }>(`${C}/select-repair`, { size: 100 })
    expect(ours.body.data.records.length).toBeGreaterThanOrEqual(5)
  })
})

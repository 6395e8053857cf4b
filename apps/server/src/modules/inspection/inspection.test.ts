import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import {
  type InspectionOverview,
  POINT,
  RECORD,
  RESULT,
  type RecordPointRow,
  INSPECTION_TEXTS as T,
} from '@xpark/contract/modules/inspection'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeviceSimulator } from '../../adapters/device/simulator.js'
import { addDays, dayOf } from '../../core/days.js'
import { formatDateTime } from '../../core/envelope.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { until } from '../../test/until.js'
import { alarm as alarmTable } from '../alarm/index.js'
import { user } from '../identity/index.js'
import { propertyRepair } from '../property/index.js'
import { markOverdue, recordMaker } from './plan.js'
import { inspectionRecord } from './schema.js'

const PARK = '100001'
const BASE = 'park-manage/inspection'

describe('inspection patrols (park-manage/inspection)', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let adminId: string
  let staffId: string
  let seq = 0
  const api = apiClient(
    () => t,
    () => admin,
  )
  const ok = <T>(r: { status: number; body: { msg: string; data: T } }) => {
    expect(r.status, r.body.msg).toBe(200)
    return r.body.data
  }
  const point = async (extra: Record<string, unknown> = {}) =>
    ok(
      await api.post<{ id: string }>(`${BASE}/point/submit`, {
        name: `巡检点 ${++seq}`,
        code: `T-${seq}`,
        ...extra,
      }),
    ).id
  const path = async (pointIds: string[]) =>
    ok(
      await api.post<{ id: string }>(`${BASE}/path/submit`, {
        name: `路线 ${++seq}`,
        points: pointIds.map((pointId) => ({ pointId })),
      }),
    ).id
  const plan = async (pathId: string, extra: Record<string, unknown> = {}) =>
    ok(
      await api.post<{ id: string }>(`${BASE}/plan/submit`, {
        name: `计划 ${++seq}`,
        pathId,
        inspectorIds: `${adminId},${staffId}`,
        weekdays: '1,2,3,4,5,6,7',
        startTime: '00:00',
        endTime: '23:59',
        ...extra,
      }),
    ).id
  const recordsOf = (planId: string) =>
    t.database.db
      .select()
      .from(inspectionRecord)
      .where(and(eq(inspectionRecord.planId, planId), eq(inspectionRecord.isDeleted, 0)))
  const pointsOf = async (recordId: string) =>
    ok(await api.get<RecordPointRow[]>(`${BASE}/record/points`, { recordId }))
  const stateOf = async (id: string) =>
    (await t.database.db.select().from(inspectionRecord).where(eq(inspectionRecord.id, id)))[0]!
  const today = () => dayOf(new Date())

  /** A running record of the admin on a fresh path of three points (codes answered too). */
  async function running() {
    const codes = [`R-${++seq}-a`, `R-${seq}-b`, `R-${seq}-c`]
    const ids = [
      await point({ code: codes[0] }),
      await point({ code: codes[1] }),
      await point({ code: codes[2] }),
    ]
    const planId = await plan(await path(ids), { inspectorIds: adminId })
    const [record] = (await recordsOf(planId)).filter((r) => r.day === today())
    ok(await api.post(`${BASE}/startInspection`, { id: record!.id }))
    return { recordId: record!.id, codes, pointIds: ids, planId }
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    const people = await t.database.db
      .select({ id: user.id, account: user.account })
      .from(user)
      .where(and(eq(user.tenantId, PARK), inArray(user.account, ['admin', 'staff'])))
    adminId = people.find((p) => p.account === 'admin')!.id
    staffId = people.find((p) => p.account === 'staff')!.id
  })
  afterAll(() => t.close())

  it('a path has at least two points, each once, kept in the order sent', async () => {
    const [a, b, c] = [await point(), await point(), await point()]
    const short = await api.post(`${BASE}/path/submit`, { name: '短', points: [{ pointId: a }] })
    expect(short.body.msg).toBe(T.pathTooShort)
    const twice = await api.post(`${BASE}/path/submit`, {
      name: '重复',
      points: [{ pointId: a }, { pointId: b }, { pointId: a }],
    })
    expect(twice.status).toBe(400)
    const id = await path([c!, a!, b!])
    const detail = ok(
      await api.get<{ points: { pointId: string }[]; pointCount: number }>(`${BASE}/path/detail`, { id }),
    )
    expect(detail.points.map((p) => p.pointId)).toEqual([c, a, b])
    expect(detail.pointCount).toBe(3)
    // the pickers' tree: each point a leaf (the console's point pickers take leaves only)
    const tree = ok(await api.get<{ id: string; title: string; isLeaf?: boolean }[]>(`${BASE}/point/tree`))
    expect(tree.find((n) => n.id === a)).toMatchObject({ isLeaf: true })
    // a point on a path is not removed
    expect((await api.post(`${BASE}/point/remove`, undefined, { ids: a })).status).toBe(409)
  })

  it('a plan makes a record per inspector for today and tomorrow, each with its path’s points; the job makes them once', async () => {
    const ids = [await point(), await point()]
    const planId = await plan(await path(ids))
    const made = await recordsOf(planId)
    expect(made.map((r) => `${r.day}/${r.inspectorId === adminId ? 'admin' : 'staff'}`).sort()).toEqual(
      [
        `${today()}/admin`,
        `${today()}/staff`,
        `${addDays(today(), 1)}/admin`,
        `${addDays(today(), 1)}/staff`,
      ].sort(),
    )
    expect((await pointsOf(made[0]!.id)).map((p) => p.pointId)).toEqual(ids)
    // the job on every process, again and again: nothing more
    expect(await recordMaker.make(t.database.db)).toBe(0)
    expect(await recordMaker.make(t.database.db)).toBe(0)
    // a record someone removed is not made again
    const gone = made.find((r) => r.day !== today())!
    ok(await api.post(`${BASE}/record/remove`, undefined, { ids: gone.id }))
    await recordMaker.make(t.database.db, { today: today() })
    expect(await recordsOf(planId)).toHaveLength(3)
    // the day after tomorrow comes: its records only
    expect(await recordMaker.make(t.database.db, { today: addDays(today(), 1) })).toBeGreaterThanOrEqual(2)
    expect((await recordsOf(planId)).filter((r) => r.day === addDays(today(), 2))).toHaveLength(2)
  })

  it('only the assigned inspector starts a record, only inside its window; a refusal writes nothing', async () => {
    const ids = [await point(), await point()]
    const planId = await plan(await path(ids))
    const records = await recordsOf(planId)
    const mine = records.find((r) => r.inspectorId === adminId && r.day === today())!
    const tomorrow = records.find((r) => r.inspectorId === adminId && r.day !== today())!
    const staffs = records.find((r) => r.inspectorId === staffId && r.day === today())!
    const refused = await api.post(`${BASE}/startInspection`, { id: staffs.id })
    expect([refused.status, refused.body.msg]).toEqual([403, T.notYours])
    expect((await stateOf(staffs.id)).state).toBe(RECORD.pending)
    const early = await api.post(`${BASE}/startInspection`, { id: tomorrow.id })
    expect([early.status, early.body.msg]).toEqual([400, T.outsideWindow])
    expect((await stateOf(tomorrow.id)).state).toBe(RECORD.pending)
    ok(await api.post(`${BASE}/startInspection`, { id: mine.id }))
    expect(await stateOf(mine.id)).toMatchObject({ state: RECORD.running })
    expect((await stateOf(mine.id)).startedAt).toBeInstanceOf(Date)
    // started once: again is the state's refusal
    expect((await api.post(`${BASE}/startInspection`, { id: mine.id })).status).toBe(409)
    // the staff account starts its own
    ok(await api.post(`${BASE}/startInspection`, { id: staffs.id }, undefined, staff))
  })

  it('check-ins: by code at a point of the path, by the inspector, while running; a repeat keeps the first', async () => {
    const { recordId, codes } = await running()
    const other = await point()
    const otherCode = `T-${seq}`
    const off = await api.post(`${BASE}/checkIn`, { recordId, code: otherCode })
    expect([off.status, off.body.msg]).toEqual([400, T.offPath])
    const notMine = await api.post(`${BASE}/checkIn`, { recordId, code: codes[0] }, undefined, staff)
    expect([notMine.status, notMine.body.msg]).toEqual([403, T.notYours])
    const first = ok(await api.post<RecordPointRow>(`${BASE}/checkIn`, { recordId, code: codes[0] }))
    expect(first).toMatchObject({ result: POINT.normal, pointCode: codes[0] })
    const again = ok(
      await api.post<RecordPointRow>(`${BASE}/checkIn`, { recordId, code: codes[0], result: 2 }),
    )
    expect(again).toEqual(first)
    expect(other).toBeTruthy()
  })

  it('an event on a patrol marks its point 异常; ending makes unchecked points 漏检 and the verdict 异常', async () => {
    const { recordId, codes, pointIds } = await running()
    ok(await api.post(`${BASE}/checkIn`, { recordId, code: codes[0] }))
    const offPath = await api.post(`${BASE}/event/submit`, {
      recordId,
      pointId: await point(),
      level: 2,
      content: '不在路线上',
    })
    expect([offPath.status, offPath.body.msg]).toEqual([400, T.offPath])
    ok(
      await api.post(`${BASE}/event/submit`, {
        recordId,
        pointId: pointIds[1],
        level: 3,
        content: '配电柜异响',
      }),
    )
    const endRefused = await api.post(`${BASE}/endInspection`, { id: recordId }, undefined, staff)
    expect(endRefused.status).toBe(403)
    ok(await api.post(`${BASE}/endInspection`, { id: recordId }))
    expect((await pointsOf(recordId)).map((p) => p.result)).toEqual([
      POINT.normal,
      POINT.abnormal,
      POINT.missed,
    ])
    expect(await stateOf(recordId)).toMatchObject({ state: RECORD.done, result: RESULT.abnormal })
    const row = ok(
      await api.get<{ missedCount: number; checkedCount: number }>(`${BASE}/record/detail`, { id: recordId }),
    )
    expect(row).toMatchObject({ missedCount: 1, checkedCount: 2 })
    // ended: no more check-ins, no closing, no removal
    expect((await api.post(`${BASE}/checkIn`, { recordId, code: codes[2] })).body.msg).toBe(T.notRunning)
    expect((await api.post(`${BASE}/closeInspection`, { id: recordId, reason: '晚了' })).status).toBe(409)
    expect((await api.post(`${BASE}/record/remove`, undefined, { ids: recordId })).body.msg).toBe(
      T.onlyPending,
    )
  })

  it('closing needs a reason; a pending or running record closes, and stays closed', async () => {
    const ids = [await point(), await point()]
    const planId = await plan(await path(ids), { inspectorIds: staffId })
    const [record] = (await recordsOf(planId)).filter((r) => r.day === today())
    expect((await api.post(`${BASE}/closeInspection`, { id: record!.id })).status).toBe(400)
    expect((await stateOf(record!.id)).state).toBe(RECORD.pending)
    // closing is the manager's (inspection_close): the staff account has no such button
    expect(
      (await api.post(`${BASE}/closeInspection`, { id: record!.id, reason: '暴雨' }, undefined, staff))
        .status,
    ).toBe(403)
    ok(await api.post(`${BASE}/closeInspection`, { id: record!.id, reason: '暴雨停巡' }))
    expect(await stateOf(record!.id)).toMatchObject({ state: RECORD.closed, closeReason: '暴雨停巡' })
    expect((await api.post(`${BASE}/startInspection`, { id: record!.id }, undefined, staff)).status).toBe(409)
  })

  it('a plan edit remakes only the records not started; a started one keeps its path and window', async () => {
    const ids = [await point(), await point(), await point()]
    const planId = await plan(await path(ids.slice(0, 2)), { inspectorIds: adminId })
    const [started] = (await recordsOf(planId)).filter((r) => r.day === today())
    ok(await api.post(`${BASE}/startInspection`, { id: started!.id }))
    const newPath = await path(ids)
    const detail = ok(await api.get<Record<string, unknown>>(`${BASE}/plan/detail`, { id: planId }))
    ok(await api.post(`${BASE}/plan/submit`, { ...detail, pathId: newPath, startTime: '00:01' }))
    const after = await recordsOf(planId)
    expect(await stateOf(started!.id)).toMatchObject({ state: RECORD.running })
    expect(await pointsOf(started!.id)).toHaveLength(2)
    const tomorrow = after.find((r) => r.day === addDays(today(), 1))!
    expect(tomorrow.pathId).toBe(newPath)
    expect(formatDateTime(tomorrow.windowStart).slice(11, 16)).toBe('00:01')
    expect(await pointsOf(tomorrow.id)).toHaveLength(3)
    // removing the plan removes what is not started, keeps the running one
    ok(await api.post(`${BASE}/plan/remove`, undefined, { ids: planId }))
    expect((await recordsOf(planId)).map((r) => r.id)).toEqual([started!.id])
  })

  it('a window that passed without a start is 已超时', async () => {
    const ids = [await point(), await point()]
    const planId = await plan(await path(ids), { inspectorIds: staffId })
    const [record] = (await recordsOf(planId)).filter((r) => r.day === today())
    expect(await markOverdue(t.database.db, new Date(Date.now() + 3 * 86_400_000))).toBeGreaterThan(0)
    expect((await stateOf(record!.id)).state).toBe(RECORD.overdue)
  })

  it('getMachineIdByTime names the camera watching a point at that moment', async () => {
    const camera = async (name: string) =>
      ok(
        await api.post<{ id: string }>('park-manage/machine/updateMachine', {
          name,
          code: `cam-${++seq}`,
          type: MACHINE_TYPE.camera,
        }),
      ).id
    const first = await camera('一号摄像头')
    const second = await camera('二号摄像头')
    const id = await point({ machineId: first })
    await new Promise((r) => setTimeout(r, 1100))
    // a whole second after the first camera (the wire's times are to the second)
    const before = formatDateTime(new Date())
    const detail = ok(await api.get<Record<string, unknown>>(`${BASE}/point/detail`, { id }))
    ok(
      await api.post(`${BASE}/point/submit`, { id, name: detail.name, code: detail.code, machineId: second }),
    )
    const at = (time: string) =>
      api.get<{ machineId: string | null; machineName: string | null }>(`${BASE}/getMachineIdByTime`, {
        pointId: id,
        time,
      })
    expect(ok(await at(before))).toMatchObject({ machineId: first, machineName: '一号摄像头' })
    expect(ok(await at(formatDateTime(new Date(Date.now() + 1000))))).toMatchObject({ machineId: second })
    expect(ok(await at('2000-01-01 00:00:00')).machineId).toBeNull()
    // a machine that is not a camera is refused
    const door = ok(
      await api.post<{ id: string }>('park-manage/machine/updateMachine', {
        name: '门',
        code: `door-${++seq}`,
        type: MACHINE_TYPE.door,
      }),
    ).id
    expect(
      (await api.post(`${BASE}/point/submit`, { name: 'x', code: `x-${seq}`, machineId: door })).status,
    ).toBe(400)
  })

  it('a patrol handset checks in over MQTT; a check-in off the path is refused and acknowledged', async () => {
    const { recordId, codes } = await running()
    const simulator = new DeviceSimulator(t.app.devices.brokerUrl, t.app.devices.keyOf)
    try {
      await simulator.add([{ tenantId: PARK, code: 'handset-1' }])
      await simulator.raise(PARK, 'handset-1', { type: 'checkin', userId: adminId, code: codes[1] })
      await simulator.raise(PARK, 'handset-1', { type: 'checkin', userId: staffId, code: codes[2] })
      await until(async () => (await pointsOf(recordId))[1]!.result === POINT.normal)
      await until(async () => t.app.devices.ingested.refused > 0)
      expect((await pointsOf(recordId))[2]!.result).toBe(POINT.unchecked)
    } finally {
      await simulator.close()
    }
  })

  it('relateEventsById raises an alarm or a repair order from an event, once each', async () => {
    const { recordId, pointIds } = await running()
    const event = ok(
      await api.post<{ id: string }>(`${BASE}/event/submit`, {
        recordId,
        pointId: pointIds[0],
        level: 2,
        content: '消防通道堵塞',
      }),
    ).id
    const alarm = ok(
      await api.post<{ alarmId: string }>(`${BASE}/relateEventsById`, { id: event, type: 'alarm' }),
    )
    const [raised] = await t.database.db.select().from(alarmTable).where(eq(alarmTable.id, alarm.alarmId))
    expect(raised).toMatchObject({ alarmType: 'inspection', level: 3, status: 0 })
    expect(raised!.content).toContain('消防通道堵塞')
    const again = await api.post(`${BASE}/relateEventsById`, { id: event, type: 'alarm' })
    expect([again.status, again.body.msg]).toEqual([409, '该事件已关联告警'])
    const repair = ok(
      await api.post<{ repairId: string }>(`${BASE}/relateEventsById`, { id: event, type: 'repair' }),
    )
    const [order] = await t.database.db
      .select()
      .from(propertyRepair)
      .where(eq(propertyRepair.id, repair.repairId))
    expect(order).toMatchObject({ source: 3, sourceId: event, reporterId: adminId })
    expect((await api.post(`${BASE}/relateEventsById`, { id: event, type: 'repair' })).body.msg).toBe(
      '该事件已关联报修',
    )
    const row = ok(
      await api.get<{ alarmId: string; repairId: string }>(`${BASE}/event/detail`, { id: event }),
    )
    expect(row).toMatchObject({ alarmId: alarm.alarmId, repairId: repair.repairId })
  })

  it('the overview counts today by state and the statistics each inspector', async () => {
    const overview = ok(await api.get<InspectionOverview>(`${BASE}/overview`))
    expect(overview.today.total).toBeGreaterThan(0)
    expect(overview.today.running).toBeGreaterThan(0)
    expect(overview.trend).toHaveLength(7)
    expect(overview.trend[6]!.day).toBe(today())
    const stats = ok(
      await api.get<{ inspectorId: string; total: number; done: number }[]>(`${BASE}/statistics`, {
        startDay: addDays(today(), -1),
        endDay: addDays(today(), 3),
      }),
    )
    const mine = stats.find((s) => s.inspectorId === adminId)!
    expect(mine.total).toBeGreaterThan(0)
    expect(mine.done).toBeGreaterThan(0)
    expect(
      (await api.get(`${BASE}/statistics`, { startDay: '2025-01-01', endDay: '2026-12-31' })).status,
    ).toBe(400)
  })
})

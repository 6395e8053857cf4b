import type { AnalysisReply } from '@xpark/contract/modules/analysis'
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, dayBounds, dayOf } from '../../core/days.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { until } from '../../test/until.js'
import { alarm } from '../alarm/index.js'
import { attendanceDay } from '../attendance/index.js'
import { parkMachine, simulatorOf } from '../device/index.js'
import { parkingPass } from '../parking/index.js'
import { propertyClean, propertyRepair } from '../property/index.js'
import { accessDays, accessRecord, visit, visitDays } from '../visitor/index.js'
import {
  alarmDays,
  machineDays,
  markChanged,
  markRecent,
  passDays,
  sensorDays,
  serviceDays,
} from './aggregates.js'
import { sensorReading } from './schema.js'

/**
 * The analysis calls against counts over the raw rows of the seeded demo park (real database, the
 * simulated machines reading and raising alarms): every figure read from the daily aggregates the
 * jobs keep equals the count of its source rows, and a call filtered by area, machine or person
 * narrows it the same way.
 */
const TENANT = '100001'
const today = dayOf(new Date())
const from = addDays(today, -20)
const range = { startTime: `${from} 00:00:00`, endTime: `${today} 23:59:59` }
const sum = (r: AnalysisReply, name: string) =>
  r.series.find((s) => s.name === name)!.data.reduce((a, b) => a + b, 0)

describe('park analysis', () => {
  let t: TestContext
  let admin: Headers
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const db = () => t.database.db
  const figure = async (path: string, query: Record<string, string> = {}) => {
    const res = await get<AnalysisReply>(`park-analysis/${path}`, { ...range, ...query })
    expect(res.status, res.text).toBe(200)
    return res.body.data
  }
  const drainAll = async () => {
    await markRecent(db(), 31)
    await markChanged(db())
    for (const d of [visitDays, accessDays, sensorDays, alarmDays, serviceDays, machineDays, passDays])
      await d.drain(db())
  }
  const [start] = dayBounds(from)
  const [, end] = dayBounds(today)

  beforeAll(async () => {
    t = await startTestApp({ XPARK_DEVICE_SIMULATOR: 'on' })
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    await until(() => (simulatorOf(t.app.devices)?.size ?? 0) > 0, 15_000)
    const sim = simulatorOf(t.app.devices)!
    await until(async () => {
      try {
        await sim.read(TENANT, 'SENSOR-R1', { temperature: 21, humidity: 40 })
        return true
      } catch {
        return false
      }
    }, 15_000)
    await sim.read(TENANT, 'SENSOR-R1', { temperature: 25, kwh: 1.5 })
    await sim.read(TENANT, 'SENSOR-R1', { temperature: 23, kwh: 2.25 })
    await until(async () => (await db().select().from(sensorReading)).length >= 6)
    // another system's alarms (the intake), so today has some
    for (const type of ['smoke', 'offline'])
      expect((await post('park-manage/alarmInfor/alarmInforAdd', { alarmType: type, level: 3 })).status).toBe(
        200,
      )
    await drainAll()
  }, 120_000)

  afterAll(async () => {
    await t?.close()
  })

  it('visit figures equal the visits counted by their day', async () => {
    const [raw] = await db()
      .select({
        n: sql<number>`count(*)::int`,
        refused: sql<number>`(count(*) filter (where ${visit.status} = 3))::int`,
        arrived: sql<number>`(count(*) filter (where ${visit.arriveTime} is not null))::int`,
      })
      .from(visit)
      .where(
        and(
          eq(visit.tenantId, TENANT),
          eq(visit.isDeleted, 0),
          gte(visit.visitDay, from),
          sql`${visit.visitDay} <= ${today}`,
        ),
      )
    const daily = await figure('queryVisit')
    expect(daily.labels).toHaveLength(21)
    expect(sum(daily, 'visits')).toBe(raw!.n)
    expect(sum(daily, 'refused')).toBe(raw!.refused)
    expect(sum(daily, 'arrived')).toBe(raw!.arrived)
    expect((await figure('getDailyVisitCount')).total).toBe(raw!.arrived)
    expect((await figure('getVisitCount')).total).toBe(raw!.n)
    expect((await figure('analysis/visitors')).total).toBe(raw!.n)
    expect(raw!.n).toBeGreaterThan(3)
  })

  it('face and door figures equal the records, by day, door and person', async () => {
    const count = async (...where: ReturnType<typeof eq>[]) =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(accessRecord)
          .where(and(eq(accessRecord.tenantId, TENANT), gte(accessRecord.day, from), ...where))
      )[0]!.n
    const faces = await figure('analysis/faceRecord')
    expect(faces.total).toBe(await count(eq(accessRecord.kind, 1)))
    expect(sum(faces, 'stranger')).toBe(await count(eq(accessRecord.kind, 1), eq(accessRecord.personType, 0)))
    const doors = await figure('analysis/getDoorPassRecord')
    expect(sum(doors, 'passed') + sum(doors, 'refused')).toBe(await count(eq(accessRecord.kind, 2)))
    expect(doors.labels).toContain('A 栋大门门禁')
    const [someone] = await db()
      .select({ id: accessRecord.personId })
      .from(accessRecord)
      .where(eq(accessRecord.personType, 1))
      .limit(1)
    const track = await figure('analysis/personTrack', { personId: someone!.id! })
    expect(sum(track, 'passes')).toBe(
      await count(eq(accessRecord.personId, someone!.id!), eq(accessRecord.passed, 1)),
    )
    // an area narrows it to the machines standing there
    const lobby = await figure('analysis/faceRecord', { area: 'A 栋大堂' })
    expect(lobby.total).toBe(await count(eq(accessRecord.kind, 1), eq(accessRecord.area, 'A 栋大堂')))
    expect((await figure('analysis/faceRecord', { area: '别处' })).total).toBe(0)
  })

  it('alarm, service, machine and sensor figures equal their source rows', async () => {
    const [alarms] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(alarm)
      .where(
        and(
          eq(alarm.tenantId, TENANT),
          eq(alarm.isDeleted, 0),
          gte(alarm.firstTime, start),
          lt(alarm.firstTime, end),
        ),
      )
    expect(alarms!.n).toBeGreaterThanOrEqual(2)
    expect((await figure('analysis/alarmAnalysis')).total).toBe(alarms!.n)
    expect((await figure('analysis/queryAlarm')).total).toBe(alarms!.n)

    const [repairs] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(propertyRepair)
      .where(
        and(
          eq(propertyRepair.tenantId, TENANT),
          eq(propertyRepair.isDeleted, 0),
          gte(propertyRepair.createTime, start),
          lt(propertyRepair.createTime, end),
        ),
      )
    const service = await figure('analysis/propertyService')
    expect(service.total).toBe(repairs!.n)
    expect(sum(service, 'repairs')).toBe(repairs!.n)
    // cleaning orders (保洁服务) are counted beside the repairs, each with how many are done
    const cleans = await db()
      .select({ status: propertyClean.status })
      .from(propertyClean)
      .where(
        and(
          eq(propertyClean.tenantId, TENANT),
          eq(propertyClean.isDeleted, 0),
          gte(propertyClean.createTime, start),
          lt(propertyClean.createTime, end),
        ),
      )
    expect(cleans.length).toBeGreaterThan(0)
    expect(sum(service, 'cleanings')).toBe(cleans.length)
    expect(sum(service, 'cleaningsDone')).toBe(cleans.filter((c) => c.status === 4 || c.status === 5).length)

    const [machines] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(parkMachine)
      .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.isDeleted, 0)))
    expect((await figure('analysis/machineManageList')).total).toBe(machines!.n)

    const readings = await db().select().from(sensorReading).where(eq(sensorReading.tenantId, TENANT))
    const counts = await figure('analysis/getSensorHistoryCount')
    expect(counts.total).toBe(readings.length)
    const temps = readings.filter((r) => r.metric === 'temperature').map((r) => r.value)
    const history = await figure('analysis/getSensorHistory', { metric: 'temperature' })
    const at = history.labels.indexOf(today)
    expect(history.series.find((s) => s.name === 'min')!.data[at]).toBe(Math.min(...temps))
    expect(history.series.find((s) => s.name === 'max')!.data[at]).toBe(Math.max(...temps))
    expect((await figure('analysis/queryKWH')).total).toBe(3.75)
    const list = await figure('analysis/selectSensorList')
    expect(list.labels).toEqual(['机房温湿度传感器'])
    expect(list.series.find((s) => s.name === 'last')!.data).toEqual([23])
    expect((await figure('analysis/querySensorUniversal')).series[0]!.data).toEqual([23])
  })

  it('car figures equal the pass records, by day, gate and area; a gate pass marks its own day', async () => {
    const count = async (...where: (ReturnType<typeof eq> | undefined)[]) =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(parkingPass)
          .leftJoin(parkMachine, eq(parkMachine.id, parkingPass.machineId))
          .where(
            and(
              eq(parkingPass.tenantId, TENANT),
              gte(parkingPass.passTime, start),
              lt(parkingPass.passTime, end),
              ...where,
            ),
          )
      )[0]!.n
    // the demo's day of passes (marked by its seed), and the simulated traffic's since
    const before = await count()
    expect(before).toBeGreaterThanOrEqual(8)
    // a car seen 40 days ago (a camera's late upload): markRecent marks 31 days, so only the pass's own
    // write (parking's hook) marks its day
    const long = addDays(today, -40)
    const sim = simulatorOf(t.app.devices)!
    await sim.raise(TENANT, 'GATE-P1', {
      type: 'plate',
      plate: '琼A00730',
      plateColor: 1,
      at: new Date(`${long}T10:00:00`).toISOString(),
    })
    await until(
      async () =>
        (await db().select().from(parkingPass).where(eq(parkingPass.plate, '琼A00730'))).length === 1,
    )
    await passDays.drain(db())
    const then = await get<AnalysisReply>('park-analysis/analysis/pass-record', {
      startTime: long,
      endTime: long,
    })
    expect(then.body.data).toMatchObject({
      labels: [long],
      series: [{ name: 'passes', data: [1] }],
      total: 1,
    })
    // the simulated traffic may pass a car meanwhile: the figures catch up with the rows
    await until(async () => {
      await passDays.drain(db())
      return (await figure('analysis/pass-record')).total === (await count())
    })
    const passes = await figure('analysis/pass-record')
    expect(passes.labels).toHaveLength(21)
    const cars = await figure('analysis/carNumber')
    expect(sum(cars, 'entries')).toBe(await count(eq(parkingPass.direction, 0), eq(parkingPass.released, 1)))
    expect(sum(cars, 'exits')).toBe(await count(eq(parkingPass.direction, 1), eq(parkingPass.released, 1)))
    // a gate narrows it to its passes, an area to the gates standing there
    const [exitGate] = await db()
      .select({ id: parkMachine.id, area: parkMachine.location })
      .from(parkMachine)
      .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, 'GATE-P2')))
    const atExit = await figure('analysis/pass-record', { machineId: exitGate!.id })
    expect(atExit.total).toBe(await count(eq(parkingPass.machineId, exitGate!.id)))
    expect(atExit.total).toBeGreaterThan(0)
    const inArea = await figure('analysis/carNumber', { area: exitGate!.area })
    expect(sum(inArea, 'exits')).toBe(
      await count(
        eq(parkMachine.location, exitGate!.area),
        eq(parkingPass.direction, 1),
        eq(parkingPass.released, 1),
      ),
    )
    expect((await figure('analysis/pass-record', { area: '别处' })).total).toBe(0)
  })

  it('punches by day equal the punches of the attendance results, for the park and for a person', async () => {
    const punches = async (...where: ReturnType<typeof eq>[]) =>
      (
        await db()
          .select({ n: sql<number>`coalesce(sum(${attendanceDay.punchCount}), 0)::int` })
          .from(attendanceDay)
          .where(
            and(
              eq(attendanceDay.tenantId, TENANT),
              gte(attendanceDay.day, from),
              sql`${attendanceDay.day} <= ${today}`,
              ...where,
            ),
          )
      )[0]!.n
    const all = await figure('analysis/queryClockRecord')
    expect(all.labels).toHaveLength(21)
    expect(all.total).toBe(await punches())
    expect(all.total).toBeGreaterThan(0)
    const [someone] = await db()
      .select({ id: attendanceDay.userId })
      .from(attendanceDay)
      .where(and(eq(attendanceDay.tenantId, TENANT), sql`${attendanceDay.punchCount} > 0`))
      .limit(1)
    const own = await figure('analysis/queryClockRecord', { personId: someone!.id })
    expect(own.total).toBe(await punches(eq(attendanceDay.userId, someone!.id)))
    expect(own.total).toBeLessThan(all.total)
  })

  it('a range is checked: in order, at most 366 days', async () => {
    const backwards = await get('park-analysis/queryVisit', { startTime: today, endTime: from })
    expect(backwards.status).toBe(400)
    const long = await get('park-analysis/queryVisit', { startTime: '2020-01-01', endTime: today })
    expect(long.status).toBe(400)
    expect((await get('park-analysis/queryVisit', { startTime: '2025-02-30', endTime: today })).status).toBe(
      400,
    )
  })
})

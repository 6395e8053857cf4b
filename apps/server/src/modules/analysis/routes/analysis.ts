import { ALARM_LEVEL_NAMES } from '@xpark/contract/modules/alarm'
import { type AnalysisParams, analysisCalls } from '@xpark/contract/modules/analysis'
import { PASS_DIRECTION } from '@xpark/contract/modules/parking'
import { VISIT_STATUS_NAMES } from '@xpark/contract/modules/visitor'
import { and, asc, eq, gte, lte, max, type SQL, sql } from 'drizzle-orm'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { attendanceDay } from '../../attendance/index.js'
import { MACHINE_TYPE_NAMES, parkMachine } from '../../device/index.js'
import { accessDaily, visitDaily } from '../../visitor/index.js'
import { byDay, byLabel, figureOn, rangeOf, within } from '../figures.js'
import { alarmDaily, machineDaily, passDaily, sensorDaily, serviceDaily } from '../schema.js'

/** The `/park-analysis/…` calls: each one figure, read from the daily aggregates only. */

/** A column's sum over the group (0 when none), of the rows `only` holds when given. */
const sumInt = (column: unknown, only?: SQL) =>
  (only
    ? sql<number>`coalesce(sum(${column}) filter (where ${only}), 0)::float8`
    : sql<number>`coalesce(sum(${column}), 0)::float8`
  ).mapWith(Number)

export function registerAnalysisRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const C = analysisCalls
  const figure = figureOn(api)
  const machineName = sql<string>`coalesce((select m.name from ${parkMachine} m where m.id = ${accessDaily.machineId}), '')`
  const sensorName = sql<string>`coalesce((select m.name from ${parkMachine} m where m.id = ${sensorDaily.machineId}), '')`

  /** Visits by day (asked, approved, refused, arrived). */
  const visitsByDay = async (tenantId: string, p: AnalysisParams) => {
    const range = rangeOf(p)
    const rows = await db
      .select({
        day: visitDaily.day,
        visits: sumInt(visitDaily.visits),
        approved: sumInt(visitDaily.approved),
        refused:
          sql<number>`coalesce(sum(${visitDaily.visits}) filter (where ${visitDaily.status} = 3), 0)::float8`.mapWith(
            Number,
          ),
        arrived: sumInt(visitDaily.arrived),
      })
      .from(visitDaily)
      .where(within(visitDaily, tenantId, range, p))
      .groupBy(visitDaily.day)
    return { range, rows }
  }

  figure(C.queryVisit, async (p, tenantId) => {
    const { range, rows } = await visitsByDay(tenantId, p)
    return byDay(range, rows, ['visits', 'approved', 'refused', 'arrived'])
  })

  figure(C.getDailyVisitCount, async (p, tenantId) => {
    const { range, rows } = await visitsByDay(tenantId, p)
    return byDay(range, rows, ['arrived'])
  })

  figure(C.getVisitCount, async (p, tenantId) => {
    const rows = await db
      .select({ status: visitDaily.status, visits: sumInt(visitDaily.visits) })
      .from(visitDaily)
      .where(within(visitDaily, tenantId, rangeOf(p), p))
      .groupBy(visitDaily.status)
      .orderBy(asc(visitDaily.status))
    return byLabel(
      rows.map((r) => ({ ...r, label: VISIT_STATUS_NAMES[r.status] ?? String(r.status) })),
      ['visits'],
    )
  })

  figure(C.visitors, async (p, tenantId) => {
    const rows = await db
      .select({
        label: visitDaily.area,
        visits: sumInt(visitDaily.visits),
        arrived: sumInt(visitDaily.arrived),
      })
      .from(visitDaily)
      .where(within(visitDaily, tenantId, rangeOf(p), p))
      .groupBy(visitDaily.area)
      .orderBy(asc(visitDaily.area))
    return byLabel(
      rows.map((r) => ({ ...r, label: r.label || '未分配' })),
      ['visits', 'arrived'],
    )
  })

  figure(C.faceRecord, async (p, tenantId) => {
    const range = rangeOf(p)
    const of = (type: number) =>
      sql<number>`coalesce(sum(${accessDaily.records}) filter (where ${accessDaily.personType} = ${type}), 0)::float8`.mapWith(
        Number,
      )
    const rows = await db
      .select({ day: accessDaily.day, staff: of(1), visitor: of(2), stranger: of(0) })
      .from(accessDaily)
      .where(within(accessDaily, tenantId, range, p, eq(accessDaily.kind, 1)))
      .groupBy(accessDaily.day)
    const reply = byDay(range, rows, ['staff', 'visitor', 'stranger'])
    return { ...reply, total: reply.series.reduce((a, s) => a + s.data.reduce((x, y) => x + y, 0), 0) }
  })

  figure(C.getDoorPassRecord, async (p, tenantId) => {
    const rows = await db
      .select({
        label: machineName,
        passed:
          sql<number>`coalesce(sum(${accessDaily.records}) filter (where ${accessDaily.passed} = 1), 0)::float8`.mapWith(
            Number,
          ),
        refused:
          sql<number>`coalesce(sum(${accessDaily.records}) filter (where ${accessDaily.passed} = 0), 0)::float8`.mapWith(
            Number,
          ),
      })
      .from(accessDaily)
      .where(within(accessDaily, tenantId, rangeOf(p), p, eq(accessDaily.kind, 2)))
      .groupBy(accessDaily.machineId)
      .orderBy(asc(machineName))
    return byLabel(rows, ['passed', 'refused'])
  })

  figure(C.personTrack, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({
        day: accessDaily.day,
        passes: sumInt(accessDaily.records),
        places: sql<number>`count(distinct ${accessDaily.machineId})::float8`.mapWith(Number),
      })
      .from(accessDaily)
      .where(within(accessDaily, tenantId, range, p, eq(accessDaily.passed, 1)))
      .groupBy(accessDaily.day)
    return byDay(range, rows, ['passes', 'places'])
  })

  figure(C.alarmAnalysis, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({ day: alarmDaily.day, alarms: sumInt(alarmDaily.alarms), closed: sumInt(alarmDaily.closed) })
      .from(alarmDaily)
      .where(within(alarmDaily, tenantId, range, p))
      .groupBy(alarmDaily.day)
    return byDay(range, rows, ['alarms', 'closed'])
  })

  figure(C.queryAlarm, async (p, tenantId) => {
    const rows = await db
      .select({
        level: alarmDaily.level,
        alarms: sumInt(alarmDaily.alarms),
        open: sql<number>`coalesce(sum(${alarmDaily.alarms} - ${alarmDaily.closed}), 0)::float8`.mapWith(
          Number,
        ),
      })
      .from(alarmDaily)
      .where(within(alarmDaily, tenantId, rangeOf(p), p))
      .groupBy(alarmDaily.level)
      .orderBy(asc(alarmDaily.level))
    return byLabel(
      rows.map((r) => ({ ...r, label: ALARM_LEVEL_NAMES[r.level] ?? String(r.level) })),
      ['alarms', 'open'],
    )
  })

  figure(C.propertyService, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({
        day: serviceDaily.day,
        repairs: sumInt(serviceDaily.orders, eq(serviceDaily.kind, 1)),
        done: sumInt(serviceDaily.done, eq(serviceDaily.kind, 1)),
        cleanings: sumInt(serviceDaily.orders, eq(serviceDaily.kind, 2)),
        cleaningsDone: sumInt(serviceDaily.done, eq(serviceDaily.kind, 2)),
      })
      .from(serviceDaily)
      .where(within(serviceDaily, tenantId, range, p))
      .groupBy(serviceDaily.day)
    return byDay(range, rows, ['repairs', 'done', 'cleanings', 'cleaningsDone'])
  })

  figure(C.machineManageList, async (p, tenantId) => {
    const range = rangeOf(p)
    // the machines as the range's last kept day found them
    const [last] = await db
      .select({ day: max(machineDaily.day) })
      .from(machineDaily)
      .where(within(machineDaily, tenantId, range, p))
    if (!last?.day)
      return {
        labels: [],
        series: [
          { name: 'machines', data: [] },
          { name: 'online', data: [] },
        ],
        total: 0,
      }
    const rows = await db
      .select({
        type: machineDaily.type,
        machines: sumInt(machineDaily.machines),
        online: sumInt(machineDaily.online),
      })
      .from(machineDaily)
      .where(and(within(machineDaily, tenantId, range, p), eq(machineDaily.day, last.day)))
      .groupBy(machineDaily.type)
      .orderBy(asc(machineDaily.type))
    return byLabel(
      rows.map((r) => ({ ...r, label: MACHINE_TYPE_NAMES[r.type] ?? String(r.type) })),
      ['machines', 'online'],
    )
  })

  /** Cars the gates let through one way (a held pass moved no car). */
  const carsThrough = (direction: number) =>
    sql<number>`coalesce(sum(${passDaily.passes}) filter (where ${passDaily.direction} = ${direction} and ${passDaily.released} = 1), 0)::float8`.mapWith(
      Number,
    )

  figure(C.carNumber, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({
        day: passDaily.day,
        entries: carsThrough(PASS_DIRECTION.entry),
        exits: carsThrough(PASS_DIRECTION.exit),
      })
      .from(passDaily)
      .where(within(passDaily, tenantId, range, p))
      .groupBy(passDaily.day)
    return byDay(range, rows, ['entries', 'exits'])
  })

  figure(C.passRecord, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({ day: passDaily.day, passes: sumInt(passDaily.passes) })
      .from(passDaily)
      .where(within(passDaily, tenantId, range, p))
      .groupBy(passDaily.day)
    return byDay(range, rows, ['passes'])
  })

  figure(C.queryClockRecord, async (p, tenantId) => {
    // attendance's own daily results (a derived aggregate of the punches, per person-day, kept by its
    // attendance-day job): the punches of each day's windows; a person narrows it, no machine or area
    // does (a result names none)
    const range = rangeOf(p)
    const rows = await db
      .select({ day: attendanceDay.day, punches: sumInt(attendanceDay.punchCount) })
      .from(attendanceDay)
      .where(
        and(
          eq(attendanceDay.tenantId, tenantId),
          gte(attendanceDay.day, range.startDay),
          lte(attendanceDay.day, range.endDay),
          p.personId ? eq(attendanceDay.userId, p.personId) : undefined,
        ),
      )
      .groupBy(attendanceDay.day)
    return byDay(range, rows, ['punches'])
  })

  const metricOf = (p: { metric?: string | undefined }, fallback: string) => p.metric || fallback
  const sensorWhere = (
    tenantId: string,
    p: AnalysisParams & { metric?: string | undefined },
    metric?: string,
  ) => within(sensorDaily, tenantId, rangeOf(p), p, ...(metric ? [eq(sensorDaily.metric, metric)] : []))

  figure(C.getSensorHistory, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({
        day: sensorDaily.day,
        min: sql<number>`min(${sensorDaily.least})`.mapWith(Number),
        avg: sql<number>`round((sum(${sensorDaily.total}) / nullif(sum(${sensorDaily.readings}), 0))::numeric, 2)::float8`.mapWith(
          Number,
        ),
        max: sql<number>`max(${sensorDaily.most})`.mapWith(Number),
      })
      .from(sensorDaily)
      .where(sensorWhere(tenantId, p, metricOf(p, 'temperature')))
      .groupBy(sensorDaily.day)
    return byDay(range, rows, ['min', 'avg', 'max'])
  })

  figure(C.getSensorHistoryCount, async (p, tenantId) => {
    const rows = await db
      .select({ label: sensorDaily.metric, readings: sumInt(sensorDaily.readings) })
      .from(sensorDaily)
      .where(sensorWhere(tenantId, p, p.metric || undefined))
      .groupBy(sensorDaily.metric)
      .orderBy(asc(sensorDaily.metric))
    return byLabel(rows, ['readings'])
  })

  figure(C.querySensorUniversal, async (p, tenantId) => {
    const rows = await db
      .select({
        label: sensorName,
        avg: sql<number>`round((sum(${sensorDaily.total}) / nullif(sum(${sensorDaily.readings}), 0))::numeric, 2)::float8`.mapWith(
          Number,
        ),
        readings: sumInt(sensorDaily.readings),
      })
      .from(sensorDaily)
      .where(sensorWhere(tenantId, p, metricOf(p, 'temperature')))
      .groupBy(sensorDaily.machineId)
      .orderBy(asc(sensorName))
    return byLabel(rows, ['avg', 'readings'])
  })

  figure(C.selectSensorList, async (p, tenantId) => {
    const rows = await db
      .select({
        label: sensorName,
        readings: sumInt(sensorDaily.readings),
        last: sql<number>`(array_agg(${sensorDaily.last} order by ${sensorDaily.day} desc))[1]`.mapWith(
          Number,
        ),
      })
      .from(sensorDaily)
      .where(sensorWhere(tenantId, p, metricOf(p, 'temperature')))
      .groupBy(sensorDaily.machineId)
      .orderBy(asc(sensorName))
    return byLabel(rows, ['readings', 'last'])
  })

  figure(C.queryKWH, async (p, tenantId) => {
    const range = rangeOf(p)
    const rows = await db
      .select({
        day: sensorDaily.day,
        kwh: sql<number>`round(coalesce(sum(${sensorDaily.total}), 0)::numeric, 2)::float8`.mapWith(Number),
      })
      .from(sensorDaily)
      .where(within(sensorDaily, tenantId, range, p, eq(sensorDaily.metric, 'kwh')))
      .groupBy(sensorDaily.day)
    return byDay(range, rows, ['kwh'])
  })
}

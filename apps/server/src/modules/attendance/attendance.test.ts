import {
  ATTENDANCE_SCREENS,
  type AttendanceDayRow,
  type AttendanceSheetRow,
  type AttendanceStatisticsRow,
  type ClockLineDay,
  ATTENDANCE_STATUS as S,
  ATTENDANCE_TEXTS as T,
} from '@xpark/contract/modules/attendance'
import { and, eq, inArray, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeviceSimulator } from '../../adapters/device/simulator.js'
import { dept, menu, role, roleMenu, roleScope, scopeData, user } from '../../compose/schema.js'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { addDays, dayOf, isoWeekday } from '../../core/days.js'
import { nextId } from '../../core/ids.js'
import { apiClient } from '../../test/client.js'
import {
  bearer,
  DEMO_PASSWORD,
  type Headers,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { until } from '../../test/until.js'
import { firstSheet, rowValues } from '../../test/workbook.js'
import { parkMachine } from '../device/index.js'
import { TASK, workflowTask } from '../workflow/index.js'
import { takeMachinePunch } from './machine-punches.js'
import { refreshMembers } from './people.js'
import { dayResults, markLeaveDays } from './results.js'
import { attendanceDay, attendanceMember, attendancePunch, attendanceRule } from './schema.js'

const PARK = '100001'
const RECORD = 'park-clockin/punchClockRecord'
const RULE = 'park-clockin/punchClockSeting'

/** The Monday of the week two weeks ago: every day of it and the next is over. */
function mondayTwoWeeksAgo(): string {
  const back = addDays(dayOf(new Date()), -14)
  return addDays(back, 1 - isoWeekday(new Date(`${back}T12:00:00`)))
}

describe('attendance (park-clockin)', () => {
  let t: TestContext
  let admin: Headers
  let seq = 0
  const api = apiClient(
    () => t,
    () => admin,
  )
  const ok = <D>(r: { status: number; body: { msg: string; data: D } }) => {
    expect(r.status, r.body.msg).toBe(200)
    return r.body.data
  }
  const monday = mondayTwoWeeksAgo()
  const day = (n: number) => addDays(monday, n)

  /** A person of the park in no rule. */
  async function person(): Promise<string> {
    const id = nextId()
    await t.database.db.insert(user).values({
      id,
      tenantId: PARK,
      account: `att-${++seq}-${id.slice(-5)}`,
      password: 'x',
      realName: `考勤${seq}`,
    })
    return id
  }

  async function rule(userIds: string[], extra: Record<string, unknown> = {}): Promise<string> {
    return ok(
      await api.post<{ id: string }>(`${RULE}/add`, {
        name: `规则 ${++seq}`,
        userIds: userIds.join(','),
        workdays: '1,2,3,4,5',
        shiftCount: 1,
        start1: '09:00',
        end1: '18:00',
        lateGraceMinutes: 5,
        earlyGraceMinutes: 0,
        absentMinutes: 120,
        punchBeforeMinutes: 120,
        punchAfterMinutes: 240,
        useHolidays: 1,
        effectiveDay: monday,
        ...extra,
      }),
    ).id
  }

  const punch = async (userId: string, punchTime: string) =>
    ok(await api.post<{ id: string }>(`${RECORD}/add`, { userId, punchTime, reason: '忘记打卡' })).id

  const results = async (userId: string, to = day(4)) =>
    t.database.db
      .select()
      .from(attendanceDay)
      .where(and(eq(attendanceDay.userId, userId), lte(attendanceDay.day, to)))
      .orderBy(attendanceDay.day)
  const statusOf = async (userId: string, d: string) =>
    (await results(userId, d)).find((r) => r.day === d)?.status

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
  })
  afterAll(() => t.close())

  it('the demo park has a rule, its machine and four weeks of results', async () => {
    const [demo] = await t.database.db
      .select()
      .from(attendanceRule)
      .where(eq(attendanceRule.name, '标准工时'))
    expect(demo).toBeDefined()
    const rows = await t.database.db.select().from(attendanceDay).where(eq(attendanceDay.ruleId, demo!.id))
    expect(rows.length).toBeGreaterThan(20)
  })

  it('a day is 正常, 迟到, 早退, 缺卡 or 旷工 by its punches, 休息 off the work days; the reports read them', async () => {
    const p = await person()
    await rule([p])
    await punch(p, `${day(0)} 08:55:00`)
    await punch(p, `${day(0)} 18:05:00`)
    await punch(p, `${day(1)} 09:20:30`) // 21 minutes late (grace 5)
    await punch(p, `${day(1)} 18:00:00`)
    await punch(p, `${day(2)} 08:50:00`)
    await punch(p, `${day(2)} 17:30:00`) // 30 minutes early
    await punch(p, `${day(3)} 08:50:00`) // no out: 缺卡
    await punch(p, `${day(7)} 11:30:00`) // 150 minutes late, over the 120 of half a day: 旷工
    await punch(p, `${day(7)} 18:00:00`)
    await punch(p, `${day(5)} 10:00:00`) // a Saturday: 休息 whatever the punches
    // the days without a punch come due with the job (everyone's yesterday)
    await dayResults.drain(t.database.db)
    await dayResults.recompute(t.database.db as never, [
      { tenantId: PARK, userId: p, day: day(4) },
      { tenantId: PARK, userId: p, day: day(6) },
      { tenantId: PARK, userId: p, day: day(8) },
    ])
    const rows = await results(p, day(8))
    const of = (d: string) => rows.find((r) => r.day === d)!
    expect(of(day(0)).status).toBe(S.normal)
    expect(of(day(1))).toMatchObject({ status: S.late, lateMinutes: 21 })
    expect(of(day(2))).toMatchObject({ status: S.early, earlyMinutes: 30 })
    expect(of(day(3))).toMatchObject({ status: S.missing, missingCount: 1 })
    expect(of(day(4))).toMatchObject({ status: S.absent, absentHalfDays: 2, punchCount: 0 })
    expect(of(day(5)).status).toBe(S.rest)
    expect(of(day(6)).status).toBe(S.rest)
    expect(of(day(7))).toMatchObject({ status: S.absent, absentHalfDays: 1, lateMinutes: 150 })
    expect(of(day(8))).toMatchObject({ status: S.absent, absentHalfDays: 2 })

    const range = { startDay: day(0), endDay: day(8), userId: p }
    const late = ok(
      await api.get<{ records: AttendanceDayRow[]; total: number }>(`${RECORD}/latePage`, range),
    )
    expect(late.records.map((r) => [r.day, r.status])).toEqual([
      [day(2), S.early],
      [day(1), S.late],
    ])
    expect(late.records[1]!.in1).toBe(`${day(1)} 09:20:30`)
    const abnormal = ok(
      await api.get<{ records: AttendanceDayRow[]; total: number }>(`${RECORD}/differentPage`, range),
    )
    expect(abnormal.total).toBe(6)
    const absent = ok(
      await api.get<{ records: AttendanceDayRow[] }>(`${RECORD}/differentPage`, {
        ...range,
        status: S.absent,
      }),
    )
    expect(absent.records.map((r) => r.absentDays)).toEqual([1, 0.5, 1])
    const [stats] = ok(
      await api.get<{ records: AttendanceStatisticsRow[] }>(`${RECORD}/statistics`, range),
    ).records
    expect(stats).toMatchObject({
      days: 9,
      workdays: 7,
      normal: 1,
      late: 1,
      early: 1,
      missing: 1,
      absent: 3,
      rest: 2,
      lateMinutes: 171,
      earlyMinutes: 30,
      absentDays: 2.5,
    })
    const line = ok(await api.get<ClockLineDay[]>(`${RECORD}/clockLine`, { ...range, endDay: day(0) }))
    expect(line[0]).toMatchObject({
      day: day(0),
      shifts: [{ start: `${day(0)} 09:00:00`, end: `${day(0)} 18:00:00` }],
      punches: [`${day(0)} 08:55:00`, `${day(0)} 18:05:00`],
    })
  })

  it('the holiday calendar makes a workday a rest day and a weekend day a make-up workday', async () => {
    const p = await person()
    ok(await api.post('andchu/holiday/submit', { holidayDate: day(9), name: '节日', dayType: 1 }))
    ok(await api.post('andchu/holiday/submit', { holidayDate: day(12), name: '调休上班', dayType: 2 }))
    await rule([p])
    await punch(p, `${day(12)} 08:58:00`)
    await punch(p, `${day(12)} 18:01:00`)
    await dayResults.recompute(t.database.db as never, [
      { tenantId: PARK, userId: p, day: day(9) },
      { tenantId: PARK, userId: p, day: day(13) },
    ])
    expect(await statusOf(p, day(9))).toBe(S.rest) // a Wednesday off
    expect(await statusOf(p, day(12))).toBe(S.normal) // a Saturday worked
    expect(await statusOf(p, day(13))).toBe(S.rest) // an ordinary Sunday
    // a rule not following the calendar works its weekdays
    const q = await person()
    await rule([q], { useHolidays: 0 })
    await dayResults.recompute(t.database.db as never, [{ tenantId: PARK, userId: q, day: day(9) }])
    expect(await statusOf(q, day(9))).toBe(S.absent)
  })

  it("a reader's data scope over people narrows the reports (本人: their own results only)", async () => {
    const db = t.database.db
    const other = await person()
    const roleId = nextId()
    await db.insert(role).values({ id: roleId, tenantId: PARK, roleName: '考勤自查', roleAlias: 'self' })
    const menus = await db
      .select()
      .from(menu)
      .where(inArray(menu.code, ['attendance', 'attendance_record_view', ATTENDANCE_SCREENS.statistics]))
    await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
    const ruleId = nextId()
    await db.insert(scopeData).values({
      id: ruleId,
      menuId: menus[0]!.id,
      resourceCode: 'user',
      scopeName: '本人',
      scopeType: 2,
      scopeColumn: 'id',
      scopeValue: '',
    })
    await db.insert(roleScope).values({ id: nextId(), roleId, scopeId: ruleId, scopeCategory: 1 })
    const me = nextId()
    await db.insert(user).values({
      id: me,
      tenantId: PARK,
      account: `self-${me.slice(-6)}`,
      password: await hashPassword(md5(DEMO_PASSWORD)),
      realName: '自查',
      roleId,
    })
    await rule([me, other])
    await dayResults.recompute(db as never, [
      { tenantId: PARK, userId: me, day: day(3) },
      { tenantId: PARK, userId: other, day: day(3) },
    ])
    const range = { startDay: day(3), endDay: day(3) }
    const seen = async (path: string, headers: Headers) => {
      const reply = await api.get<{ records: { userId: string }[] }>(path, range, headers)
      expect(reply.status, reply.body.msg).toBe(200)
      return reply.body.data.records.map((r) => r.userId).filter((id) => id === me || id === other)
    }
    expect((await seen(`${RECORD}/statistics`, admin)).sort()).toEqual([me, other].sort())
    const self = bearer(await signIn(t.app, { tenantId: PARK, account: `self-${me.slice(-6)}` }))
    expect(await seen(`${RECORD}/statistics`, self)).toEqual([me])
    // naming the other person does not widen it
    const named = await api.get<{ records: unknown[] }>(
      `${RECORD}/statistics`,
      { ...range, userId: other },
      self,
    )
    expect(named.body.data.records).toEqual([])
  })

  it('a holiday added, moved or removed recomputes the results already kept for its days', async () => {
    const p = await person()
    await rule([p])
    const db = t.database.db
    await dayResults.recompute(db as never, [
      { tenantId: PARK, userId: p, day: day(8) },
      { tenantId: PARK, userId: p, day: day(10) },
    ])
    expect(await statusOf(p, day(8))).toBe(S.absent) // a Tuesday without punches
    const id = ok(
      await api.post<{ id: string }>('andchu/holiday/save', {
        holidayDate: day(8),
        name: '补休',
        dayType: 1,
      }),
    ).id
    await dayResults.drain(db)
    expect(await statusOf(p, day(8))).toBe(S.rest)
    // moved to the Thursday: both days are recomputed
    ok(await api.post('andchu/holiday/submit', { id, holidayDate: day(10), name: '补休', dayType: 1 }))
    await dayResults.drain(db)
    expect(await statusOf(p, day(8))).toBe(S.absent)
    expect(await statusOf(p, day(10))).toBe(S.rest)
    ok(await api.post('andchu/holiday/remove', undefined, { ids: id }))
    await dayResults.drain(db)
    expect(await statusOf(p, day(10))).toBe(S.absent)
  })

  it('a night shift past midnight is one day; two shifts split at the gap between them', async () => {
    const night = await person()
    await rule([night], { start1: '22:00', end1: '06:00', workdays: '1,2,3,4,5,6,7' })
    await punch(night, `${day(0)} 21:50:00`)
    await punch(night, `${day(1)} 06:03:00`)
    await punch(night, `${day(1)} 22:10:00`) // late on the next night
    await punch(night, `${day(2)} 05:40:00`) // and early
    expect(await statusOf(night, day(0))).toBe(S.normal)
    const [next] = (await results(night)).filter((r) => r.day === day(1))
    expect(next).toMatchObject({ status: S.late, lateMinutes: 10, earlyMinutes: 20 })

    const split = await person()
    await rule([split], {
      shiftCount: 2,
      start1: '09:00',
      end1: '12:00',
      start2: '13:00',
      end2: '18:00',
    })
    await punch(split, `${day(0)} 08:59:00`)
    await punch(split, `${day(0)} 12:01:00`)
    await punch(split, `${day(0)} 12:58:00`)
    await punch(split, `${day(0)} 18:00:00`)
    await punch(split, `${day(1)} 08:59:00`)
    await punch(split, `${day(1)} 12:01:00`)
    const rows = await results(split)
    expect(rows.find((r) => r.day === day(0))).toMatchObject({ status: S.normal, workMinutes: 480 })
    // the afternoon without a punch: half a day away
    expect(rows.find((r) => r.day === day(1))).toMatchObject({ status: S.absent, absentHalfDays: 1 })
  })

  it('a rule change recomputes its days from the day it counts from, and only those', async () => {
    const p = await person()
    const id = await rule([p])
    await dayResults.drain(t.database.db) // the days the new rule touched
    for (const n of [0, 1, 2, 3, 4]) {
      await punch(p, `${day(n)} 09:30:00`)
      await punch(p, `${day(n)} 18:30:00`)
    }
    const before = await results(p)
    expect(before.map((r) => r.status)).toEqual([S.late, S.late, S.late, S.late, S.late])
    // from Thursday on, work starts at 10:00
    const [stored] = await t.database.db.select().from(attendanceRule).where(eq(attendanceRule.id, id))
    ok(await api.post(`${RULE}/update`, { ...stored, id, start1: '10:00', effectiveDay: day(3) }))
    await dayResults.drain(t.database.db)
    const after = await results(p)
    expect(after.map((r) => r.status)).toEqual([S.late, S.late, S.late, S.normal, S.normal])
    for (const n of [0, 1, 2]) expect(after[n]!.computedAt).toEqual(before[n]!.computedAt)
    for (const n of [3, 4])
      expect(after[n]!.computedAt.getTime()).toBeGreaterThan(before[n]!.computedAt.getTime())
    // the rule's own report: its people's late days
    const page = ok(
      await api.get<{ total: number }>(`${RULE}/latePage`, { ruleId: id, startDay: day(0), endDay: day(4) }),
    )
    expect(page.total).toBe(3)
  })

  it('a saved rule rings the results job (its days computed now, not at the next minute); a refused one does not', async () => {
    let rung = 0
    const unlisten = dayResults.job.wake!.listen(() => rung++)
    try {
      const p = await person()
      await rule([p])
      expect(rung).toBe(1)
      const refused = await api.post(`${RULE}/add`, { name: '', userIds: p })
      expect(refused.status).toBe(400)
      expect(rung).toBe(1)
    } finally {
      unlisten()
    }
  })

  it('the job drains more keys than PGlite holds advisory locks in one transaction (in batches)', async () => {
    const p = await person()
    await rule([p])
    const keys = Array.from({ length: 150 }, (_, i) => ({
      tenantId: PARK,
      userId: p,
      day: addDays(monday, -i),
    }))
    await t.database.db.transaction((tx) => dayResults.touch(tx, keys))
    expect(await dayResults.drain(t.database.db)).toBeGreaterThanOrEqual(150)
    expect((await results(p, day(0))).map((r) => r.day)).toEqual([monday])
  })

  it('a person is in one rule only; a refused rule writes nothing', async () => {
    const p = await person()
    const first = await rule([p])
    const [stored] = await t.database.db.select().from(attendanceRule).where(eq(attendanceRule.id, first))
    const name = stored!.name
    const count = async () => (await t.database.db.select().from(attendanceRule)).length
    const rules = await count()
    const second = await api.post(`${RULE}/add`, {
      name: '第二个',
      userIds: p,
      workdays: '1,2,3,4,5',
      shiftCount: 1,
      start1: '09:00',
      end1: '18:00',
      lateGraceMinutes: 0,
      earlyGraceMinutes: 0,
      absentMinutes: 120,
      punchBeforeMinutes: 60,
      punchAfterMinutes: 60,
    })
    expect(second.status).toBe(409)
    expect(second.body.msg).toContain(T.personTaken.replace('{rule}', name))
    expect(await count()).toBe(rules)
    // the second shift must be given, and a day's window fits in 24 hours
    const two = await api.post(`${RULE}/add`, {
      name: '两班',
      userIds: await person(),
      workdays: '1',
      shiftCount: 2,
      start1: '09:00',
      end1: '12:00',
      lateGraceMinutes: 0,
      earlyGraceMinutes: 0,
      absentMinutes: 120,
      punchBeforeMinutes: 60,
      punchAfterMinutes: 60,
    })
    expect(two.body.msg).toBe(T.secondShift)
    expect(await count()).toBe(rules)
  })

  it("a rule's departments are followed between saves: who joins counts, who leaves goes, one rule each", async () => {
    const deptId = nextId()
    await t.database.db
      .insert(dept)
      .values({ id: deptId, tenantId: PARK, deptName: `考勤部门 ${++seq}`, ancestors: '0' })
    const members = async (ruleId: string) =>
      (
        await t.database.db
          .select({ userId: attendanceMember.userId })
          .from(attendanceMember)
          .where(eq(attendanceMember.ruleId, ruleId))
      )
        .map((m) => m.userId)
        .sort()
    const early = await person()
    await t.database.db.update(user).set({ deptId }).where(eq(user.id, early))
    const byDept = await rule([], { deptIds: deptId })
    expect(await members(byDept)).toEqual([early])
    // after the save: one joins the department, one joins it who is named in another rule, one leaves
    const newcomer = await person()
    const elsewhere = await person()
    const other = await rule([elsewhere])
    await t.database.db
      .update(user)
      .set({ deptId })
      .where(inArray(user.id, [newcomer, elsewhere]))
    expect(await members(byDept)).toEqual([early])
    await refreshMembers(t.database.db)
    expect(await members(byDept)).toEqual([early, newcomer].sort())
    expect(await members(other)).toEqual([elsewhere])
    await t.database.db.update(user).set({ deptId: '' }).where(eq(user.id, early))
    await refreshMembers(t.database.db)
    expect(await members(byDept)).toEqual([newcomer])
    // nothing more to change: the job is idempotent
    expect(await refreshMembers(t.database.db)).toBe(0)
  })

  it('punches: the future is refused, a machine punch is never changed or removed, a refusal writes nothing', async () => {
    const p = await person()
    await rule([p])
    const punches = async () =>
      (await t.database.db.select().from(attendancePunch).where(eq(attendancePunch.userId, p))).length
    const tomorrow = `${addDays(dayOf(new Date()), 1)} 09:00:00`
    const future = await api.post(`${RECORD}/add`, { userId: p, punchTime: tomorrow, reason: '提前' })
    expect(future.status).toBe(400)
    expect(future.body.msg).toBe(T.futurePunch)
    const noReason = await api.post(`${RECORD}/add`, { userId: p, punchTime: `${day(0)} 09:00:00` })
    expect(noReason.status).toBe(400)
    expect(await punches()).toBe(0)

    const [clock] = await t.database.db
      .select()
      .from(parkMachine)
      .where(and(eq(parkMachine.tenantId, PARK), eq(parkMachine.code, 'CLOCK-A1')))
    const taken = await t.database.db.transaction((tx) =>
      takeMachinePunch(tx, {
        tenantId: PARK,
        machine: clock!.code,
        eventId: `e-${p}`,
        userId: p,
        at: new Date(`${day(0)}T08:57:00`),
      }),
    )
    expect(taken).toBe(true)
    const [machinePunch] = await t.database.db
      .select()
      .from(attendancePunch)
      .where(eq(attendancePunch.userId, p))
    const hand = await punch(p, `${day(0)} 18:00:00`)
    const update = await api.post(`${RECORD}/update`, {
      id: machinePunch!.id,
      userId: p,
      punchTime: `${day(0)} 08:00:00`,
      reason: '改',
    })
    expect(update.status).toBe(409)
    expect(update.body.msg).toBe(T.machinePunch)
    // a batch holding a machine punch removes nothing
    const remove = await api.post(`${RECORD}/delete`, undefined, { ids: `${hand},${machinePunch!.id}` })
    expect(remove.status).toBe(409)
    expect(await punches()).toBe(2)
    // a hand punch moves, and both its days follow at once
    ok(
      await api.post(`${RECORD}/update`, {
        id: hand,
        userId: p,
        punchTime: `${day(1)} 18:00:00`,
        reason: '改日',
      }),
    )
    expect(await statusOf(p, day(1))).toBe(S.missing)
    const page = ok(
      await api.get<{ records: { source: number; machineName: string | null }[] }>(`${RECORD}/select`, {
        userId: p,
      }),
    )
    expect(page.records.map((r) => r.source).sort()).toEqual([1, 2])
  })

  it('a machine punch event delivered twice is stored once', async () => {
    const p = await person()
    await rule([p])
    const simulator = new DeviceSimulator(t.app.devices.brokerUrl, t.app.devices.keyOf)
    try {
      await simulator.add([{ tenantId: PARK, code: 'CLOCK-A1' }])
      // this app runs no simulated park: the only events are these two (taken once, then a repeat)
      const taken = () => t.app.devices.ingested.handled + t.app.devices.ingested.repeats
      const before = taken()
      await simulator.raise(PARK, 'CLOCK-A1', { type: 'punch', id: 'evt-1', userId: p })
      await simulator.raise(PARK, 'CLOCK-A1', { type: 'punch', id: 'evt-1', userId: p })
      await until(() => taken() >= before + 2)
    } finally {
      await simulator.close()
    }
    const stored = await t.database.db.select().from(attendancePunch).where(eq(attendancePunch.userId, p))
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ source: 1, eventId: 'evt-1' })
    // the same event again, after the device layer has forgotten it: the unique index keeps one
    const again = await t.database.db.transaction((tx) =>
      takeMachinePunch(tx, {
        tenantId: PARK,
        machine: 'CLOCK-A1',
        eventId: 'evt-1',
        userId: p,
        at: stored[0]!.punchTime,
      }),
    )
    expect(again).toBe(false)
  })

  it('the month sheet matches the results and exports as xlsx', async () => {
    const p = await person()
    const id = await rule([p])
    await punch(p, `${day(0)} 08:50:00`)
    await punch(p, `${day(0)} 18:10:00`)
    const month = day(0).slice(0, 7)
    const sheet = ok(
      await api.get<{ records: AttendanceSheetRow[] }>(`${RULE}/attendance`, { ruleId: id, month }),
    )
    expect(sheet.records).toHaveLength(1)
    expect(sheet.records[0]!.statuses[Number(day(0).slice(8)) - 1]).toBe(S.normal)
    const file = await t.app.inject({
      method: 'GET',
      url: `/xparkApi/${RULE}/exportAttendance`,
      query: { ruleId: id, month },
      headers: admin,
    })
    expect(file.statusCode).toBe(200)
    const ws = await firstSheet(file.rawPayload)
    const header = rowValues(ws, 1)
    const [name] = await t.database.db.select({ realName: user.realName }).from(user).where(eq(user.id, p))
    expect(rowValues(ws, 2)[0]).toBe(name!.realName)
    expect(rowValues(ws, 2)[header.indexOf(String(Number(day(0).slice(8))))]).toBe('正常')
    // another tenant's rule is not found
    const other = await api.get(`${RULE}/statistics`, { ruleId: '1', startDay: day(0), endDay: day(1) })
    expect(other.status).toBe(404)
  })

  it('a leave request approved through the workflow makes its day 请假; the results follow the approval', async () => {
    const db = t.database.db
    const [staff] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.tenantId, PARK), eq(user.account, 'staff')))
    // the demo's park staff, in the demo rule (标准工时)
    const keys = [day(10), day(11)].map((d) => ({ tenantId: PARK, userId: staff!.id, day: d }))
    await dayResults.recompute(db as never, keys)
    const before = await statusOf(staff!.id, day(11))
    expect(before).not.toBe(S.leave)
    const asStaff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    const leave = await api.post<{ id: string }>(
      'blade-workflow/leave',
      { startTime: `${day(11)} 09:00:00`, endTime: `${day(11)} 18:00:00`, days: 1, reason: '体检' },
      undefined,
      asStaff,
    )
    expect(leave.status, leave.body.msg).toBe(200)
    // the request's row carries the process it started (the kit's workflow declaration)
    const row = await api.get<{ processInstanceId: string }>(
      'blade-workflow/leave/detail',
      { id: leave.body.data.id },
      asStaff,
    )
    const instanceId = row.body.data.processInstanceId
    // not approved yet: as it was
    await markLeaveDays(db)
    await dayResults.drain(db)
    expect(await statusOf(staff!.id, day(11))).toBe(before)
    const [task] = await db
      .select({ id: workflowTask.id })
      .from(workflowTask)
      .where(and(eq(workflowTask.instanceId, instanceId), eq(workflowTask.status, TASK.open)))
    ok(
      await api.post('blade-workflow/process/completeTask', {
        taskId: task!.id,
        pass: true,
        comment: '同意',
      }),
    )
    await markLeaveDays(db)
    await dayResults.drain(db)
    expect(await statusOf(staff!.id, day(11))).toBe(S.leave)
    expect(await statusOf(staff!.id, day(10))).not.toBe(S.leave) // the day before is not covered
  })
})

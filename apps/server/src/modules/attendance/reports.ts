import {
  type AttendanceDayRow,
  type AttendanceSheetRow,
  type AttendanceStatisticsRow,
  type ClockLineDay,
  ATTENDANCE_STATUS as S,
} from '@xpark/contract/modules/attendance'
import { and, asc, desc, eq, gte, inArray, like, lte, type SQL, sql } from 'drizzle-orm'
import { addDays } from '../../core/days.js'
import { formatDateTime } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import { escapeLike, type Paging } from '../../core/query/index.js'
import type { DbOrTx } from '../../db/client.js'
import { user, userDept } from '../identity/index.js'
import { deptSubtree } from '../org/index.js'
import { attendanceDay, attendanceRule } from './schema.js'

/**
 * The reports, read from the person-day results alone (docs/modules/attendance.md, "Reports"): one
 * statement each, paged with `count(*) over()`.
 */

export interface Whose {
  tenantId: string
  /** the rules' base: one rule's results */
  ruleId?: string | undefined
  deptId?: string | undefined
  userId?: string | undefined
  realName?: string | undefined
  /**
   * the people the reader may see: their data scope over users (a report never shows more than the
   * user screen would); undefined when it is all of the tenant
   */
  people?: SQL | undefined
}

export interface Page<T> {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
  orders: never[]
  searchCount: boolean
}

const pageOf = <T>(records: T[], total: number, paging: Paging): Page<T> => ({
  records,
  total,
  size: paging.size,
  current: paging.current,
  pages: Math.ceil(total / paging.size),
  orders: [],
  searchCount: true,
})

/** At most a year of days per report. */
export function checkRange(startDay: string, endDay: string): void {
  if (endDay < startDay) throw badRequest('参数校验失败: endDay: 结束日期不能早于开始日期')
  if (addDays(startDay, 366) <= endDay) throw badRequest('参数校验失败: endDay: 最多查询 366 天')
}

/** The results' condition: the tenant, the days, the people. */
async function whereOf(db: DbOrTx, w: Whose, from: string, to: string, extra?: SQL): Promise<SQL> {
  const d = attendanceDay
  const conditions: (SQL | undefined)[] = [
    eq(d.tenantId, w.tenantId),
    gte(d.day, from),
    lte(d.day, to),
    extra,
  ]
  if (w.ruleId) conditions.push(eq(d.ruleId, w.ruleId))
  if (w.userId) conditions.push(eq(d.userId, w.userId))
  if (w.deptId) {
    const depts = await deptSubtree(db, w.tenantId, [w.deptId])
    conditions.push(
      depts.length
        ? inArray(
            d.userId,
            db
              .select({ userId: userDept.userId })
              .from(userDept)
              .where(and(eq(userDept.tenantId, w.tenantId), inArray(userDept.deptId, depts))),
          )
        : sql`false`,
    )
  }
  if (w.realName?.trim()) conditions.push(like(user.realName, `%${escapeLike(w.realName.trim())}%`))
  if (w.people) conditions.push(inArray(d.userId, db.select({ id: user.id }).from(user).where(w.people)))
  return and(...conditions)!
}

const deptName = sql<string>`coalesce((select dd.dept_name from blade_dept dd where dd.id = nullif(split_part(${user.deptId}, ',', 1), '')::bigint), '')`
const total = sql<number>`(count(*) over())::int`
const at = (d: Date | null) => (d ? formatDateTime(d) : null)

/** Person-day rows (the late and abnormal pages). */
export async function dayPage(
  db: DbOrTx,
  w: Whose,
  range: { startDay: string; endDay: string },
  statuses: readonly number[],
  paging: Paging,
): Promise<Page<AttendanceDayRow>> {
  checkRange(range.startDay, range.endDay)
  const d = attendanceDay
  const where = await whereOf(db, w, range.startDay, range.endDay, inArray(d.status, [...statuses]))
  // the total on its own (the status index answers it without the rows: xpark_attendance_day_status_idx),
  // then the page's keys, then the page's rows with their names: a month of a big department has
  // 20,000 late days, and carrying each one's clock line and department name through a window count
  // and the sort tripled the page's time (bench section 13)
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(d)
    .innerJoin(user, eq(user.id, d.userId))
    .where(where)
  const keys = db
    .$with('page_keys')
    .as(
      db
        .select({ userId: d.userId, day: d.day })
        .from(d)
        .innerJoin(user, eq(user.id, d.userId))
        .where(where)
        .orderBy(desc(d.day), asc(user.attendanceSort), asc(d.userId))
        .limit(paging.size)
        .offset(paging.offset),
    )
  const rows = await db
    .with(keys)
    .select({
      day: d,
      realName: user.realName,
      deptName,
      ruleName: attendanceRule.name,
    })
    .from(keys)
    .innerJoin(d, and(eq(d.tenantId, w.tenantId), eq(d.userId, keys.userId), eq(d.day, keys.day)))
    .innerJoin(user, eq(user.id, d.userId))
    .leftJoin(attendanceRule, eq(attendanceRule.id, d.ruleId))
    .orderBy(desc(d.day), asc(user.attendanceSort), asc(d.userId))
  return pageOf(
    rows.map((r) => ({
      userId: r.day.userId,
      realName: r.realName,
      deptName: r.deptName,
      ruleId: r.day.ruleId,
      ruleName: r.ruleName ?? '',
      day: r.day.day,
      status: r.day.status,
      shifts: r.day.shifts,
      in1: at(r.day.in1),
      out1: at(r.day.out1),
      in2: at(r.day.in2),
      out2: at(r.day.out2),
      lateMinutes: r.day.lateMinutes,
      earlyMinutes: r.day.earlyMinutes,
      missingCount: r.day.missingCount,
      absentDays: r.day.absentHalfDays / 2,
      workMinutes: r.day.workMinutes,
      punchCount: r.day.punchCount,
    })),
    counted?.n ?? 0,
    paging,
  )
}

const count = (status: number) =>
  sql<number>`(count(*) filter (where ${attendanceDay.status} = ${status}))::int`

const figures = {
  days: sql<number>`count(*)::int`,
  workdays: sql<number>`(count(*) filter (where ${attendanceDay.status} <> ${S.rest}))::int`,
  normal: count(S.normal),
  late: count(S.late),
  early: count(S.early),
  missing: count(S.missing),
  absent: count(S.absent),
  rest: count(S.rest),
  leave: count(S.leave),
  lateMinutes: sql<number>`coalesce(sum(${attendanceDay.lateMinutes}), 0)::int`,
  earlyMinutes: sql<number>`coalesce(sum(${attendanceDay.earlyMinutes}), 0)::int`,
  absentHalfDays: sql<number>`coalesce(sum(${attendanceDay.absentHalfDays}), 0)::int`,
  workMinutes: sql<number>`coalesce(sum(${attendanceDay.workMinutes}), 0)::int`,
}

/** Each person's figures over the days (and, for the sheet, each day's status). */
async function perPerson(db: DbOrTx, w: Whose, from: string, to: string, paging: Paging | undefined) {
  const d = attendanceDay
  const query = db
    .select({
      userId: d.userId,
      realName: user.realName,
      deptName,
      ...figures,
      statuses: sql<string>`string_agg(${d.day} || ':' || ${d.status}, ',')`,
      total,
    })
    .from(d)
    .innerJoin(user, eq(user.id, d.userId))
    .where(await whereOf(db, w, from, to))
    .groupBy(d.userId, user.realName, user.deptId, user.attendanceSort)
    .orderBy(asc(user.attendanceSort), asc(d.userId))
  const rows = paging ? await query.limit(paging.size).offset(paging.offset) : await query.limit(100_000)
  return rows.map(({ absentHalfDays, total: _total, ...r }) => ({
    ...r,
    absentDays: absentHalfDays / 2,
    total: _total,
  }))
}

export async function statisticsPage(
  db: DbOrTx,
  w: Whose,
  range: { startDay: string; endDay: string },
  paging: Paging,
): Promise<Page<AttendanceStatisticsRow>> {
  checkRange(range.startDay, range.endDay)
  const rows = await perPerson(db, w, range.startDay, range.endDay, paging)
  return pageOf(
    rows.map(({ statuses: _s, total: _t, ...r }) => r),
    rows[0]?.total ?? 0,
    paging,
  )
}

/** The first and last day of a month (`yyyy-MM`). */
export function monthDays(month: string): { first: string; last: string; count: number } {
  const first = `${month}-01`
  const last = addDays(`${addDays(first, 32).slice(0, 8)}01`, -1)
  return { first, last, count: Number(last.slice(8)) }
}

export async function sheetRows(
  db: DbOrTx,
  w: Whose,
  month: string,
  paging: Paging | undefined,
): Promise<{ rows: AttendanceSheetRow[]; total: number }> {
  const { first, last, count: days } = monthDays(month)
  const rows = await perPerson(db, w, first, last, paging)
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ statuses, total: _t, ...r }) => {
      const byDay: (number | null)[] = Array.from({ length: days }, () => null)
      for (const item of statuses ? statuses.split(',') : []) {
        const [day, status] = item.split(':')
        byDay[Number(day!.slice(8)) - 1] = Number(status)
      }
      return { ...r, statuses: byDay }
    }),
  }
}

export async function sheetPage(db: DbOrTx, w: Whose, month: string, paging: Paging) {
  const { rows, total: all } = await sheetRows(db, w, month, paging)
  return pageOf(rows, all, paging)
}

/** The clock line: person-days with their shifts and punches (at most 500). */
export async function clockLine(
  db: DbOrTx,
  w: Whose,
  range: { startDay: string; endDay: string },
): Promise<ClockLineDay[]> {
  checkRange(range.startDay, range.endDay)
  const d = attendanceDay
  const rows = await db
    .select({
      userId: d.userId,
      realName: user.realName,
      day: d.day,
      status: d.status,
      line: d.line,
      lateMinutes: d.lateMinutes,
      earlyMinutes: d.earlyMinutes,
    })
    .from(d)
    .innerJoin(user, eq(user.id, d.userId))
    .where(await whereOf(db, w, range.startDay, range.endDay))
    .orderBy(asc(d.day), asc(user.attendanceSort), asc(d.userId))
    .limit(500)
  return rows.map(({ line, ...r }) => {
    const l = line as { shifts: { start: string; end: string }[]; punches: string[] }
    const local = (iso: string) => formatDateTime(new Date(iso))
    return {
      ...r,
      shifts: l.shifts.map((s) => ({ start: local(s.start), end: local(s.end) })),
      punches: l.punches.map(local),
    }
  })
}

import { z } from 'zod'
import { type CallInput, defineCall } from '../../calls.js'
import { day, optionalReference, reference, wire } from '../../fields.js'
import { pageOf } from '../../replies.js'
import {
  ATTENDANCE_RECORD_CODE,
  ATTENDANCE_RULE_CODE,
  attendancePunchContract,
  attendanceRuleContract,
  RECORD_BASE,
  RULE_BASE,
} from './resources.js'

/**
 * The reports, read from the person-day results (never from raw punches): latePage (迟到早退),
 * differentPage (异常考勤), statistics (per person), attendance (the month sheet, and its xlsx),
 * clockLine (a day's shifts and punches). The punches' base reports on people by department or
 * person; the rules' base on one rule's people (`ruleId`).
 */

function attendanceCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'attendance' })
}

/** The report screens' own menu codes: holding one of them (or the base's view) reads its report. */
export const ATTENDANCE_SCREENS = {
  late: 'attendance_late',
  abnormal: 'attendance_abnormal',
  sheet: 'attendance_sheet',
  statistics: 'attendance_statistics',
  clockLine: 'attendance_clock_line',
} as const
export const ATTENDANCE_SHEET_EXPORT = 'attendance_sheet_export'

/** One person-day's result, as the late and abnormal pages list it. */
export const AttendanceDayRow = z.object({
  userId: wire.id,
  realName: wire.text,
  deptName: wire.text,
  ruleId: wire.id,
  ruleName: wire.text,
  day: wire.text,
  /** ATTENDANCE_STATUS (dict `attendance_status`) */
  status: wire.number,
  /** the shifts as worked that day: `09:00-18:00` or `09:00-12:00,13:00-18:00` */
  shifts: wire.text,
  /** each shift's in and out punch (`yyyy-MM-dd HH:mm:ss`), null when missing */
  in1: wire.optionalDate,
  out1: wire.optionalDate,
  in2: wire.optionalDate,
  out2: wire.optionalDate,
  lateMinutes: wire.number,
  earlyMinutes: wire.number,
  /** punches a shift lacked */
  missingCount: wire.number,
  /** 0, 0.5 or 1 */
  absentDays: wire.number,
  workMinutes: wire.number,
  punchCount: wire.number,
})
export type AttendanceDayRow = z.infer<typeof AttendanceDayRow>

/** A person's figures over a range of days. */
export const AttendanceStatisticsRow = z.object({
  userId: wire.id,
  realName: wire.text,
  deptName: wire.text,
  /** days with a result */
  days: wire.number,
  /** days that were to be worked (not 休息) */
  workdays: wire.number,
  normal: wire.number,
  late: wire.number,
  early: wire.number,
  missing: wire.number,
  absent: wire.number,
  rest: wire.number,
  leave: wire.number,
  lateMinutes: wire.number,
  earlyMinutes: wire.number,
  absentDays: wire.number,
  workMinutes: wire.number,
})
export type AttendanceStatisticsRow = z.infer<typeof AttendanceStatisticsRow>

/** A person's month: the status of each day (index 0 is the 1st; null: no result) and the figures. */
export const AttendanceSheetRow = AttendanceStatisticsRow.extend({
  statuses: z.array(wire.optionalNumber),
})
export type AttendanceSheetRow = z.infer<typeof AttendanceSheetRow>

/** A person-day on the clock line: the shifts to be worked and every punch that counted. */
export const ClockLineDay = z.object({
  userId: wire.id,
  realName: wire.text,
  day: wire.text,
  status: wire.number,
  /** the shifts' starts and ends (`yyyy-MM-dd HH:mm:ss`; an end past midnight on the next day) */
  shifts: z.array(z.object({ start: wire.date, end: wire.date })),
  /** the punches of the day's window, in time order */
  punches: z.array(wire.date),
  lateMinutes: wire.number,
  earlyMinutes: wire.number,
})
export type ClockLineDay = z.infer<typeof ClockLineDay>

const range = { startDay: day('startDay'), endDay: day('endDay') }
const who = {
  deptId: optionalReference('deptId: an id'),
  userId: optionalReference('userId: an id'),
  realName: z.string().max(20, 'realName: at most 20 characters').optional(),
}
const paging = { current: z.string().max(9).optional(), size: z.string().max(9).optional() }
const status = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: 'status: 0-6' })
    .int('status: 0-6')
    .min(0, 'status: 0-6')
    .max(6, 'status: 0-6')
    .optional(),
)
const month = z.string({ error: 'month: yyyy-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: yyyy-MM')

/** What a report reads: the people (by department and person, or one rule's) and the days. */
function reportCalls(base: string, perRule: boolean) {
  const ruleId = perRule ? { ruleId: reference('please select a rule') } : {}
  const view = perRule ? attendanceRuleContract.permissions.view : attendancePunchContract.permissions.view
  const whose = perRule
    ? "one rule's people (ruleId)"
    : 'people by department (and its sub-departments) or person'
  const permission = (screen: string) => [view, screen]
  return {
    latePage: attendanceCall({
      path: `${base}/latePage`,
      method: 'GET',
      permission: permission(ATTENDANCE_SCREENS.late),
      params: z.object({ ...ruleId, ...range, ...who, ...paging }),
      reply: pageOf(AttendanceDayRow),
      summary: `attendance: the late and early person-days between two days, ${whose}`,
    }),
    differentPage: attendanceCall({
      path: `${base}/differentPage`,
      method: 'GET',
      permission: permission(ATTENDANCE_SCREENS.abnormal),
      params: z.object({ ...ruleId, ...range, ...who, status, ...paging }),
      reply: pageOf(AttendanceDayRow),
      summary: `attendance: the abnormal person-days (迟到, 早退, 缺卡, 旷工) between two days, ${whose}`,
    }),
    statistics: attendanceCall({
      path: `${base}/statistics`,
      method: 'GET',
      permission: permission(ATTENDANCE_SCREENS.statistics),
      params: z.object({ ...ruleId, ...range, ...who, ...paging }),
      reply: pageOf(AttendanceStatisticsRow),
      summary: `attendance: each person's figures between two days (at most 366), ${whose}`,
    }),
    attendance: attendanceCall({
      path: `${base}/attendance`,
      method: 'GET',
      permission: permission(ATTENDANCE_SCREENS.sheet),
      params: z.object({ ...ruleId, month, ...who, ...paging }),
      reply: pageOf(AttendanceSheetRow),
      summary: `attendance: the month sheet, each person's days and figures, ${whose}`,
    }),
    exportAttendance: attendanceCall({
      path: `${base}/exportAttendance`,
      method: 'GET',
      permission: [ATTENDANCE_SHEET_EXPORT],
      params: z.object({ ...ruleId, month, ...who }),
      summary: `attendance: the month sheet as xlsx, ${whose}`,
    }),
    clockLine: attendanceCall({
      path: `${base}/clockLine`,
      method: 'GET',
      permission: permission(ATTENDANCE_SCREENS.clockLine),
      params: z.object({ ...ruleId, ...range, ...who }),
      reply: z.array(ClockLineDay),
      summary: `attendance: the clock line (shifts and punches) of person-days between two days (at most 500), ${whose}`,
    }),
  }
}

/** The punches' base: reports by department or person. */
export const recordReports = reportCalls(RECORD_BASE, false)
/** The rules' base: the same reports for one rule's people. */
export const ruleReports = reportCalls(RULE_BASE, true)

export const ATTENDANCE_CODES = { rule: ATTENDANCE_RULE_CODE, record: ATTENDANCE_RECORD_CODE } as const

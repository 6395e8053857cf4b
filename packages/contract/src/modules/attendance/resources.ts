import { z } from 'zod'
import {
  choice,
  day,
  HH_MM,
  ISO_WEEKDAYS,
  idList,
  optionalChoice,
  optionalText,
  reference,
  requiredDateTime,
  requiredText,
  wholeNumber,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'

/** Attendance rules and punches (the two bases' `select|add|update|delete`). */

export const CLOCKIN_BASE = 'park-clockin'
export const RECORD_BASE = `${CLOCKIN_BASE}/punchClockRecord`
export const RULE_BASE = `${CLOCKIN_BASE}/punchClockSeting`

/** A person-day's result (dict `attendance_status`), one each. */
export const ATTENDANCE_STATUS = {
  normal: 0,
  late: 1,
  early: 2,
  missing: 3,
  absent: 4,
  rest: 5,
  leave: 6,
} as const
export type AttendanceStatus = (typeof ATTENDANCE_STATUS)[keyof typeof ATTENDANCE_STATUS]
/** The statuses' names by value (dict `attendance_status`, the sheet's cells). */
export const ATTENDANCE_STATUS_NAMES = ['正常', '迟到', '早退', '缺卡', '旷工', '休息', '请假'] as const

/** Where a punch came from (dict `attendance_punch_source`). */
export const PUNCH_SOURCE = { machine: 1, hand: 2 } as const

export const ATTENDANCE_TEXTS = {
  personTaken: '该人员已在考勤规则「{rule}」中',
  machinePunch: '设备打卡记录不能修改或删除',
  futurePunch: '打卡时间不能晚于当前时间',
  noPeople: '请选择考勤人员或部门',
  secondShift: '参数校验失败: start2: 两班制须填写第二班的上下班时间',
  shiftsOverlap: '参数校验失败: start2: 第二班须在第一班下班之后开始',
  dayTooLong: '参数校验失败: punchAfterMinutes: 一天的打卡范围 (含提前与延后) 不能超过 24 小时',
  notClock: '参数校验失败: machineIds: 所选设备不是考勤机',
  noRule: '该人员不在任何考勤规则中',
} as const

/** Minutes: grace, thresholds and windows. */
const minutes = (field: string, min: number, max: number) => wholeNumber(field, min, max)
const clock = (field: string) => z.string({ error: `${field}: HH:mm` }).regex(HH_MM, `${field}: HH:mm`)
const optionalClock = (field: string) => z.union([z.literal(''), clock(field)]).optional()
const optionalIds = (message: string, max: number) =>
  z.union([z.literal(''), idList(message, max)]).optional()

export const ATTENDANCE_RULE_CODE = 'attendance_rule'
export const ATTENDANCE_RECORD_CODE = 'attendance_record'

// —— rules (punchClockSeting) ——

export const attendanceRuleContract = defineContract({
  path: RULE_BASE,
  code: ATTENDANCE_RULE_CODE,
  form: z.object({
    name: requiredText('please input rule name', 64),
    /** the departments (and their sub-departments) whose people the rule holds */
    deptIds: optionalIds('deptIds: comma-separated ids', 200),
    /** people named one by one, beside the departments' */
    userIds: optionalIds('userIds: comma-separated ids', 2000),
    /** ISO weekdays worked: `1,2,3,4,5` (1 Monday … 7 Sunday) */
    workdays: z
      .string({ error: 'workdays: 1-7, comma-separated' })
      .regex(ISO_WEEKDAYS, 'workdays: 1-7, comma-separated'),
    /** 1 or 2 shifts a day; an end at or before its start is on the next day (past midnight) */
    shiftCount: choice('shiftCount: 1 or 2', 1, 2),
    start1: clock('start1'),
    end1: clock('end1'),
    start2: optionalClock('start2'),
    end2: optionalClock('end2'),
    /** a punch in this many minutes after a start is not late (nor before an end early) */
    lateGraceMinutes: minutes('lateGraceMinutes', 0, 240),
    earlyGraceMinutes: minutes('earlyGraceMinutes', 0, 240),
    /** late or early by more than this many minutes is half a day's absence (旷工) */
    absentMinutes: minutes('absentMinutes', 1, 720),
    /** punches count from this many minutes before the first start … */
    punchBeforeMinutes: minutes('punchBeforeMinutes', 0, 720),
    /** … to this many minutes after the last end */
    punchAfterMinutes: minutes('punchAfterMinutes', 0, 720),
    /** the attendance machines whose punches count (none: every attendance machine) */
    machineIds: optionalIds('machineIds: comma-separated ids', 200),
    /** 1: the park's holiday calendar (canteen 节假日) decides rest days and make-up workdays */
    useHolidays: optionalChoice('useHolidays must be 0 or 1', 0, 1),
    /** the day from which this version of the rule counts (default today); earlier days keep theirs */
    effectiveDay: z.union([z.literal(''), day('effectiveDay')]).optional(),
    status: optionalChoice('status must be 0 or 1', 0, 1),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    deptIds: wire.text,
    deptNames: wire.text,
    userIds: wire.text,
    userNames: wire.text,
    memberCount: wire.number,
    workdays: wire.text,
    shiftCount: wire.number,
    start1: wire.text,
    end1: wire.text,
    start2: wire.text,
    end2: wire.text,
    lateGraceMinutes: wire.number,
    earlyGraceMinutes: wire.number,
    absentMinutes: wire.number,
    punchBeforeMinutes: wire.number,
    punchAfterMinutes: wire.number,
    machineIds: wire.text,
    machineNames: wire.text,
    useHolidays: wire.number,
    effectiveDay: wire.text,
    status: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', status: 'eq' },
  sorts: ['name', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: 'select',
    save: 'add',
    remove: { path: 'delete', methods: ['POST'] },
  },
})
export type AttendanceRuleRow = z.infer<typeof attendanceRuleContract.row>

// —— punches (punchClockRecord) ——

export const attendancePunchContract = defineContract({
  path: RECORD_BASE,
  code: ATTENDANCE_RECORD_CODE,
  label: 'punchTime',
  // a punch by hand (补卡); machines' punches come over MQTT and are never edited
  form: z.object({
    userId: reference('please select a person'),
    punchTime: requiredDateTime('punchTime'),
    reason: requiredText('please input the reason', 255),
  }),
  row: z.object({
    id: wire.id,
    userId: wire.id,
    realName: wire.optionalText,
    deptName: wire.optionalText,
    punchTime: wire.date,
    /** 1 machine, 2 by hand */
    source: wire.number,
    machineId: wire.optionalId,
    machineName: wire.optionalText,
    reason: wire.text,
    createUserName: wire.optionalText,
    createTime: wire.date,
  }),
  filters: { userId: 'eq', source: 'eq', machineId: 'eq', punchTime: 'ge' },
  sorts: ['punchTime', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: 'select',
    save: 'add',
    remove: { path: 'delete', methods: ['POST'] },
  },
})
export type AttendancePunchRow = z.infer<typeof attendancePunchContract.row>

/** 补卡: the code a hand punch needs (people may see punches without adding any). */
export const ATTENDANCE_RECORD_ADD = attendancePunchContract.permissions.add

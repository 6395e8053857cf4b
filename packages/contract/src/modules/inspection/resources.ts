import { z } from 'zod'
import {
  choice,
  code,
  day,
  HH_MM,
  ISO_WEEKDAYS,
  idList,
  optionalChoice,
  optionalReference,
  optionalText,
  reference,
  requiredText,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'

/**
 * Inspection patrols (spec 02 §7 "Inspection", §4 start, end, close; issue 29): points (a place, a
 * check-in code, a camera, check items), paths (ordered points), plans (a path, inspectors, weekdays
 * and a window) from which a job makes each day's records, records (待开始 → 进行中 → 已完成, or
 * 已关闭, or 已超时) with their points checked in by code, and events found on the way, which may
 * raise an alarm or a repair order. See docs/modules/inspection.md.
 */

const BASE = 'park-manage/inspection'

/** A record's state (dict `inspection_record_status`). */
export const RECORD = { pending: 0, running: 1, done: 2, closed: 3, overdue: 4 } as const
/** A record's verdict (dict `inspection_result`). */
export const RESULT = { normal: 0, abnormal: 1 } as const
/** A point of a record (dict `inspection_point_result`). */
export const POINT = { unchecked: 0, normal: 1, abnormal: 2, missed: 3 } as const

export const INSPECTION_TEXTS = {
  notYours: '只能执行自己的巡检任务',
  outsideWindow: '不在巡检时间内',
  offPath: '该巡检点不在此路线上',
  notRunning: '巡检任务未在进行中',
  pathTooShort: '巡检路线至少需要两个巡检点',
  pointTwice: '巡检点在路线中重复: {name}',
  windowOrder: '参数校验失败: endTime: 结束时间须晚于开始时间',
  pointUsed: '巡检点已在巡检路线中, 不能删除: {label}',
  pathUsed: '巡检路线已被巡检计划使用, 不能删除: {label}',
  codeTaken: '签到码已存在: {code}',
  recordTaken: '该巡检人员当天已有此计划的巡检任务',
  onlyPending: '只能修改待开始的巡检任务',
  related: '该事件已关联{what}',
} as const

export const INSPECTION_CLOSE = 'inspection_close'
export const INSPECTION_CHECK_IN = 'inspection_check_in'
export const INSPECTION_RELATE = 'inspection_relate'

// —— points ——

export const inspectionPointContract = defineContract({
  path: `${BASE}/point`,
  code: 'inspection_point',
  form: z.object({
    name: requiredText('please input point name', 64),
    /** what the inspector scans or taps there (QR or NFC text) */
    code: code('please input check-in code', 64),
    placeId: optionalReference('please select a place'),
    /** the camera watching it (getMachineIdByTime names it for a moment) */
    machineId: optionalReference('请选择设备'),
    /** one check item a line */
    checkItems: optionalText('checkItems', 1000),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    code: wire.text,
    placeId: wire.optionalId,
    placeName: wire.optionalText,
    machineId: wire.optionalId,
    machineName: wire.optionalText,
    checkItems: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', code: 'eq', placeId: 'eq' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false, select: 'select' },
})
export type InspectionPointRow = z.infer<typeof inspectionPointContract.row>

// —— paths ——

export const inspectionPathLine = z.object({ pointId: reference('please select a point') })
export const inspectionPathLineRow = z.object({
  id: wire.id,
  pathId: wire.id,
  pointId: wire.id,
  pointName: wire.optionalText,
  pointCode: wire.optionalText,
  sort: wire.number,
})

export const inspectionPathContract = defineContract({
  path: `${BASE}/path`,
  code: 'inspection_path',
  form: z.object({
    name: requiredText('please input path name', 64),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    remark: wire.text,
    pointCount: wire.number,
    /** the points' names in their order, `→`-joined */
    pointNames: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false, select: 'select' },
  lines: { field: 'points', key: 'pathId', form: inspectionPathLine, row: inspectionPathLineRow, max: 100 },
})
export type InspectionPathRow = z.infer<typeof inspectionPathContract.row>

// —— plans ——

export const inspectionPlanContract = defineContract({
  path: `${BASE}/plan`,
  code: 'inspection_plan',
  form: z.object({
    name: requiredText('please input plan name', 64),
    pathId: reference('please select a path'),
    /** each inspector gets a record of the plan's day */
    inspectorIds: idList('please select inspectors', 50),
    /** ISO weekdays `1,2,3,4,5` (1 Monday … 7 Sunday) */
    weekdays: z
      .string({ error: 'weekdays: 1-7, comma-separated' })
      .regex(ISO_WEEKDAYS, 'weekdays: 1-7, comma-separated'),
    startTime: z.string({ error: 'startTime: HH:mm' }).regex(HH_MM, 'startTime: HH:mm'),
    endTime: z.string({ error: 'endTime: HH:mm' }).regex(HH_MM, 'endTime: HH:mm'),
    /** 1 enabled, 0 disabled (makes no records) */
    status: optionalChoice('status must be 0 or 1', 0, 1),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    pathId: wire.id,
    pathName: wire.optionalText,
    inspectorIds: wire.text,
    inspectorNames: wire.text,
    weekdays: wire.text,
    startTime: wire.text,
    endTime: wire.text,
    status: wire.number,
    /** the last day whose records are made */
    madeThrough: wire.optionalText,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', pathId: 'eq', status: 'eq' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false },
})
export type InspectionPlanRow = z.infer<typeof inspectionPlanContract.row>

// —— records ——

export const inspectionRecordContract = defineContract({
  path: `${BASE}/record`,
  code: 'inspection_record',
  // an ad-hoc record: a plan's path and window, one inspector, one day (the job makes the planned ones)
  form: z.object({
    planId: reference('please select a plan'),
    inspectorId: reference('please select an inspector'),
    day: day('day'),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    planId: wire.id,
    pathId: wire.id,
    pathName: wire.optionalText,
    inspectorId: wire.id,
    inspectorName: wire.optionalText,
    day: wire.text,
    windowStart: wire.date,
    windowEnd: wire.date,
    state: wire.number,
    result: wire.optionalNumber,
    pointCount: wire.number,
    checkedCount: wire.number,
    missedCount: wire.number,
    startedAt: wire.optionalDate,
    endedAt: wire.optionalDate,
    closeReason: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', planId: 'eq', inspectorId: 'eq', state: 'eq', day: 'eq' },
  sorts: ['day', 'windowStart', 'createTime'],
  routes: { page: false, save: false, update: false },
  actions: {
    startInspection: {
      name: '开始巡检',
      route: `/${BASE}/startInspection`,
      permission: 'inspection_start',
      state: 'state',
      transitions: [
        {
          label: 'inspection.start',
          from: [RECORD.pending],
          to: RECORD.running,
          by: { field: 'inspectorId', refusal: INSPECTION_TEXTS.notYours },
        },
      ],
    },
    endInspection: {
      name: '结束巡检',
      route: `/${BASE}/endInspection`,
      permission: 'inspection_end',
      state: 'state',
      transitions: [
        {
          label: 'inspection.end',
          from: [RECORD.running],
          to: RECORD.done,
          confirm: 'inspection.endConfirm',
          by: { field: 'inspectorId', refusal: INSPECTION_TEXTS.notYours },
        },
      ],
    },
    closeInspection: {
      name: '关闭巡检',
      route: `/${BASE}/closeInspection`,
      permission: INSPECTION_CLOSE,
      state: 'state',
      input: z.object({ reason: requiredText('please input the reason', 255) }),
      transitions: [
        {
          label: 'inspection.close',
          from: [RECORD.pending, RECORD.running],
          to: RECORD.closed,
          danger: true,
        },
      ],
    },
  },
})
export type InspectionRecordRow = z.infer<typeof inspectionRecordContract.row>

/** A point of a record: its place on the path, and how it was checked. */
export const RecordPointRow = z.object({
  id: wire.id,
  recordId: wire.id,
  pointId: wire.id,
  pointName: wire.optionalText,
  pointCode: wire.optionalText,
  sort: wire.number,
  result: wire.number,
  checkedAt: wire.optionalDate,
  remark: wire.text,
})
export type RecordPointRow = z.infer<typeof RecordPointRow>

// —— events ——

export const inspectionEventContract = defineContract({
  path: `${BASE}/event`,
  code: 'inspection_event',
  label: 'content',
  form: z.object({
    /** the record it was found on (none: found outside a patrol) */
    recordId: optionalReference('please select a record'),
    pointId: reference('please select a point'),
    /** 1 一般, 2 重要, 3 紧急 (dict `inspection_event_level`) */
    level: choice('level: 1 to 3', 1, 3),
    content: requiredText('please input the event', 500),
    /** comma-joined picture links */
    photos: optionalText('photos', 2000),
  }),
  row: z.object({
    id: wire.id,
    recordId: wire.optionalId,
    pointId: wire.id,
    pointName: wire.optionalText,
    level: wire.number,
    content: wire.text,
    photos: wire.text,
    reporterName: wire.optionalText,
    alarmId: wire.optionalId,
    repairId: wire.optionalId,
    createTime: wire.date,
  }),
  filters: { pointId: 'eq', recordId: 'eq', level: 'eq', content: 'like' },
  sorts: ['createTime', 'level'],
  routes: { page: false, save: false, update: false },
})
export type InspectionEventRow = z.infer<typeof inspectionEventContract.row>

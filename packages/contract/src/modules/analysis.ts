import { z } from 'zod'
import { defineCall } from '../calls.js'
import { optionalReference, optionalText, requiredDateTime, wire } from '../fields.js'

/**
 * Park analysis (spec 02 §7 "Visitors, faces and analysis", `/park-analysis/…`, issue 30): every call
 * answers one figure for a date range (and an area, a machine or a person where it applies) as a chart
 * and a table: `labels` (days, or the names it counts by), one `series` per measure (its values in
 * the labels' order) and `total`. The figures are read from daily aggregates that jobs keep from the
 * source rows, never from the raw rows. See docs/modules/visitor.md "Analysis".
 */

/** Each dashboard's view button; a figure may be read by a viewer of any of them (their calls overlap). */
export const ANALYSIS_VIEWS = {
  visit: 'analysis_visit_view',
  pass: 'analysis_pass_view',
  environment: 'analysis_environment_view',
  operation: 'analysis_operation_view',
  repair: 'analysis_repair_view',
} as const
export const ANALYSIS_VIEW = Object.values(ANALYSIS_VIEWS)

/** Days one analysis call may span. */
export const ANALYSIS_MAX_DAYS = 366

export const AnalysisParams = z.object({
  /** `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`: only the days count */
  startTime: requiredDateTime('startTime'),
  endTime: requiredDateTime('endTime'),
  /** where the machines stand (their location) */
  area: optionalText('area', 128),
  machineId: optionalReference('设备不存在'),
  personId: optionalReference('人员不存在'),
})
export type AnalysisParams = z.infer<typeof AnalysisParams>

export const AnalysisSeries = z.object({
  /** the measure's key (the console names it) */
  name: wire.text,
  data: z.array(wire.number),
})

export const AnalysisReply = z.object({
  labels: z.array(wire.text),
  series: z.array(AnalysisSeries),
  total: wire.number,
})
export type AnalysisReply = z.infer<typeof AnalysisReply>

/** What each call counts: its path under /park-analysis, its measures, what its labels are. */
export const ANALYSIS_CALLS = {
  queryVisit: { path: 'queryVisit', by: 'day', series: ['visits', 'approved', 'refused', 'arrived'] },
  getDailyVisitCount: { path: 'getDailyVisitCount', by: 'day', series: ['arrived'] },
  getVisitCount: { path: 'getVisitCount', by: 'status', series: ['visits'] },
  visitors: { path: 'analysis/visitors', by: 'area', series: ['visits', 'arrived'] },
  faceRecord: { path: 'analysis/faceRecord', by: 'day', series: ['staff', 'visitor', 'stranger'] },
  getDoorPassRecord: { path: 'analysis/getDoorPassRecord', by: 'machine', series: ['passed', 'refused'] },
  personTrack: { path: 'analysis/personTrack', by: 'day', series: ['passes', 'places'] },
  alarmAnalysis: { path: 'analysis/alarmAnalysis', by: 'day', series: ['alarms', 'closed'] },
  queryAlarm: { path: 'analysis/queryAlarm', by: 'level', series: ['alarms', 'open'] },
  propertyService: {
    path: 'analysis/propertyService',
    by: 'day',
    series: ['repairs', 'done', 'cleanings', 'cleaningsDone'],
  },
  machineManageList: { path: 'analysis/machineManageList', by: 'type', series: ['machines', 'online'] },
  getSensorHistory: { path: 'analysis/getSensorHistory', by: 'day', series: ['min', 'avg', 'max'] },
  getSensorHistoryCount: { path: 'analysis/getSensorHistoryCount', by: 'metric', series: ['readings'] },
  querySensorUniversal: { path: 'analysis/querySensorUniversal', by: 'machine', series: ['avg', 'readings'] },
  selectSensorList: { path: 'analysis/selectSensorList', by: 'machine', series: ['readings', 'last'] },
  queryKWH: { path: 'analysis/queryKWH', by: 'day', series: ['kwh'] },
  carNumber: { path: 'analysis/carNumber', by: 'day', series: ['entries', 'exits'] },
  passRecord: { path: 'analysis/pass-record', by: 'day', series: ['passes'] },
  queryClockRecord: { path: 'analysis/queryClockRecord', by: 'day', series: ['punches'] },
  // 报修分析 (issue 31): the 设备报修 process's instances, under a base of their own
  repairCountData: {
    path: 'repairCountData',
    base: 'repairAnalysis',
    by: 'day',
    series: ['repairs', 'done'],
  },
  equipmentType: { path: 'equipmentType', base: 'repairAnalysis', by: 'type', series: ['repairs', 'done'] },
  faultType: { path: 'faultType', base: 'repairAnalysis', by: 'fault', series: ['repairs', 'done'] },
  equipmentRepairType: {
    path: 'equipmentRepairType',
    base: 'repairAnalysis',
    by: 'typeFault',
    series: ['repairs'],
  },
  repairCodeSum: {
    path: 'repairCodeSum',
    base: 'repairAnalysis',
    by: 'machine',
    series: ['repairs', 'done'],
  },
} as const
export type AnalysisName = keyof typeof ANALYSIS_CALLS

/**
 * The process whose instances 报修分析 counts (deployed in the demo): its form names the machine
 * (`machineId`) and the kind of fault (`faultTypeId`, the device layer's fault types).
 */
export const REPAIR_PROCESS_KEY = 'device_repair'

const sensorParams = AnalysisParams.extend({
  /** the reading's name (`temperature`, `humidity`, `pm25`) */
  metric: z
    .string()
    .trim()
    .max(32, 'metric: at most 32 characters')
    .regex(/^$|^[A-Za-z0-9_.-]+$/, 'metric: letters, digits, _ . -')
    .optional(),
})

function analysisCall<P extends z.ZodObject = typeof AnalysisParams>(
  name: AnalysisName,
  summary: string,
  params?: P,
) {
  const spec: { path: string; base?: string } = ANALYSIS_CALLS[name]
  return defineCall({
    path: `${spec.base ?? 'park-analysis'}/${spec.path}`,
    method: 'GET',
    permission: ANALYSIS_VIEW,
    params: (params ?? AnalysisParams) as P,
    reply: AnalysisReply,
    summary: `analysis: ${summary} (from the daily aggregates)`,
    tag: 'analysis',
  })
}

export const analysisCalls = {
  queryVisit: analysisCall('queryVisit', 'visits by day: asked, approved, refused, arrived'),
  getDailyVisitCount: analysisCall('getDailyVisitCount', 'visitors arrived by day'),
  getVisitCount: analysisCall('getVisitCount', 'visits by state'),
  visitors: analysisCall('visitors', 'visits and arrivals by area'),
  faceRecord: analysisCall('faceRecord', 'face recognitions by day: staff, visitors, strangers'),
  getDoorPassRecord: analysisCall('getDoorPassRecord', 'door passes by door: let through, refused'),
  personTrack: analysisCall('personTrack', 'a person’s passes and places by day'),
  alarmAnalysis: analysisCall('alarmAnalysis', 'alarms opened and closed by day'),
  queryAlarm: analysisCall('queryAlarm', 'alarms by level: all, still open'),
  propertyService: analysisCall(
    'propertyService',
    'property orders by the day made: repairs and how many are done, cleaning and how many are done',
  ),
  machineManageList: analysisCall('machineManageList', 'machines by type: registered, reporting'),
  getSensorHistory: analysisCall('getSensorHistory', 'a reading’s daily min, mean and max', sensorParams),
  getSensorHistoryCount: analysisCall('getSensorHistoryCount', 'readings by metric', sensorParams),
  querySensorUniversal: analysisCall('querySensorUniversal', 'a reading’s mean by machine', sensorParams),
  selectSensorList: analysisCall('selectSensorList', 'sensors: readings and the last value', sensorParams),
  queryKWH: analysisCall('queryKWH', 'energy (kWh) by day'),
  carNumber: analysisCall('carNumber', 'cars let in and out by day (gate passes that opened)'),
  passRecord: analysisCall('passRecord', 'gate pass records by day (every decision, opened or held)'),
  queryClockRecord: analysisCall('queryClockRecord', 'attendance punches by day (the person-days’ punches)'),
  repairCountData: analysisCall(
    'repairCountData',
    'device repairs (设备报修) started by day, and how many ended',
  ),
  equipmentType: analysisCall('equipmentType', 'device repairs by machine type'),
  faultType: analysisCall('faultType', 'device repairs by fault type'),
  equipmentRepairType: analysisCall('equipmentRepairType', 'device repairs by machine type and fault type'),
  repairCodeSum: analysisCall(
    'repairCodeSum',
    'device repairs by machine (its code), the most repaired first',
  ),
} as const

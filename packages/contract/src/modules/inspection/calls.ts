import { z } from 'zod'
import { type CallInput, defineCall } from '../../calls.js'
import { code, day, optionalChoice, optionalText, reference, requiredDateTime, wire } from '../../fields.js'
import { treeNodeReply } from '../../replies.js'
import {
  INSPECTION_CHECK_IN,
  INSPECTION_RELATE,
  inspectionPathContract,
  inspectionRecordContract,
  RecordPointRow,
} from './resources.js'

/** The inspection calls beside its resources: overview, statistics, check-ins, a point's camera, relating events. */

const BASE = 'park-manage/inspection'

function inspectionCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'inspection' })
}

const StateCounts = z.object({
  total: wire.number,
  pending: wire.number,
  running: wire.number,
  done: wire.number,
  closed: wire.number,
  overdue: wire.number,
})

export const InspectionOverview = z.object({
  today: StateCounts,
  /** done of those whose window has begun, 0-100 */
  completionRate: wire.number,
  missedPoints: wire.number,
  abnormalRecords: wire.number,
  /** events of today by level 1-3 */
  events: z.array(z.object({ level: wire.number, count: wire.number })),
  /** the last 7 days, oldest first */
  trend: z.array(z.object({ day: wire.text, total: wire.number, done: wire.number, overdue: wire.number })),
})
export type InspectionOverview = z.infer<typeof InspectionOverview>

export const inspectionOverviewCall = inspectionCall({
  path: `${BASE}/overview`,
  method: 'GET',
  permission: inspectionRecordContract.permissions.view,
  reply: InspectionOverview,
  summary: 'inspection: today by state, completion, missed points, events by level, and 7 days',
})

export const InspectorStatistics = z.object({
  inspectorId: wire.id,
  inspectorName: wire.text,
  total: wire.number,
  done: wire.number,
  overdue: wire.number,
  closed: wire.number,
  missedPoints: wire.number,
  events: wire.number,
})
export type InspectorStatistics = z.infer<typeof InspectorStatistics>

export const inspectionStatisticsCall = inspectionCall({
  path: `${BASE}/statistics`,
  method: 'GET',
  permission: inspectionRecordContract.permissions.view,
  params: z.object({ startDay: day('startDay'), endDay: day('endDay') }),
  reply: z.array(InspectorStatistics),
  summary:
    'inspection: each inspector between two days (at most 366): records by outcome, missed points, events',
})

export const recordPointsCall = inspectionCall({
  path: `${BASE}/record/points`,
  method: 'GET',
  permission: inspectionRecordContract.permissions.view,
  params: z.object({ recordId: reference('please select a record') }),
  reply: z.array(RecordPointRow),
  summary: 'inspection record: its points in the path order, with how each was checked',
})

export const checkInCall = inspectionCall({
  path: `${BASE}/checkIn`,
  method: 'POST',
  permission: INSPECTION_CHECK_IN,
  params: z.object({
    recordId: reference('please select a record'),
    /** the point's check-in code, as scanned */
    code: code('please input check-in code', 64),
    /** 1 正常 (default), 2 异常 */
    result: optionalChoice('result: 1 or 2', 1, 2),
    remark: optionalText('remark', 255),
  }),
  reply: RecordPointRow,
  summary:
    'inspection: the inspector checks in at a point of the running record by its code (a repeat keeps the first)',
})

export const MachineAtTime = z.object({
  pointId: wire.id,
  machineId: wire.optionalId,
  machineName: wire.optionalText,
  /** when that camera began to watch the point */
  since: wire.optionalDate,
})

export const machineIdByTimeCall = inspectionCall({
  path: `${BASE}/getMachineIdByTime`,
  method: 'GET',
  permission: inspectionRecordContract.permissions.view,
  params: z.object({ pointId: reference('please select a point'), time: requiredDateTime('time') }),
  reply: MachineAtTime,
  summary: "inspection: the camera watching a point at a moment (the point's camera history), for playback",
})

/** The points a path's line may name, as TreeNodes (the path editor's point cell). */
export const pointTreeCall = inspectionCall({
  path: `${BASE}/point/tree`,
  method: 'GET',
  permission: inspectionPathContract.permissions.view,
  reply: z.array(treeNodeReply),
  summary: 'inspection: the points a path may pass (name and code), as TreeNodes',
})

export const relateEventCall = inspectionCall({
  path: `${BASE}/relateEventsById`,
  method: 'POST',
  permission: INSPECTION_RELATE,
  params: z.object({
    id: reference('please select an event'),
    /** alarm: raise an alarm; repair: raise a repair order */
    type: z.enum(['alarm', 'repair'], { error: 'type: alarm or repair' }),
  }),
  reply: z.object({ id: wire.id, alarmId: wire.optionalId, repairId: wire.optionalId }),
  summary: 'inspection event: raise an alarm or a repair order from it and link them (once each)',
})

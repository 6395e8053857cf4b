import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import {
  INSPECTION_TEXTS,
  inspectionEventContract,
  inspectionPathContract,
  inspectionPlanContract,
  inspectionPointContract,
  inspectionRecordContract,
  POINT,
  RECORD,
  RESULT,
} from '@xpark/contract/modules/inspection'
import { and, desc, eq, getTableName, gte, inArray, sql } from 'drizzle-orm'
import { defineResource, type LinesContext, lookup, lookupMany } from '../../core/crud/index.js'
import { dayOf } from '../../core/days.js'
import { AppError, badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { scoped, touched } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { assetPlace, assetPlaces } from '../asset/index.js'
import { machines, parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { copyPathPoints, recordMaker, windowOf } from './plan.js'
import {
  inspectionEvent,
  inspectionPath,
  inspectionPathPoint,
  inspectionPlan,
  inspectionPoint,
  inspectionPointCamera,
  inspectionRecord,
  inspectionRecordPoint,
} from './schema.js'

/** Points, paths, plans, records and events. See docs/modules/inspection.md. */

const T = INSPECTION_TEXTS

// —— points ——

/** The camera a point names must be a camera of the tenant. */
async function checkCamera(tx: Tx, tenantId: string, machineId: unknown): Promise<void> {
  if (!machineId) return
  const [m] = await tx
    .select({ type: parkMachine.type })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.id, String(machineId))))
  if (m && m.type !== MACHINE_TYPE.camera) throw badRequest('参数校验失败: machineId: 所选设备不是摄像头')
}

/** A point's camera history gains a row when its camera changes (getMachineIdByTime reads it). */
async function noteCamera(tx: Tx, tenantId: string, pointId: string, machineId: string | null) {
  const [last] = await tx
    .select({ machineId: inspectionPointCamera.machineId })
    .from(inspectionPointCamera)
    .where(and(eq(inspectionPointCamera.tenantId, tenantId), eq(inspectionPointCamera.pointId, pointId)))
    .orderBy(desc(inspectionPointCamera.since), desc(inspectionPointCamera.id))
    .limit(1)
  if (last ? last.machineId !== machineId : machineId !== null)
    await tx.insert(inspectionPointCamera).values({ id: nextId(), tenantId, pointId, machineId })
}

export const inspectionPoints = defineResource({
  contract: inspectionPointContract,
  table: inspectionPoint,
  unique: [{ fields: ['code'], message: T.codeTaken }],
  references: {
    placeId: { to: assetPlaces, message: '所选位置不存在' },
    machineId: { to: machines, message: '设备不存在' },
  },
  expand: {
    placeName: lookup(assetPlace, 'name', 'placeId'),
    machineName: lookup(parkMachine, 'name', 'machineId'),
  },
  inUse: [{ table: inspectionPathPoint, column: 'pointId', message: T.pointUsed }],
  beforeWrite: async ({ tx, auth, values }) => checkCamera(tx, auth.tenantId, values.machineId),
  afterWrite: async ({ tx, auth, values, id, created }) => {
    if (created || 'machineId' in values)
      await noteCamera(tx, auth.tenantId, id, values.machineId ? String(values.machineId) : null)
  },
})

// —— paths ——

/** At least two points, each once; kept in the order sent. */
async function checkPathPoints({ lines }: LinesContext): Promise<void> {
  if (lines.length < 2) throw badRequest(T.pathTooShort)
  const seen = new Set<string>()
  for (const [i, line] of lines.entries()) {
    const point = String(line.pointId)
    if (seen.has(point)) throw badRequest(T.pointTwice.replace('{name}', `第 ${i + 1} 行`))
    seen.add(point)
    line.sort = i
    delete line.id
  }
}

const pathTable = sql.identifier(getTableName(inspectionPath))
const pathPointTable = sql.identifier(getTableName(inspectionPathPoint))
const pointTable = sql.identifier(getTableName(inspectionPoint))

export const inspectionPaths = defineResource({
  contract: inspectionPathContract,
  table: inspectionPath,
  expand: {
    pointCount: () =>
      sql`(select count(*)::int from ${pathPointTable} l where l.path_id = ${pathTable}.id and l.tenant_id = ${pathTable}.tenant_id and l.is_deleted = 0)`,
    pointNames: () =>
      sql`coalesce((select string_agg(p.name, '→' order by l.sort) from ${pathPointTable} l join ${pointTable} p on p.id = l.point_id and p.tenant_id = l.tenant_id where l.path_id = ${pathTable}.id and l.tenant_id = ${pathTable}.tenant_id and l.is_deleted = 0), '')`,
  },
  lines: {
    table: inspectionPathPoint,
    expand: {
      pointName: lookup(inspectionPoint, 'name', 'pointId'),
      pointCode: lookup(inspectionPoint, 'code', 'pointId'),
    },
    references: { pointId: { to: inspectionPoints, message: '巡检点不存在' } },
    prepare: checkPathPoints,
  },
  inUse: [{ table: inspectionPlan, column: 'pathId', message: T.pathUsed }],
})

// —— plans ——

/**
 * A plan's records not started from today on are its to remake: removed, then made again from the
 * plan as it is now (none when it is removed or disabled). Started ones keep what they were made with.
 */
async function dropPending(tx: Tx, tenantId: string, planIds: readonly string[]): Promise<void> {
  const pending = await tx
    .delete(inspectionRecord)
    .where(
      and(
        eq(inspectionRecord.tenantId, tenantId),
        inArray(inspectionRecord.planId, [...planIds]),
        eq(inspectionRecord.state, RECORD.pending),
        gte(inspectionRecord.day, dayOf(new Date())),
      ),
    )
    .returning({ id: inspectionRecord.id })
  if (pending.length)
    await tx.delete(inspectionRecordPoint).where(
      inArray(
        inspectionRecordPoint.recordId,
        pending.map((r) => r.id),
      ),
    )
}

export const inspectionPlans = defineResource({
  contract: inspectionPlanContract,
  table: inspectionPlan,
  references: {
    pathId: { to: inspectionPaths, message: '巡检路线不存在' },
    inspectorIds: { to: user, many: true, message: '巡检人员不存在' },
  },
  expand: {
    pathName: lookup(inspectionPath, 'name', 'pathId'),
    inspectorNames: lookupMany(user, 'realName', 'inspectorIds'),
  },
  beforeWrite: async ({ values }) => {
    if (values.startTime && values.endTime && String(values.endTime) <= String(values.startTime))
      throw badRequest(T.windowOrder)
  },
  afterWrite: async ({ tx, auth, id }) => {
    await dropPending(tx, auth.tenantId, [id])
    await tx.update(inspectionPlan).set({ madeThrough: null }).where(eq(inspectionPlan.id, id))
    await recordMaker.make(tx, { only: id })
  },
  beforeRemove: async ({ tx, auth, ids }) => dropPending(tx, auth.tenantId, ids),
})

// —— records ——

const recordTable = sql.identifier(getTableName(inspectionRecord))
const recordPointTable = sql.identifier(getTableName(inspectionRecordPoint))
const countPoints = (condition: string) =>
  sql`(select count(*)::int from ${recordPointTable} rp where rp.record_id = ${recordTable}.id${sql.raw(condition)})`

export const inspectionRecords = defineResource({
  contract: inspectionRecordContract,
  table: inspectionRecord,
  unique: [{ fields: ['planId', 'inspectorId', 'day'], message: T.recordTaken }],
  references: {
    planId: { to: inspectionPlans, message: '巡检计划不存在' },
    inspectorId: { to: user, message: '巡检人员不存在' },
  },
  expand: {
    pathName: lookup(inspectionPath, 'name', 'pathId'),
    inspectorName: lookup(user, 'realName', 'inspectorId'),
    pointCount: () => countPoints(''),
    checkedCount: () => countPoints(` and rp.result in (${POINT.normal}, ${POINT.abnormal})`),
    missedCount: () => countPoints(` and rp.result = ${POINT.missed}`),
  },
  readonlyWhen: {
    field: 'state',
    in: [RECORD.running, RECORD.done, RECORD.closed, RECORD.overdue],
    message: T.onlyPending,
  },
  // an ad-hoc record takes its plan's name, path and window on its day
  beforeWrite: async ({ tx, auth, values }) => {
    if (!values.planId || !values.day) return
    const [plan] = await tx
      .select()
      .from(inspectionPlan)
      .where(scoped(inspectionPlan, auth, eq(inspectionPlan.id, String(values.planId))))
    if (!plan) return
    Object.assign(values, { name: plan.name, pathId: plan.pathId, ...windowOf(plan, String(values.day)) })
  },
  afterWrite: async ({ tx, auth, id }) => {
    const [record] = await tx.select().from(inspectionRecord).where(eq(inspectionRecord.id, id))
    if (!record) return
    await tx.delete(inspectionRecordPoint).where(eq(inspectionRecordPoint.recordId, id))
    await copyPathPoints(tx, [{ ...record, tenantId: auth.tenantId }])
  },
  actions: {
    startInspection: {
      guard: async ({ rows }) => {
        const now = Date.now()
        for (const r of rows)
          if (now < (r.windowStart as Date).getTime() || now > (r.windowEnd as Date).getTime())
            throw badRequest(T.outsideWindow)
      },
      run: async ({ tx, auth, rows }) => {
        await tx
          .update(inspectionRecord)
          .set(touched(inspectionRecord, auth, { startedAt: new Date() }) as never)
          .where(inArray(inspectionRecord.id, ids(rows)))
      },
    },
    // points never checked in are 漏检; the verdict is 异常 when one is 漏检 or 异常
    endInspection: {
      run: async ({ tx, auth, rows }) => {
        for (const id of ids(rows)) {
          await tx
            .update(inspectionRecordPoint)
            .set({ result: POINT.missed })
            .where(
              and(eq(inspectionRecordPoint.recordId, id), eq(inspectionRecordPoint.result, POINT.unchecked)),
            )
          const [bad] = await tx
            .select({ id: inspectionRecordPoint.id })
            .from(inspectionRecordPoint)
            .where(
              and(
                eq(inspectionRecordPoint.recordId, id),
                inArray(inspectionRecordPoint.result, [POINT.missed, POINT.abnormal]),
              ),
            )
            .limit(1)
          await tx
            .update(inspectionRecord)
            .set(
              touched(inspectionRecord, auth, {
                endedAt: new Date(),
                result: bad ? RESULT.abnormal : RESULT.normal,
              }) as never,
            )
            .where(eq(inspectionRecord.id, id))
        }
      },
    },
    closeInspection: {
      run: async ({ tx, auth, rows, input }) => {
        await tx
          .update(inspectionRecord)
          .set(
            touched(inspectionRecord, auth, {
              closeReason: String(input.reason),
              endedAt: new Date(),
            }) as never,
          )
          .where(inArray(inspectionRecord.id, ids(rows)))
      },
    },
  },
})

const ids = (rows: readonly Record<string, unknown>[]) => rows.map((r) => String(r.id))

// —— events ——

export const inspectionEvents = defineResource({
  contract: inspectionEventContract,
  table: inspectionEvent,
  references: {
    recordId: { to: inspectionRecords, message: '巡检任务不存在' },
    pointId: { to: inspectionPoints, message: '巡检点不存在' },
  },
  expand: {
    pointName: lookup(inspectionPoint, 'name', 'pointId'),
    reporterName: lookup(user, 'realName', 'createUser'),
  },
  // found on a patrol: the record running and the point on its path; the point is then 异常
  beforeWrite: async ({ tx, values }) => {
    if (!values.recordId) return
    const [record] = await tx
      .select({ state: inspectionRecord.state })
      .from(inspectionRecord)
      .where(eq(inspectionRecord.id, String(values.recordId)))
    if (record?.state !== RECORD.running) throw new AppError(409, T.notRunning)
    const [onPath] = await tx
      .select({ id: inspectionRecordPoint.id })
      .from(inspectionRecordPoint)
      .where(
        and(
          eq(inspectionRecordPoint.recordId, String(values.recordId)),
          eq(inspectionRecordPoint.pointId, String(values.pointId)),
        ),
      )
    if (!onPath) throw badRequest(T.offPath)
  },
  afterWrite: async ({ tx, values }) => {
    if (!values.recordId) return
    await tx
      .update(inspectionRecordPoint)
      .set({ result: POINT.abnormal, checkedAt: sql`coalesce(${inspectionRecordPoint.checkedAt}, now())` })
      .where(
        and(
          eq(inspectionRecordPoint.recordId, String(values.recordId)),
          eq(inspectionRecordPoint.pointId, String(values.pointId)),
        ),
      )
  },
})

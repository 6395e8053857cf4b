import {
  checkInCall,
  machineIdByTimeCall,
  pointTreeCall,
  recordPointsCall,
} from '@xpark/contract/modules/inspection'
import { and, asc, desc, eq, lte } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { findRow, whereOf } from '../../../core/crud/index.js'
import { formatDateTime } from '../../../core/envelope.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/values.js'
import { parkMachine } from '../../device/index.js'
import { checkIn, recordPoints } from '../checkin.js'
import { inspectionPoints, inspectionRecords } from '../resources.js'
import { inspectionPoint, inspectionPointCamera } from '../schema.js'

/** A record's points, the check-in, and the camera of a point at a moment. */
export function registerRecordRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  handle(
    api,
    recordPointsCall,
    async ({ recordId }, request) => {
      // the record as the caller may see it (tenant and data scope), else 404
      await findRow(db, inspectionRecords, authOf(request), recordId)
      return recordPoints(db, recordId)
    },
    { preHandler: guards },
  )

  handle(
    api,
    pointTreeCall,
    async (_params, request) => {
      const rows = await db
        .select({ id: inspectionPoint.id, name: inspectionPoint.name, code: inspectionPoint.code })
        .from(inspectionPoint)
        .where(await whereOf(inspectionPoints, authOf(request)))
        .orderBy(asc(inspectionPoint.name))
        .limit(1000)
      return rows.map((p) => ({
        id: p.id,
        parentId: '0',
        title: `${p.name} (${p.code})`,
        key: p.id,
        value: p.id,
        // points are what is picked (the pickers take leaves only)
        isLeaf: true,
      }))
    },
    { preHandler: guards },
  )

  handle(
    api,
    checkInCall,
    async ({ recordId, code, result, remark }, request) => {
      const auth = authOf(request)
      await findRow(db, inspectionRecords, auth, recordId)
      return db.transaction((tx) =>
        checkIn(tx, auth, {
          recordId,
          code,
          ...(result !== undefined ? { result } : {}),
          ...(remark !== undefined ? { remark } : {}),
        }),
      )
    },
    { preHandler: guards },
  )

  handle(
    api,
    machineIdByTimeCall,
    async ({ pointId, time }, request) => {
      const auth = authOf(request)
      await findRow(db, inspectionPoints, auth, pointId)
      const [at] = await db
        .select({
          machineId: inspectionPointCamera.machineId,
          machineName: parkMachine.name,
          since: inspectionPointCamera.since,
        })
        .from(inspectionPointCamera)
        .leftJoin(parkMachine, eq(parkMachine.id, inspectionPointCamera.machineId))
        .where(
          and(
            eq(inspectionPointCamera.tenantId, auth.tenantId),
            eq(inspectionPointCamera.pointId, pointId),
            lte(inspectionPointCamera.since, parseDateTime(time) ?? new Date(time)),
          ),
        )
        .orderBy(desc(inspectionPointCamera.since), desc(inspectionPointCamera.id))
        .limit(1)
      return {
        pointId,
        machineId: at?.machineId ?? null,
        machineName: at?.machineName ?? null,
        since: at ? formatDateTime(at.since) : null,
      }
    },
    { preHandler: guards },
  )
}

import { INSPECTION_TEXTS, POINT, RECORD, type RecordPointRow } from '@xpark/contract/modules/inspection'
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { eventEnvelope, subscription } from '../../core/devices/index.js'
import { formatDateTime } from '../../core/envelope.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import type { Db, Tx } from '../../db/client.js'
import { inspectionPoint, inspectionRecord, inspectionRecordPoint } from './schema.js'

/**
 * A check-in at a point of a running record, by the point's code: from the console or app
 * (`checkIn`) and from a patrol handset over MQTT (an event of type `checkin`). Only the record's
 * inspector, only while it runs, only at a point of its path; a repeat keeps the first check-in.
 */

const T = INSPECTION_TEXTS

export interface CheckIn {
  /** none (a handset): the inspector's running record that has the point */
  recordId?: string
  code: string
  /** 1 正常, 2 异常 */
  result?: number
  remark?: string
  at?: Date
}

export async function checkIn(
  tx: Tx,
  who: { tenantId: string; userId: string },
  input: CheckIn,
): Promise<RecordPointRow> {
  const [point] = await tx
    .select({ id: inspectionPoint.id })
    .from(inspectionPoint)
    .where(
      and(
        eq(inspectionPoint.tenantId, who.tenantId),
        eq(inspectionPoint.code, input.code),
        eq(inspectionPoint.isDeleted, 0),
      ),
    )
  const [record] = await tx
    .select({
      id: inspectionRecord.id,
      state: inspectionRecord.state,
      inspectorId: inspectionRecord.inspectorId,
    })
    .from(inspectionRecord)
    .where(
      and(
        eq(inspectionRecord.tenantId, who.tenantId),
        eq(inspectionRecord.isDeleted, 0),
        input.recordId
          ? eq(inspectionRecord.id, input.recordId)
          : and(
              eq(inspectionRecord.inspectorId, who.userId),
              eq(inspectionRecord.state, RECORD.running),
              sql`exists (select 1 from ${inspectionRecordPoint} rp where rp.record_id = ${inspectionRecord.id} and rp.point_id = ${point?.id ?? '0'})`,
            ),
      ),
    )
    .orderBy(asc(inspectionRecord.windowStart))
    .limit(1)
    .for('update')
  if (!record) throw input.recordId ? notFound('巡检任务不存在') : new AppError(409, T.notRunning)
  if (record.inspectorId !== who.userId) throw new AppError(403, T.notYours)
  if (record.state !== RECORD.running) throw new AppError(409, T.notRunning)
  const [line] = point
    ? await tx
        .select()
        .from(inspectionRecordPoint)
        .where(
          and(eq(inspectionRecordPoint.recordId, record.id), eq(inspectionRecordPoint.pointId, point.id)),
        )
    : []
  if (!line) throw badRequest(T.offPath)
  if (line.result === POINT.unchecked) {
    const [checked] = await tx
      .update(inspectionRecordPoint)
      .set({
        result: input.result === POINT.abnormal ? POINT.abnormal : POINT.normal,
        checkedAt: input.at ?? new Date(),
        remark: input.remark ?? '',
      })
      .where(eq(inspectionRecordPoint.id, line.id))
      .returning()
    return (await recordPoints(tx, record.id, checked!.id))[0]!
  }
  return (await recordPoints(tx, record.id, line.id))[0]!
}

/** A record's points in the path order (or one of them), as the console shows them. */
export async function recordPoints(db: Db | Tx, recordId: string, only?: string): Promise<RecordPointRow[]> {
  const rows = await db
    .select({
      id: inspectionRecordPoint.id,
      recordId: inspectionRecordPoint.recordId,
      pointId: inspectionRecordPoint.pointId,
      pointName: inspectionPoint.name,
      pointCode: inspectionPoint.code,
      sort: inspectionRecordPoint.sort,
      result: inspectionRecordPoint.result,
      checkedAt: inspectionRecordPoint.checkedAt,
      remark: inspectionRecordPoint.remark,
    })
    .from(inspectionRecordPoint)
    .leftJoin(inspectionPoint, eq(inspectionPoint.id, inspectionRecordPoint.pointId))
    .where(
      and(
        eq(inspectionRecordPoint.recordId, recordId),
        only ? eq(inspectionRecordPoint.id, only) : undefined,
      ),
    )
    .orderBy(asc(inspectionRecordPoint.sort))
  return rows.map((r) => ({ ...r, checkedAt: r.checkedAt ? formatDateTime(r.checkedAt) : null }))
}

/** A handset's check-in: `{ id, type: 'checkin', userId, code }` from the machine the inspector carries. */
export const checkInSubscriptions = [
  subscription({
    kind: 'event',
    type: 'checkin',
    payload: eventEnvelope.extend({
      userId: z.string().regex(/^[1-9]\d{0,18}$/),
      code: z.string().min(1).max(64),
      result: z.number().int().min(1).max(2).optional(),
    }),
    // a refusal (off the path, not running, not the inspector) is an AppError: logged and acknowledged
    handle: async (message, tx) => {
      const at = message.payload.at ? new Date(message.payload.at) : message.receivedAt
      await checkIn(
        tx,
        { tenantId: message.tenantId, userId: message.payload.userId },
        {
          code: message.payload.code,
          ...(message.payload.result ? { result: message.payload.result } : {}),
          at: Number.isNaN(at.getTime()) ? message.receivedAt : at,
        },
      )
    },
  }),
]

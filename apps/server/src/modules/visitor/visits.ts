import { GRANT_TYPES } from '@xpark/contract/modules/device'
import { type GrantRow, VISIT, VISITOR_TEXTS, type VisitDetail } from '@xpark/contract/modules/visitor'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { findRow, whereOf } from '../../core/crud/index.js'
import { formatDateTime } from '../../core/envelope.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import type { Db, Tx } from '../../db/client.js'
import { grantForPeriod, issueDue, machineGrant, parkMachine } from '../device/index.js'
import { visitDays } from './aggregates.js'
import { maskedFor, type Reader } from './present.js'
import { doorRecords, visits } from './resources.js'
import { accessRecord, visit } from './schema.js'

/**
 * A visit's life (docs/modules/visitor.md "States"): 待审批 → 已通过 (the visitor's face granted on the
 * chosen doors for the window, through the device layer's grants) or 已拒绝 (a reason); 已通过 → 已到访
 * at the first pass → 已离开 (a pass out, or the window over) ; 已通过 never come → 已过期. The grants
 * end with the window: the device-grants job takes back every grant past its `validUntil`.
 */

const T = VISITOR_TEXTS

export interface Decision {
  id: string
  status: number
  machineIds?: string | undefined
  refuseReason?: string | undefined
}

/** The doors a visit may be granted on: live machines of the tenant of a type that takes grants. */
async function doorsOf(db: Db | Tx, tenantId: string, ids: readonly string[]) {
  return db
    .select({ id: parkMachine.id, location: parkMachine.location })
    .from(parkMachine)
    .where(
      and(
        eq(parkMachine.tenantId, tenantId),
        eq(parkMachine.isDeleted, 0),
        inArray(parkMachine.id, [...ids]),
        inArray(parkMachine.type, [...GRANT_TYPES]),
      ),
    )
}

/**
 * Approve or refuse a visit. Only its host, or a holder of `visitor_approve` (`approver`), decides;
 * a visit already decided is 409 `该申请已处理`, one whose window is over 409 `访问时间已过`; whatever
 * is refused writes nothing. Approval grants the face on the chosen doors inside the same transaction
 * (issued to the machines once it has committed, retried by the device-grants job).
 */
export async function decide(
  ctx: ModuleContext,
  auth: AuthContext,
  input: Decision,
  approver: boolean,
  now = new Date(),
): Promise<string[]> {
  const db = ctx.database.db
  const where = await whereOf(visits, auth, eq(visit.id, input.id))
  const approving = input.status === VISIT.approved
  const machineIds = [...new Set((input.machineIds ?? '').split(',').filter(Boolean))]
  const reason = (input.refuseReason ?? '').trim()
  if (approving && !machineIds.length) throw badRequest(T.doorsRequired)
  if (!approving && !reason) throw badRequest(T.reasonRequired)
  const doors = approving ? await doorsOf(db, auth.tenantId, machineIds) : []
  if (doors.length !== machineIds.length) throw badRequest(T.notDoor)
  const grantIds = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(visit).where(where).for('update')
    if (!found) throw notFound('访客申请不存在')
    if (found.hostId !== auth.userId && !approver) throw new AppError(403, T.notYours)
    if (found.status !== VISIT.pending) throw new AppError(409, T.handled)
    if (found.visitEnd.getTime() <= now.getTime()) throw new AppError(409, T.pastWindow)
    const decided = { approverId: auth.userId, approveTime: now, updateUser: auth.userId, updateTime: now }
    let ids: string[] = []
    if (approving) {
      ids = await grantForPeriod(tx, auth, {
        machineIds,
        subjectId: found.id,
        name: found.visitorName,
        faceUrl: found.faceUrl,
        validFrom: found.visitStart,
        validUntil: found.visitEnd,
      })
      const area = doors.find((d) => d.id === machineIds[0])?.location ?? ''
      await tx
        .update(visit)
        .set({ ...decided, status: VISIT.approved, machineIds: machineIds.join(','), area })
        .where(eq(visit.id, found.id))
    } else
      await tx
        .update(visit)
        .set({ ...decided, status: VISIT.refused, refuseReason: reason.slice(0, 255) })
        .where(eq(visit.id, found.id))
    await visitDays.touch(tx, [{ tenantId: found.tenantId, day: found.visitDay }])
    return ids
  })
  if (grantIds.length) void issueDue(ctx, { tenantId: auth.tenantId, ids: grantIds }).catch(() => {})
  return grantIds
}

/** A visit as its detail shows it: the row, its grants on the doors (and how they went), its passes. */
export async function visitDetail(
  db: Db,
  auth: AuthContext,
  reader: Reader,
  id: string,
): Promise<VisitDetail> {
  const row = await findRow(db, visits, auth, id)
  const [shown] = await maskedFor([row], reader, ['visitorPhone'])
  const grants = await db
    .select({
      machineId: machineGrant.machineId,
      machineName: parkMachine.name,
      area: sql<string>`coalesce(${parkMachine.location}, '')`,
      grantStatus: machineGrant.grantStatus,
      error: machineGrant.error,
      validFrom: machineGrant.validFrom,
      validUntil: machineGrant.validUntil,
    })
    .from(machineGrant)
    .leftJoin(parkMachine, eq(parkMachine.id, machineGrant.machineId))
    .where(
      and(
        eq(machineGrant.tenantId, auth.tenantId),
        eq(machineGrant.userId, id),
        eq(machineGrant.isDeleted, 0),
      ),
    )
    .orderBy(asc(machineGrant.id))
  const passes = await db
    .select()
    .from(accessRecord)
    .where(await whereOf(doorRecords, auth, eq(accessRecord.personType, 2), eq(accessRecord.personId, id)))
    .orderBy(asc(accessRecord.passTime))
    .limit(200)
  const passRows = await maskedFor(
    passes.map((p) => ({
      id: p.id,
      kind: p.kind,
      machineId: p.machineId,
      machineCode: p.machineCode,
      machineName: null,
      area: p.area,
      personType: p.personType,
      personId: p.personId,
      personName: p.personName,
      phone: p.phone,
      method: p.method,
      passed: p.passed,
      similarity: p.similarity,
      photoUrl: '',
      passTime: formatDateTime(p.passTime),
      day: p.day,
    })),
    reader,
    ['phone'],
  )
  return {
    ...(shown as unknown as VisitDetail),
    grants: grants.map(
      (g): GrantRow => ({
        ...g,
        validFrom: g.validFrom ? formatDateTime(g.validFrom) : null,
        validUntil: g.validUntil ? formatDateTime(g.validUntil) : null,
      }),
    ),
    passes: passRows,
  }
}

/**
 * A visitor let through a door (in the record's transaction): the first pass makes the visit 已到访;
 * a pass out (`direction: out`) makes it 已离开 and ends its grants now (the device-grants job takes
 * them back from the machines).
 */
export async function visitorPassed(tx: Tx, tenantId: string, visitId: string, at: Date, out: boolean) {
  const [found] = await tx
    .select({ status: visit.status, day: visit.visitDay })
    .from(visit)
    .where(and(eq(visit.tenantId, tenantId), eq(visit.id, visitId), eq(visit.isDeleted, 0)))
    .for('update')
  if (!found) return
  if (found.status === VISIT.approved)
    await tx
      .update(visit)
      .set({ status: VISIT.arrived, arriveTime: at, updateTime: at })
      .where(eq(visit.id, visitId))
  if (out && (found.status === VISIT.approved || found.status === VISIT.arrived)) {
    await tx
      .update(visit)
      .set({ status: VISIT.left, leaveTime: at, updateTime: at })
      .where(eq(visit.id, visitId))
    await tx
      .update(machineGrant)
      .set({ validUntil: at })
      .where(
        and(
          eq(machineGrant.tenantId, tenantId),
          eq(machineGrant.userId, visitId),
          eq(machineGrant.isDeleted, 0),
        ),
      )
  }
  if (found.status === VISIT.approved || out) await visitDays.touch(tx, [{ tenantId, day: found.day }])
}

/**
 * Visits whose window is over: 待审批 and 已通过 → 已过期, 已到访 → 已离开 (left by the window's end).
 * Their grants end with the window (the device-grants job). Answers how many moved.
 */
export async function expireVisits(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const over = and(eq(visit.isDeleted, 0), lte(visit.visitEnd, now))
    const expired = await tx
      .update(visit)
      .set({ status: VISIT.expired, updateTime: now })
      .where(and(over, inArray(visit.status, [VISIT.pending, VISIT.approved])))
      .returning({ tenantId: visit.tenantId, day: visit.visitDay })
    const left = await tx
      .update(visit)
      .set({ status: VISIT.left, leaveTime: sql`${visit.visitEnd}`, updateTime: now })
      .where(and(over, eq(visit.status, VISIT.arrived)))
      .returning({ tenantId: visit.tenantId, day: visit.visitDay })
    await visitDays.touch(tx, [...expired, ...left])
    return expired.length + left.length
  })
}

import { RECORD } from '@xpark/contract/modules/inspection'
import { and, eq, inArray, lt } from 'drizzle-orm'
import { isoWeekday } from '../../core/days.js'
import { nextId } from '../../core/ids.js'
import { planRows } from '../../core/jobs/plan-rows.js'
import type { Db, Tx } from '../../db/client.js'
import { live } from '../../db/columns.js'
import { inspectionPathPoint, inspectionPlan, inspectionRecord, inspectionRecordPoint } from './schema.js'

/**
 * From plans to records: each day of a plan's weekdays, one record per inspector with the plan's
 * window on that day, made two days ahead by a job (core/jobs/plan-rows: once across processes, a
 * removed record not made again) and at once when a plan is saved. A record's points are copied from
 * its path as it is then. A record whose window passed without a start is 已超时.
 */

type Plan = typeof inspectionPlan.$inferSelect

/** The window of a plan on a day: its start and end times that day, in the server's time zone. */
export function windowOf(plan: Pick<Plan, 'startTime' | 'endTime'>, day: string) {
  return {
    windowStart: new Date(`${day}T${plan.startTime}:00`),
    windowEnd: new Date(`${day}T${plan.endTime}:00`),
  }
}

/** A record's points: its path's, in order (made with the record, kept when the path changes). */
export async function copyPathPoints(
  db: Db | Tx,
  records: readonly { id: unknown; tenantId: unknown; pathId: unknown }[],
): Promise<void> {
  const pathIds = [...new Set(records.map((r) => String(r.pathId)))]
  const lines = await db
    .select({
      pathId: inspectionPathPoint.pathId,
      pointId: inspectionPathPoint.pointId,
      sort: inspectionPathPoint.sort,
    })
    .from(inspectionPathPoint)
    .where(and(inArray(inspectionPathPoint.pathId, pathIds), eq(inspectionPathPoint.isDeleted, 0)))
  const rows = records.flatMap((r) =>
    lines
      .filter((l) => l.pathId === String(r.pathId))
      .map((l) => ({
        id: nextId(),
        tenantId: String(r.tenantId),
        recordId: String(r.id),
        pointId: l.pointId,
        sort: l.sort,
      })),
  )
  if (rows.length) await db.insert(inspectionRecordPoint).values(rows).onConflictDoNothing()
}

export const recordMaker = planRows<Plan>({
  name: 'inspection-records',
  everySeconds: 300,
  days: 2,
  plans: inspectionPlan,
  through: 'madeThrough',
  idle: (plan) => plan.status !== 1,
  rows: async (plan, day) => {
    if (!plan.weekdays.split(',').includes(String(isoWeekday(new Date(`${day}T00:00:00`))))) return []
    const window = windowOf(plan, day)
    // a window already over when the plan is made or saved makes no record of that day
    if (window.windowEnd.getTime() <= Date.now()) return []
    const now = new Date()
    return plan.inspectorIds.split(',').map((inspectorId) => ({
      id: nextId(),
      tenantId: plan.tenantId,
      name: plan.name,
      planId: plan.id,
      pathId: plan.pathId,
      inspectorId,
      day,
      ...window,
      state: RECORD.pending,
      createUser: plan.updateUser ?? plan.createUser,
      createDept: plan.createDept,
      createTime: now,
      updateUser: plan.updateUser ?? plan.createUser,
      updateTime: now,
    }))
  },
  into: inspectionRecord,
  target: [
    inspectionRecord.tenantId,
    inspectionRecord.planId,
    inspectionRecord.inspectorId,
    inspectionRecord.day,
  ],
  targetWhere: live,
  made: (rows, tx) =>
    copyPathPoints(
      tx,
      rows.map((r) => ({ id: r.id, tenantId: r.tenantId, pathId: r.pathId })),
    ),
})

/** Records never started whose window is over: 已超时. Answers how many. */
export async function markOverdue(db: Db, now = new Date()): Promise<number> {
  const overdue = await db
    .update(inspectionRecord)
    .set({ state: RECORD.overdue, updateTime: now })
    .where(
      and(
        eq(inspectionRecord.state, RECORD.pending),
        lt(inspectionRecord.windowEnd, now),
        eq(inspectionRecord.isDeleted, 0),
      ),
    )
    .returning({ id: inspectionRecord.id })
  return overdue.length
}

import { and, eq, sql } from 'drizzle-orm'
import { derived } from '../../core/jobs/derived.js'
import type { DbOrTx } from '../../db/client.js'
import { accessDaily, accessRecord, visit, visitDaily } from './schema.js'

/**
 * The daily aggregates the analysis reads (docs/modules/visitor.md "Analysis"): a tenant's day of
 * visits (by area and state) and of face and door records (by kind, machine, area, person and
 * outcome). Every write of a visit or a record marks its (tenant, day) in its own transaction; the
 * jobs recompute the marked days from the source rows, so a figure always equals a count over them.
 */

export type DayKey = { tenantId: string; day: string }

/** `(tenant_id, day) in ((…), …)` of a table's columns. */
function keysIn(tenant: unknown, day: unknown, keys: readonly DayKey[]) {
  const values = sql.join(
    keys.map((k) => sql`(${k.tenantId}, ${k.day})`),
    sql`, `,
  )
  return sql`(${tenant}, ${day}) in (${values})`
}

export const visitDays = derived<DayKey>({
  name: 'visit-daily',
  everySeconds: 30,
  into: visitDaily,
  key: ['tenantId', 'day'],
  compute: async (keys, tx: DbOrTx) =>
    tx
      .select({
        tenantId: visit.tenantId,
        day: visit.visitDay,
        area: visit.area,
        status: sql<number>`${visit.status}::smallint`.mapWith(Number),
        visits: sql<number>`count(*)::int`.mapWith(Number),
        approved:
          sql<number>`(count(*) filter (where ${visit.approverId} is not null and ${visit.status} <> 3))::int`.mapWith(
            Number,
          ),
        arrived: sql<number>`(count(*) filter (where ${visit.arriveTime} is not null))::int`.mapWith(Number),
      })
      .from(visit)
      .where(and(eq(visit.isDeleted, 0), keysIn(visit.tenantId, visit.visitDay, keys)))
      .groupBy(visit.tenantId, visit.visitDay, visit.area, visit.status),
})

export const accessDays = derived<DayKey>({
  name: 'access-daily',
  everySeconds: 30,
  into: accessDaily,
  key: ['tenantId', 'day'],
  compute: async (keys, tx: DbOrTx) =>
    tx
      .select({
        tenantId: accessRecord.tenantId,
        day: accessRecord.day,
        kind: accessRecord.kind,
        machineId: sql<string>`coalesce(${accessRecord.machineId}, 0)::text`,
        area: accessRecord.area,
        personType: accessRecord.personType,
        personId: sql<string>`coalesce(${accessRecord.personId}, 0)::text`,
        passed: accessRecord.passed,
        records: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(accessRecord)
      .where(and(eq(accessRecord.isDeleted, 0), keysIn(accessRecord.tenantId, accessRecord.day, keys)))
      .groupBy(
        accessRecord.tenantId,
        accessRecord.day,
        accessRecord.kind,
        sql`coalesce(${accessRecord.machineId}, 0)`,
        accessRecord.area,
        accessRecord.personType,
        sql`coalesce(${accessRecord.personId}, 0)`,
        accessRecord.passed,
      ),
})

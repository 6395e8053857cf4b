import { REPAIR_PROCESS_KEY } from '@xpark/contract/modules/analysis'
import { and, eq, gte, lt, or, sql } from 'drizzle-orm'
import { addDays, dayOf } from '../../core/days.js'
import { derived } from '../../core/jobs/derived.js'
import type { Db } from '../../db/client.js'
import { machineFaultType, parkMachine } from '../device/index.js'
import type { DayKey } from '../visitor/index.js'
import { INSTANCE, workflowInstance } from '../workflow/index.js'
import { perKey } from './aggregates.js'
import { repairDaily } from './schema.js'

/**
 * 报修分析's daily aggregate (issue 31): the 设备报修 process's instances by the day they started,
 * the machine and the fault type their form names. The workflow marks nothing of ours (imports go one
 * way), so `markRepairs` marks the days of the instances started or ended lately, as the alarm and
 * property marks do (aggregates.ts).
 */

/** A form value that is an id (a form is the user's: anything else names nothing). */
const idIn = (name: string) =>
  sql`case when ${workflowInstance.variables}->>${name} ~ '^[0-9]{1,18}$' then (${workflowInstance.variables}->>${name})::bigint end`

/** The repairs counted: live instances of the process (of a tenant). */
const isRepair = (tenantId?: string) =>
  and(
    tenantId === undefined ? undefined : eq(workflowInstance.tenantId, tenantId),
    eq(workflowInstance.processDefinitionKey, REPAIR_PROCESS_KEY),
    eq(workflowInstance.isDeleted, 0),
  )
/** The repairs whose days are marked: deleted ones too (their day must drop them). */
const anyRepair = eq(workflowInstance.processDefinitionKey, REPAIR_PROCESS_KEY)

export const repairDays = derived<DayKey>({
  name: 'repair-daily',
  everySeconds: 60,
  into: repairDaily,
  key: ['tenantId', 'day'],
  compute: (keys, tx) =>
    perKey(keys, (key, from, to) => {
      const machineId = sql<string>`coalesce(${parkMachine.id}, 0)::text`
      const faultTypeId = sql<string>`coalesce(${machineFaultType.id}, 0)::text`
      const machineType = sql<number>`coalesce(${parkMachine.type}, 0)::smallint`.mapWith(Number)
      const area = sql<string>`coalesce(${parkMachine.location}, '')`
      return tx
        .select({
          tenantId: workflowInstance.tenantId,
          day: sql<string>`${key.day}`,
          machineId,
          machineType,
          area,
          faultTypeId,
          repairs: sql<number>`count(*)::int`.mapWith(Number),
          done: sql<number>`(count(*) filter (where ${workflowInstance.status} = ${INSTANCE.completed}))::int`.mapWith(
            Number,
          ),
        })
        .from(workflowInstance)
        .leftJoin(
          parkMachine,
          and(
            eq(parkMachine.tenantId, workflowInstance.tenantId),
            eq(parkMachine.id, idIn('machineId')),
            eq(parkMachine.isDeleted, 0),
          ),
        )
        .leftJoin(
          machineFaultType,
          and(
            eq(machineFaultType.tenantId, workflowInstance.tenantId),
            eq(machineFaultType.id, idIn('faultTypeId')),
            eq(machineFaultType.isDeleted, 0),
          ),
        )
        .where(
          and(
            isRepair(key.tenantId),
            gte(workflowInstance.startTime, from),
            lt(workflowInstance.startTime, to),
          ),
        )
        .groupBy(workflowInstance.tenantId, machineId, machineType, area, faultTypeId)
    }),
  dueEachDay: async (day, db) =>
    (
      await db
        .selectDistinct({ tenantId: workflowInstance.tenantId })
        .from(workflowInstance)
        .where(isRepair())
    ).map((r) => ({ tenantId: r.tenantId, day })),
})

/** Mark the start days of the repairs started or ended in the last `minutes` (a job every minute). */
export async function markRepairs(db: Db, now = new Date(), minutes = 5): Promise<void> {
  const since = new Date(now.getTime() - minutes * 60_000)
  const changed = await db
    .select({ tenantId: workflowInstance.tenantId, at: workflowInstance.startTime })
    .from(workflowInstance)
    .where(and(anyRepair, or(gte(workflowInstance.startTime, since), gte(workflowInstance.endTime, since))))
    .limit(5000)
  if (changed.length === 0) return
  await db.transaction((tx) =>
    repairDays.touch(
      tx,
      changed.map((r) => ({ tenantId: r.tenantId, day: dayOf(r.at) })),
    ),
  )
}

/** The first run on a database: the last `days` days of every tenant with repairs. */
export async function markRecentRepairs(db: Db, days = 31, now = new Date()): Promise<void> {
  const today = dayOf(now)
  const tenants = await db
    .selectDistinct({ t: workflowInstance.tenantId })
    .from(workflowInstance)
    .where(anyRepair)
  const keys = tenants.flatMap(({ t }) =>
    Array.from({ length: days }, (_, i) => ({ tenantId: t, day: addDays(today, -i) })),
  )
  if (keys.length > 0) await db.transaction((tx) => repairDays.touch(tx, keys))
}

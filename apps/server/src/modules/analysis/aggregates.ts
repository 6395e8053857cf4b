import { ALARM } from '@xpark/contract/modules/alarm'
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { addDays, dayBounds, dayOf } from '../../core/days.js'
import { devicePresence } from '../../core/devices/schema.js'
import { derived } from '../../core/jobs/derived.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { alarm } from '../alarm/index.js'
import { parkMachine } from '../device/index.js'
import { parkingPass, passWritten } from '../parking/index.js'
import { propertyClean, propertyRepair } from '../property/index.js'
import type { DayKey } from '../visitor/index.js'
import { alarmDaily, machineDaily, passDaily, sensorDaily, sensorReading, serviceDaily } from './schema.js'

/**
 * The analysis's daily aggregates (docs/modules/visitor.md "Analysis"), each a function of its
 * (tenant, day) source rows, recomputed for the keys marked:
 * - sensors: the reading's own write marks its day;
 * - alarms and property orders are written by their modules, which mark nothing of ours: the
 *   `analysis-marks` job marks the days of the rows changed since its last run (their `update_time`),
 *   and every day once it is over (`dueEachDay`);
 * - machines: today is marked every run (a day's figure is the machines as its last run found them);
 * - parking's passes: the pass's write marks its day through parking's `passWritten` hook (below).
 */

/** Each key's rows, one query per key (a job batch is a few days of a few tenants). */
export async function perKey<R>(
  keys: readonly DayKey[],
  read: (key: DayKey, from: Date, to: Date) => Promise<R[]>,
) {
  const out: R[] = []
  for (const key of keys) {
    const [from, to] = dayBounds(key.day)
    out.push(...(await read(key, from, to)))
  }
  return out
}

export const sensorDays = derived<DayKey>({
  name: 'sensor-daily',
  everySeconds: 60,
  into: sensorDaily,
  key: ['tenantId', 'day'],
  compute: (keys, tx) =>
    perKey(keys, (key) =>
      tx
        .select({
          tenantId: sensorReading.tenantId,
          day: sensorReading.day,
          machineId: sensorReading.machineId,
          metric: sensorReading.metric,
          area: sql<string>`max(${sensorReading.area})`,
          readings: sql<number>`count(*)::int`.mapWith(Number),
          total: sql<number>`sum(${sensorReading.value})`.mapWith(Number),
          least: sql<number>`min(${sensorReading.value})`.mapWith(Number),
          most: sql<number>`max(${sensorReading.value})`.mapWith(Number),
          last: sql<number>`(array_agg(${sensorReading.value} order by ${sensorReading.readAt} desc, ${sensorReading.id} desc))[1]`.mapWith(
            Number,
          ),
        })
        .from(sensorReading)
        .where(and(eq(sensorReading.tenantId, key.tenantId), eq(sensorReading.day, key.day)))
        .groupBy(sensorReading.tenantId, sensorReading.day, sensorReading.machineId, sensorReading.metric),
    ),
})

export const alarmDays = derived<DayKey>({
  name: 'alarm-daily',
  everySeconds: 60,
  into: alarmDaily,
  key: ['tenantId', 'day'],
  compute: (keys, tx) =>
    perKey(keys, (key, from, to) =>
      tx
        .select({
          tenantId: alarm.tenantId,
          day: sql<string>`${key.day}`,
          level: sql<number>`${alarm.level}::smallint`.mapWith(Number),
          area: sql<string>`coalesce(${parkMachine.location}, '')`,
          alarms: sql<number>`count(*)::int`.mapWith(Number),
          closed: sql<number>`(count(*) filter (where ${alarm.status} = ${ALARM.closed}))::int`.mapWith(
            Number,
          ),
        })
        .from(alarm)
        .leftJoin(parkMachine, eq(parkMachine.id, alarm.machineId))
        .where(
          and(
            eq(alarm.tenantId, key.tenantId),
            eq(alarm.isDeleted, 0),
            gte(alarm.firstTime, from),
            lt(alarm.firstTime, to),
          ),
        )
        .groupBy(alarm.tenantId, alarm.level, sql`coalesce(${parkMachine.location}, '')`),
    ),
  dueEachDay: async (_day, db) =>
    (await db.selectDistinct({ tenantId: alarm.tenantId }).from(alarm)).map((r) => ({
      tenantId: r.tenantId,
      day: _day,
    })),
})

/** Orders done: 待评价 and 已完成 (property's states 4 and 5, the same for repairs and cleaning). */
const DONE = [4, 5]
/** The two kinds of property order a day counts: `kind` 1 repair (报事报修), 2 cleaning (保洁服务). */
const SERVICE_ORDERS = [
  { kind: 1, table: propertyRepair },
  { kind: 2, table: propertyClean },
] as const

/** One kind's orders made within a day of a tenant: how many, how many done since. */
function serviceOrdersOn(
  tx: DbOrTx,
  key: DayKey,
  from: Date,
  to: Date,
  { kind, table }: (typeof SERVICE_ORDERS)[number],
) {
  return tx
    .select({
      tenantId: table.tenantId,
      day: sql<string>`${key.day}`,
      kind: sql<number>`${kind}::smallint`.mapWith(Number),
      orders: sql<number>`count(*)::int`.mapWith(Number),
      done: sql<number>`(count(*) filter (where ${table.status} in (${sql.join(
        DONE.map((d) => sql`${d}`),
        sql`, `,
      )})))::int`.mapWith(Number),
    })
    .from(table)
    .where(
      and(
        eq(table.tenantId, key.tenantId),
        eq(table.isDeleted, 0),
        gte(table.createTime, from),
        lt(table.createTime, to),
      ),
    )
    .groupBy(table.tenantId)
}

/** The tenants with property orders of either kind. */
async function serviceTenants(db: DbOrTx): Promise<string[]> {
  const tenants = new Set<string>()
  for (const { table } of SERVICE_ORDERS)
    for (const r of await db.selectDistinct({ tenantId: table.tenantId }).from(table)) tenants.add(r.tenantId)
  return [...tenants]
}

export const serviceDays = derived<DayKey>({
  name: 'service-daily',
  everySeconds: 60,
  into: serviceDaily,
  key: ['tenantId', 'day'],
  compute: (keys, tx) =>
    perKey(keys, async (key, from, to) => {
      const rows = []
      for (const orders of SERVICE_ORDERS) rows.push(...(await serviceOrdersOn(tx, key, from, to, orders)))
      return rows.filter((r) => r.orders > 0)
    }),
  dueEachDay: async (day, db) => (await serviceTenants(db)).map((tenantId) => ({ tenantId, day })),
})

export const machineDays = derived<DayKey>({
  name: 'machine-daily',
  everySeconds: 300,
  into: machineDaily,
  key: ['tenantId', 'day'],
  compute: (keys, tx) =>
    perKey(keys, (key) =>
      tx
        .select({
          tenantId: parkMachine.tenantId,
          day: sql<string>`${key.day}`,
          type: sql<number>`${parkMachine.type}::smallint`.mapWith(Number),
          area: parkMachine.location,
          machines: sql<number>`count(*)::int`.mapWith(Number),
          online:
            sql<number>`(count(*) filter (where ${devicePresence.online} and ${devicePresence.lastSeenAt} >= now() - make_interval(secs => ${devicePresence.intervalSeconds} * 3)))::int`.mapWith(
              Number,
            ),
        })
        .from(parkMachine)
        .leftJoin(
          devicePresence,
          and(
            eq(devicePresence.tenantId, parkMachine.tenantId),
            eq(devicePresence.machine, parkMachine.code),
          ),
        )
        .where(and(eq(parkMachine.tenantId, key.tenantId), eq(parkMachine.isDeleted, 0)))
        .groupBy(parkMachine.tenantId, parkMachine.type, parkMachine.location),
    ),
})

export const passDays = derived<DayKey>({
  name: 'pass-daily',
  everySeconds: 60,
  into: passDaily,
  key: ['tenantId', 'day'],
  compute: (keys, tx) =>
    perKey(keys, (key, from, to) => {
      const machine = sql<string>`coalesce(${parkingPass.machineId}, 0)`
      const area = sql<string>`coalesce(${parkMachine.location}, '')`
      return tx
        .select({
          tenantId: parkingPass.tenantId,
          day: sql<string>`${key.day}`,
          machineId: machine,
          area,
          direction: parkingPass.direction,
          released: parkingPass.released,
          passes: sql<number>`count(*)::int`.mapWith(Number),
        })
        .from(parkingPass)
        .leftJoin(parkMachine, eq(parkMachine.id, parkingPass.machineId))
        .where(
          and(
            eq(parkingPass.tenantId, key.tenantId),
            eq(parkingPass.isDeleted, 0),
            gte(parkingPass.passTime, from),
            lt(parkingPass.passTime, to),
          ),
        )
        .groupBy(parkingPass.tenantId, machine, area, parkingPass.direction, parkingPass.released)
    }),
})

// parking tells its pass writes (imports go one way: parking knows nothing of the analysis)
passWritten.listen((tx, passes) =>
  passDays.touch(
    tx,
    passes.map((p) => ({ tenantId: p.tenantId, day: dayOf(p.passTime) })),
  ),
)

/**
 * Mark the days of the alarms and repair orders changed in the last `minutes` (their modules mark
 * nothing of ours), and today's machines. Run every minute with a window of a few: a mark twice is
 * one recompute.
 */
export async function markChanged(db: Db, now = new Date(), minutes = 5): Promise<void> {
  const since = new Date(now.getTime() - minutes * 60_000)
  const alarms = await db
    .select({ tenantId: alarm.tenantId, at: alarm.firstTime })
    .from(alarm)
    .where(gte(alarm.updateTime, since))
    .limit(5000)
  const orders = (
    await Promise.all(
      SERVICE_ORDERS.map(({ table }) =>
        db
          .select({ tenantId: table.tenantId, at: table.createTime })
          .from(table)
          .where(gte(table.updateTime, since))
          .limit(5000),
      ),
    )
  ).flat()
  const machines = await db.selectDistinct({ tenantId: parkMachine.tenantId }).from(parkMachine)
  const today = dayOf(now)
  await db.transaction(async (tx) => {
    await alarmDays.touch(
      tx,
      alarms.map((a) => ({ tenantId: a.tenantId, day: dayOf(a.at) })),
    )
    await serviceDays.touch(
      tx,
      orders.map((r) => ({ tenantId: r.tenantId, day: dayOf(r.at) })),
    )
    await machineDays.touch(
      tx,
      machines.map((m) => ({ tenantId: m.tenantId, day: today })),
    )
  })
}

/** The first run on a database: the last `days` days of every source marked (then kept by the marks). */
export async function markRecent(db: Db, days = 31, now = new Date()): Promise<void> {
  const today = dayOf(now)
  const tenants = [
    ...new Set([
      ...(await db.selectDistinct({ t: alarm.tenantId }).from(alarm)).map((r) => r.t),
      ...(await serviceTenants(db)),
    ]),
  ]
  const parking = (await db.selectDistinct({ t: parkingPass.tenantId }).from(parkingPass)).map((r) => r.t)
  const daysOf = (tenantIds: readonly string[]) =>
    tenantIds.flatMap((tenantId) =>
      Array.from({ length: days }, (_, i) => ({ tenantId, day: addDays(today, -i) })),
    )
  const keys = daysOf(tenants)
  await db.transaction(async (tx) => {
    await alarmDays.touch(tx, keys)
    await serviceDays.touch(tx, keys)
    // passes written before this process listened (rows loaded by SQL, a database from before)
    await passDays.touch(tx, daysOf(parking))
  })
}

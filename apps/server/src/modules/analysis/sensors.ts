import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { dayOf } from '../../core/days.js'
import { type DeviceMessage, subscription } from '../../core/devices/index.js'
import { nextId } from '../../core/ids.js'
import type { Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { sensorDays } from './aggregates.js'
import { sensorReading } from './schema.js'

/**
 * The machines' readings (telemetry `{ temperature: 26.5, humidity: 40, at? }`): every numeric field a
 * metric, stored with the machine's place and its day marked for the sensor-daily job. Readings have
 * no id (they are not events): each delivery is one reading. They are written in batches, once a
 * second a node (the device layer's `batch`).
 */
const METRIC = /^[A-Za-z0-9_.-]{1,32}$/
const MAX_METRICS = 20

const telemetry = z.record(z.string(), z.unknown())

type Reading = DeviceMessage<Record<string, unknown>>

/** The numeric metrics of a reading (at most MAX_METRICS). */
const metricsOf = (payload: Record<string, unknown>) =>
  Object.entries(payload)
    .filter(([k, v]) => METRIC.test(k) && k !== 'at' && typeof v === 'number' && Number.isFinite(v))
    .slice(0, MAX_METRICS) as [string, number][]

/** A batch of readings: one insert of their rows, their days marked (machines read once per batch). */
async function writeReadings(readings: Reading[], tx: Tx): Promise<void> {
  const rows: (typeof sensorReading.$inferInsert)[] = []
  const days = new Map<string, { tenantId: string; day: string }>()
  const machines = new Map<string, { id: string; location: string } | undefined>()
  for (const { tenantId, machine, payload, receivedAt } of readings) {
    const metrics = metricsOf(payload)
    if (!metrics.length) continue
    const key = `${tenantId}/${machine}`
    if (!machines.has(key)) {
      const [found] = await tx
        .select({ id: parkMachine.id, location: parkMachine.location })
        .from(parkMachine)
        .where(
          and(
            eq(parkMachine.tenantId, tenantId),
            eq(parkMachine.code, machine),
            eq(parkMachine.isDeleted, 0),
          ),
        )
      machines.set(key, found)
    }
    const found = machines.get(key)
    if (!found) continue
    const day = dayOf(receivedAt)
    days.set(`${tenantId}|${day}`, { tenantId, day })
    for (const [metric, value] of metrics)
      rows.push({
        id: nextId(),
        tenantId,
        machineId: found.id,
        area: found.location,
        metric,
        value,
        readAt: receivedAt,
        day,
      })
  }
  for (let i = 0; i < rows.length; i += 1_000) await tx.insert(sensorReading).values(rows.slice(i, i + 1_000))
  await sensorDays.touch(tx, [...days.values()])
}

export const sensorSubscriptions = [
  subscription<Record<string, unknown>>({
    kind: 'telemetry',
    payload: telemetry,
    dedupe: false,
    // thousands of readings a second are a few statements a second, not a transaction each
    batch: { write: writeReadings },
  }),
]

import { GATE_DIRECTION } from '@xpark/contract/modules/parking'
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ModuleContext } from '../../core/module.js'
import { parkMachine, simulatorOf } from '../device/index.js'
import { parkingGate, parkingVehicle } from './schema.js'

/**
 * Cars coming and going for the demo (XPARK_DEVICE_SIMULATOR=on): every few seconds a simulated gate
 * camera of each car park reports a plate — a car from the pool arriving at an entry, or one inside
 * leaving by an exit — through MQTT like a real camera, so the decisions, fees and gate commands run
 * as they would in a park.
 */
const POOL = ['粤B12345', '粤B66666', '粤A88888', '粤C20481', '湘A7K219', '粤B3F721', '京N5P288', '沪A1C995']
const EVERY_MS = 20_000

async function step(ctx: ModuleContext): Promise<void> {
  const simulator = simulatorOf(ctx.devices)
  if (!simulator) return
  const gates = await ctx.database.db
    .select({
      tenantId: parkingGate.tenantId,
      lotId: parkingGate.lotId,
      direction: parkingGate.direction,
      code: parkMachine.code,
    })
    .from(parkingGate)
    .innerJoin(parkMachine, eq(parkMachine.id, parkingGate.machineId))
    .where(and(eq(parkingGate.isDeleted, 0), eq(parkMachine.isDeleted, 0)))
  const lots = new Map<string, typeof gates>()
  for (const g of gates) lots.set(g.lotId, [...(lots.get(g.lotId) ?? []), g])
  for (const [lotId, own] of lots) {
    const entry = own.find((g) => g.direction === GATE_DIRECTION.entry)
    const exit = own.find((g) => g.direction === GATE_DIRECTION.exit)
    if (!entry || !exit) continue
    const inside = (
      await ctx.database.db
        .select({ plate: parkingVehicle.plate })
        .from(parkingVehicle)
        .where(and(eq(parkingVehicle.lotId, lotId), eq(parkingVehicle.isDeleted, 0)))
    ).map((v) => v.plate)
    const outside = POOL.filter((p) => !inside.includes(p))
    const arrive = outside.length > 0 && (inside.length < 2 || Math.random() < 0.5)
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!
    const gate = arrive ? entry : exit
    const plate = arrive ? pick(outside) : pick(inside)
    await simulator.raise(gate.tenantId, gate.code, { type: 'plate', plate, plateColor: 1 }).catch(() => {})
  }
}

export function startTraffic(ctx: ModuleContext, log: FastifyBaseLogger): () => void {
  const timer = setInterval(
    () => void step(ctx).catch((error) => log.warn({ err: error }, 'parking traffic: no step')),
    EVERY_MS,
  )
  timer.unref()
  return () => clearInterval(timer)
}

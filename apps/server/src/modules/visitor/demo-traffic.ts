import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ModuleContext } from '../../core/module.js'
import { machineGrant, parkMachine, simulatorOf } from '../device/index.js'

/**
 * The demo's comings and goings (XPARK_DEVICE_SIMULATOR=on): every few minutes a simulated face
 * terminal or door sees someone it was granted — a person with a live grant on it (staff, or a
 * visitor inside their window) — and raises the event, as the real machine would. The records, the
 * track and the analysis then move on their own.
 */
const EVERY_MS = 3 * 60_000

export function startDemoTraffic(ctx: ModuleContext, log: FastifyBaseLogger): () => void {
  const tick = async () => {
    const simulator = simulatorOf(ctx.devices)
    if (!simulator) return
    const now = new Date()
    const granted = await ctx.database.db
      .select({
        tenantId: parkMachine.tenantId,
        code: parkMachine.code,
        type: parkMachine.type,
        userId: machineGrant.userId,
        validFrom: machineGrant.validFrom,
        validUntil: machineGrant.validUntil,
      })
      .from(machineGrant)
      .innerJoin(parkMachine, and(eq(parkMachine.id, machineGrant.machineId), eq(parkMachine.isDeleted, 0)))
      .where(
        and(eq(machineGrant.isDeleted, 0), inArray(parkMachine.type, [MACHINE_TYPE.door, MACHINE_TYPE.face])),
      )
      .limit(200)
    const pick = granted[Math.floor(Math.random() * granted.length)]
    if (!pick) return
    // a grant for a time (a visitor's) lets through inside its window only, as the machine would
    const inWindow = (!pick.validFrom || pick.validFrom <= now) && (!pick.validUntil || pick.validUntil > now)
    const face = pick.type === MACHINE_TYPE.face
    await simulator.raise(pick.tenantId, pick.code, {
      type: face ? 'face' : 'door',
      userId: pick.userId,
      ...(face ? { similarity: 90 + Math.round(Math.random() * 9) } : { method: 'card' }),
      passed: inWindow,
    })
  }
  const timer = setInterval(
    () => void tick().catch((error) => log.warn({ err: error }, 'visitor demo traffic: no event raised')),
    EVERY_MS,
  )
  timer.unref()
  return () => clearInterval(timer)
}

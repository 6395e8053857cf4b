import { CONTROL, MACHINE_TYPE, machineCommands } from '@xpark/contract/modules/device'
import { PARKING_TEXTS } from '@xpark/contract/modules/parking'
import { z } from 'zod'
import {
  type DeviceSubscription,
  eventEnvelope,
  runDeclared,
  subscription,
} from '../../core/devices/index.js'
import { AppError } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import { type Decision, gateByCode, plateAtGate } from './gate.js'

/**
 * A gate's plate camera raises `{ id, type: 'plate', plate, plateColor? }` (docs/device-protocol.md;
 * the device layer keeps each machine's event ids, so a repeated event is decided once). The decision
 * is written in the event's transaction; once it has committed the gate is told: `open`, or `close`
 * with the reason (held for a person), through the one command path (logged in 控制记录).
 */
const plateEvent = eventEnvelope.extend({
  plate: z.string().max(16),
  plateColor: z.number().int().min(0).max(4).optional(),
})
type PlateEvent = z.infer<typeof plateEvent>

/** Where a decision came from, in the command log (dict `machine_command_source`). */
export const PARKING_SOURCE = 'PARKING'

/** Tell the gate what was decided (after the commit); a gate that cannot be told is logged, the decision stands. */
export async function answerGate(ctx: ModuleContext, tenantId: string, decision: Decision): Promise<void> {
  try {
    await runDeclared(ctx.database.db, ctx.devices, machineCommands, {
      by: { authorized: { tenantId, userId: '0', deptIds: [] } },
      // a gate is answered as a barrier, whatever type its machine was registered with
      machine: { id: decision.gate.machineId, code: decision.gate.machineCode, type: MACHINE_TYPE.barrier },
      control: decision.open ? CONTROL.open : CONTROL.close,
      params: { passId: decision.passId, ...(decision.reason ? { reason: decision.reason } : {}) },
      source: PARKING_SOURCE,
      // the car waits: a gate that does not answer in 5 s is left to its own logic or a person
      timeoutMs: 5_000,
    })
  } catch (error) {
    // the gateway away or the gate offline: the decision stands, the gate's own logic or a person acts
    if (!(error instanceof AppError)) throw error
  }
}

export function gateSubscriptions(ctx: ModuleContext): DeviceSubscription[] {
  return [
    subscription<PlateEvent>({
      kind: 'event',
      type: 'plate',
      payload: plateEvent,
      handle: async ({ tenantId, machine, payload, receivedAt }, tx) => {
        const gate = await gateByCode(tx, tenantId, machine)
        if (!gate) throw new AppError(400, PARKING_TEXTS.notGate)
        const at = payload.at ? new Date(payload.at) : receivedAt
        const decision = await plateAtGate(tx, { tenantId }, gate, {
          plate: payload.plate,
          plateColor: payload.plateColor ?? 0,
          // a camera's clock far off (or a replay) is not believed past the moment it arrived
          at: Number.isNaN(at.getTime()) || at > receivedAt ? receivedAt : at,
          eventId: payload.id,
        })
        return () => answerGate(ctx, tenantId, decision)
      },
    }),
  ]
}

import { ATTENDANCE_TEXTS, PUNCH_SOURCE } from '@xpark/contract/modules/attendance'
import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { eventEnvelope, subscription } from '../../core/devices/index.js'
import { AppError, badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import type { Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { dayResults, daysOfPunch } from './results.js'
import { attendancePunch } from './schema.js'

/**
 * Punches from attendance machines: `{ id, type: 'punch', userId, at? }` from a machine that is an
 * attendance clock (`alterMachineToClockCard`). Stored once per machine and event id (the device
 * layer skips a repeat it remembers; the unique index keeps one however late it comes), and the
 * person-days it lands in are marked for the results job. A machine's clock a little ahead is
 * allowed; a punch further in the future is refused, as is one from another machine or for someone
 * not of the park (refused: logged, acknowledged, nothing written).
 */

const T = ATTENDANCE_TEXTS
/** how far ahead of the server a machine's clock may be */
const CLOCK_SKEW_MS = 60_000

const punchEvent = eventEnvelope.extend({ userId: z.string().regex(/^[1-9]\d{0,18}$/) }).loose()
type PunchEvent = z.infer<typeof punchEvent>

export interface MachinePunch {
  tenantId: string
  machine: string
  eventId: string
  userId: string
  at: Date
}

/** Store a machine's punch (once per machine and event); answers whether it was new. */
export async function takeMachinePunch(tx: Tx, p: MachinePunch, now = new Date()): Promise<boolean> {
  if (Number.isNaN(p.at.getTime())) throw badRequest('参数校验失败: at: 时间无效')
  if (p.at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(T.futurePunch)
  const [machine] = await tx
    .select({ id: parkMachine.id, type: parkMachine.type, clockCard: parkMachine.clockCard })
    .from(parkMachine)
    .where(
      and(
        eq(parkMachine.tenantId, p.tenantId),
        eq(parkMachine.code, p.machine),
        eq(parkMachine.isDeleted, 0),
      ),
    )
  if (!machine || machine.type !== MACHINE_TYPE.clock || machine.clockCard !== 1)
    throw new AppError(409, '该设备不是考勤机')
  const [person] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, p.tenantId), eq(user.id, p.userId), eq(user.isDeleted, 0)))
  if (!person) throw badRequest('人员不存在')
  const stored = await tx
    .insert(attendancePunch)
    .values({
      id: nextId(),
      tenantId: p.tenantId,
      userId: p.userId,
      punchTime: p.at,
      source: PUNCH_SOURCE.machine,
      machineId: machine.id,
      eventId: p.eventId,
    })
    .onConflictDoNothing()
    .returning({ id: attendancePunch.id })
  if (!stored.length) return false
  await dayResults.touch(tx, await daysOfPunch(tx, p.tenantId, p.userId, p.at))
  return true
}

export const punchSubscriptions = [
  subscription<PunchEvent>({
    kind: 'event',
    type: 'punch',
    payload: punchEvent,
    handle: async ({ tenantId, machine, payload, receivedAt }, tx) => {
      await takeMachinePunch(tx, {
        tenantId,
        machine,
        eventId: payload.id,
        userId: payload.userId,
        at: payload.at ? new Date(payload.at) : receivedAt,
      })
    },
  }),
]

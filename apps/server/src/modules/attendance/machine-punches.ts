import { ATTENDANCE_TEXTS, PUNCH_SOURCE } from '@xpark/contract/modules/attendance'
import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import { and, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { type DeviceMessage, eventEnvelope, type Refusal, subscription } from '../../core/devices/index.js'
import { AppError, badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import type { Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { dayResults, daysOfPunches } from './results.js'
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
  const { stored, refused } = await takeMachinePunches(tx, [p], now)
  if (refused[0]) throw refused[0].error
  return stored === 1
}

/**
 * Store machines' punches in a few statements whatever their number (the device layer hands a
 * batch): the machines and the people read at once, the new punches inserted at once, their
 * person-days marked at once. Answers how many were new, and the ones refused (by index, nothing of
 * theirs written).
 */
export async function takeMachinePunches(
  tx: Tx,
  punches: readonly MachinePunch[],
  now = new Date(),
): Promise<{ stored: number; refused: Refusal[] }> {
  const refused: Refusal[] = []
  const valid = punches.flatMap((p, index) => {
    if (Number.isNaN(p.at.getTime())) refused.push({ index, error: badRequest('参数校验失败: at: 时间无效') })
    else if (p.at.getTime() > now.getTime() + CLOCK_SKEW_MS)
      refused.push({ index, error: badRequest(T.futurePunch) })
    else return [{ p, index }]
    return []
  })
  let stored = 0
  for (const [tenantId, ofTenant] of groupBy(valid, ({ p }) => p.tenantId)) {
    const machines = new Map(
      (
        await tx
          .select({
            id: parkMachine.id,
            code: parkMachine.code,
            type: parkMachine.type,
            clockCard: parkMachine.clockCard,
          })
          .from(parkMachine)
          .where(
            and(
              eq(parkMachine.tenantId, tenantId),
              inArray(parkMachine.code, [...new Set(ofTenant.map(({ p }) => p.machine))]),
              eq(parkMachine.isDeleted, 0),
            ),
          )
      ).map((m) => [m.code, m]),
    )
    const people = new Set(
      (
        await tx
          .select({ id: user.id })
          .from(user)
          .where(
            and(
              eq(user.tenantId, tenantId),
              inArray(user.id, [...new Set(ofTenant.map(({ p }) => p.userId))]),
              eq(user.isDeleted, 0),
            ),
          )
      ).map((u) => u.id),
    )
    const rows = ofTenant.flatMap(({ p, index }) => {
      const machine = machines.get(p.machine)
      if (!machine || machine.type !== MACHINE_TYPE.clock || machine.clockCard !== 1)
        refused.push({ index, error: new AppError(409, '该设备不是考勤机') })
      else if (!people.has(p.userId)) refused.push({ index, error: badRequest('人员不存在') })
      else
        return [
          {
            id: nextId(),
            tenantId,
            userId: p.userId,
            punchTime: p.at,
            source: PUNCH_SOURCE.machine,
            machineId: machine.id,
            eventId: p.eventId,
          },
        ]
      return []
    })
    if (!rows.length) continue
    // a punch already stored (the same machine and event id, however late it comes again) is left
    const inserted = await tx
      .insert(attendancePunch)
      .values(rows)
      .onConflictDoNothing()
      .returning({ userId: attendancePunch.userId, at: attendancePunch.punchTime })
    stored += inserted.length
    await dayResults.touch(tx, await daysOfPunches(tx, tenantId, inserted))
  }
  return { stored, refused: refused.sort((a, b) => a.index - b.index) }
}

/** Node 20 has no Map.groupBy */
const groupBy = <T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

const toPunch = ({ tenantId, machine, payload, receivedAt }: DeviceMessage<PunchEvent>): MachinePunch => ({
  tenantId,
  machine,
  eventId: payload.id,
  userId: payload.userId,
  at: payload.at ? new Date(payload.at) : receivedAt,
})

export const punchSubscriptions = [
  subscription<PunchEvent>({
    kind: 'event',
    type: 'punch',
    payload: punchEvent,
    handleMany: async (messages, tx) => (await takeMachinePunches(tx, messages.map(toPunch))).refused,
  }),
]

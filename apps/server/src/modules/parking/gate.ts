import { BILL_TYPE } from '@xpark/contract/modules/finance'
import {
  AUTO_RELEASE,
  CARD_STATUS,
  CARD_TYPE,
  GATE_DIRECTION,
  PARKING_TEXTS,
  PASS_DIRECTION,
  PASS_TYPE,
  PLATELESS,
  RELEASE_MODE,
} from '@xpark/contract/modules/parking'
import { and, eq } from 'drizzle-orm'
import { AppError } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { stamped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { debitCard } from '../finance/index.js'
import { feeOf, minutesBetween } from './fees.js'
import { passWritten } from './passes-written.js'
import { parkingCard, parkingGate, parkingLot, parkingPass, parkingVehicle } from './schema.js'

/**
 * The gate's decisions (docs/modules/parking.md "Release decisions"): a plate seen at a gate, or a
 * person opening it from the console, becomes one pass record and, for a car let in or out, the start
 * or the end of its stay — all in the caller's transaction. What the gate is told (open or hold) is
 * the answer; the caller sends it once the transaction has committed.
 */

const T = PARKING_TEXTS

export interface Gate {
  machineId: string
  machineCode: string
  gateName: string
  /** 1 entry, 2 exit (dict `gate_direction`) */
  direction: number
  lot: typeof parkingLot.$inferSelect
}

export interface Who {
  tenantId: string
  /** a person (remote open); none: the gate itself */
  userId?: string
  deptIds?: readonly string[]
}

export interface Decision {
  passId: string
  open: boolean
  reason: string
  gate: Gate
}

/** The gate a machine is, by its code (the device messages name machines so). */
export async function gateByCode(tx: Tx, tenantId: string, code: string): Promise<Gate | undefined> {
  return gateWhere(tx, tenantId, eq(parkMachine.code, code))
}

export async function gateByMachine(tx: Tx, tenantId: string, machineId: string): Promise<Gate | undefined> {
  return gateWhere(tx, tenantId, eq(parkMachine.id, machineId))
}

async function gateWhere(tx: Tx, tenantId: string, which: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({
      machineId: parkMachine.id,
      machineCode: parkMachine.code,
      machineName: parkMachine.name,
      gateName: parkingGate.name,
      direction: parkingGate.direction,
      lot: parkingLot,
    })
    .from(parkingGate)
    .innerJoin(
      parkMachine,
      and(eq(parkMachine.id, parkingGate.machineId), eq(parkMachine.tenantId, parkingGate.tenantId)),
    )
    .innerJoin(parkingLot, and(eq(parkingLot.id, parkingGate.lotId), eq(parkingLot.tenantId, tenantId)))
    .where(
      and(
        eq(parkingGate.tenantId, tenantId),
        eq(parkingGate.isDeleted, 0),
        eq(parkMachine.isDeleted, 0),
        eq(parkingLot.isDeleted, 0),
        which,
      ),
    )
    .limit(1)
  if (!row) return undefined
  return {
    machineId: row.machineId,
    machineCode: row.machineCode,
    gateName: row.gateName || row.machineName,
    direction: row.direction,
    lot: row.lot,
  }
}

/** A plate as stored: upper case, no blanks; none or the camera's 无牌车 is plateless. */
export function normalPlate(plate: string | undefined): string {
  const p = (plate ?? '').replace(/\s+/g, '').toUpperCase()
  return p === '' ? PLATELESS : p
}

type Card = typeof parkingCard.$inferSelect

async function activeCard(tx: Tx, tenantId: string, lotId: string, plate: string): Promise<Card | undefined> {
  const [card] = await tx
    .select()
    .from(parkingCard)
    .where(
      and(
        eq(parkingCard.tenantId, tenantId),
        eq(parkingCard.lotId, lotId),
        eq(parkingCard.plate, plate),
        eq(parkingCard.isDeleted, 0),
        eq(parkingCard.status, CARD_STATUS.active),
      ),
    )
  return card
}

/** A fixed card within its validity (open ends are unbounded). */
export function validFixed(card: Card | undefined, at: Date): boolean {
  if (!card || card.cardType !== CARD_TYPE.fixed) return false
  return (!card.validFrom || card.validFrom <= at) && (!card.validTo || card.validTo >= at)
}

/** Which auto release class a car is in: 1 fixed (a valid fixed or a stored value card), 3 temporary, 5 plateless. */
function releaseClass(plate: string, card: Card | undefined, at: Date): number {
  if (plate === PLATELESS) return AUTO_RELEASE.plateless
  if (validFixed(card, at) || card?.cardType === CARD_TYPE.storedValue) return AUTO_RELEASE.fixed
  return AUTO_RELEASE.temporary
}

const autoReleases = (lot: Gate['lot'], kind: number) => lot.autoRelease.split(',').map(Number).includes(kind)

interface PassValues {
  plate: string
  plateColor: number
  direction: number
  passType: number
  releaseMode?: number | null
  released: boolean
  passTime: Date
  entryTime?: Date | null
  durationMinutes?: number | null
  fee?: number
  paid?: number
  card?: Card | undefined
  reason?: string
  eventId?: string | null
}

async function writePass(tx: Tx, who: Who, gate: Gate, v: PassValues, id = nextId()): Promise<string> {
  const row = stamped(
    parkingPass,
    { tenantId: who.tenantId, userId: who.userId ?? '0', deptIds: [...(who.deptIds ?? [])] },
    {
      id,
      lotId: gate.lot.id,
      machineId: gate.machineId,
      gateName: gate.gateName,
      plate: v.plate,
      plateColor: v.plateColor,
      direction: v.direction,
      passType: v.passType,
      releaseMode: v.releaseMode ?? null,
      released: v.released ? 1 : 0,
      passTime: v.passTime,
      entryTime: v.entryTime ?? null,
      durationMinutes: v.durationMinutes ?? null,
      fee: v.fee ?? 0,
      paid: v.paid ?? 0,
      cardId: v.card?.id ?? null,
      cardType: v.card?.cardType ?? null,
      reason: v.reason ?? '',
      eventId: v.eventId ?? null,
    },
  )
  // the gate's own decisions have no person behind them
  if (!who.userId) Object.assign(row, { createUser: null, updateUser: null, createDept: null })
  await tx.insert(parkingPass).values(row as typeof parkingPass.$inferInsert)
  await passWritten.run(tx, [{ tenantId: who.tenantId, passTime: v.passTime }])
  return id
}

async function startStay(
  tx: Tx,
  who: Who,
  gate: Gate,
  v: Pick<PassValues, 'plate' | 'plateColor' | 'passTime' | 'card'>,
  passId: string,
) {
  await tx.insert(parkingVehicle).values(
    stamped(
      parkingVehicle,
      { tenantId: who.tenantId, userId: who.userId ?? '0', deptIds: [...(who.deptIds ?? [])] },
      {
        lotId: gate.lot.id,
        plate: v.plate,
        plateColor: v.plateColor,
        entryTime: v.passTime,
        entryMachineId: gate.machineId,
        entryPassId: passId,
        cardId: v.card?.id ?? null,
        cardType: v.card?.cardType ?? null,
      },
    ) as typeof parkingVehicle.$inferInsert,
  )
}

async function insideNow(tx: Tx, tenantId: string, lotId: string, plate: string) {
  const [stay] = await tx
    .select()
    .from(parkingVehicle)
    .where(
      and(
        eq(parkingVehicle.tenantId, tenantId),
        eq(parkingVehicle.lotId, lotId),
        eq(parkingVehicle.plate, plate),
        eq(parkingVehicle.isDeleted, 0),
      ),
    )
    .for('update')
  return stay
}

export interface PlateSeen {
  plate: string
  plateColor: number
  at: Date
  eventId?: string
}

/** A plate seen at a gate: the decision, written. */
export async function plateAtGate(tx: Tx, who: Who, gate: Gate, seen: PlateSeen): Promise<Decision> {
  const plate = normalPlate(seen.plate)
  const base = { plate, plateColor: seen.plateColor, passTime: seen.at, eventId: seen.eventId ?? null }
  const decided = (passId: string, open: boolean, reason = ''): Decision => ({ passId, open, reason, gate })
  const card = plate === PLATELESS ? undefined : await activeCard(tx, who.tenantId, gate.lot.id, plate)
  const auto = autoReleases(gate.lot, releaseClass(plate, card, seen.at))

  if (gate.direction === GATE_DIRECTION.entry) {
    const v = { ...base, direction: PASS_DIRECTION.entry, card }
    // plateless cars are let in (or not) but not tracked: nothing names them at the exit
    const stay = plate === PLATELESS ? undefined : await insideNow(tx, who.tenantId, gate.lot.id, plate)
    if (stay) {
      const id = await writePass(tx, who, gate, {
        ...v,
        passType: PASS_TYPE.exception,
        released: false,
        reason: T.alreadyInside,
      })
      return decided(id, false, T.alreadyInside)
    }
    if (!auto) {
      const reason = card?.cardType === CARD_TYPE.fixed && !validFixed(card, seen.at) ? T.expired : T.notAuto
      const id = await writePass(tx, who, gate, { ...v, passType: PASS_TYPE.plate, released: false, reason })
      return decided(id, false, reason)
    }
    const id = await writePass(tx, who, gate, {
      ...v,
      passType: PASS_TYPE.plate,
      releaseMode: RELEASE_MODE.entrance,
      released: true,
    })
    if (plate !== PLATELESS) await startStay(tx, who, gate, v, id)
    return decided(id, true)
  }

  // —— exit ——
  const v = { ...base, direction: PASS_DIRECTION.exit, card }
  const stay = plate === PLATELESS ? undefined : await insideNow(tx, who.tenantId, gate.lot.id, plate)
  if (!stay) {
    // exit without an entry (a missed read, a car from before the system): a valid fixed card goes out
    // free; anyone else waits for a person, who knows what to charge
    const free = validFixed(card, seen.at)
    const id = await writePass(tx, who, gate, {
      ...v,
      passType: PASS_TYPE.exception,
      released: free,
      releaseMode: free ? RELEASE_MODE.exitFree : null,
      reason: T.noEntry,
    })
    return decided(id, free, T.noEntry)
  }
  const minutes = minutesBetween(stay.entryTime, seen.at)
  const stayValues = { ...v, entryTime: stay.entryTime, durationMinutes: minutes }
  const leave = async (values: PassValues, id = nextId()) => {
    await writePass(tx, who, gate, values, id)
    await tx.delete(parkingVehicle).where(eq(parkingVehicle.id, stay.id))
    return decided(id, true)
  }
  const hold = async (values: Omit<PassValues, 'released'>, reason: string) =>
    decided(await writePass(tx, who, gate, { ...values, released: false, reason }), false, reason)

  if (validFixed(card, seen.at))
    return leave({
      ...stayValues,
      passType: PASS_TYPE.plate,
      releaseMode: RELEASE_MODE.exitFree,
      released: true,
    })
  const fee = feeOf(minutes, gate.lot)
  if (fee === 0)
    return leave({
      ...stayValues,
      passType: PASS_TYPE.plate,
      releaseMode: RELEASE_MODE.exitFree,
      released: true,
    })
  if (card?.cardType === CARD_TYPE.storedValue && card.financeCardId) {
    const id = nextId()
    try {
      // a savepoint: a refused debit (卡内余额不足, a frozen card) undoes nothing but itself
      await tx.transaction((sp) =>
        debitCard(
          sp,
          { tenantId: who.tenantId, userId: who.userId ?? '0', deptIds: [...(who.deptIds ?? [])] },
          card.financeCardId!,
          fee,
          { billType: BILL_TYPE.consume, sourceType: 'parking', sourceId: id, remark: `停车费 ${plate}` },
        ),
      )
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return hold({ ...stayValues, passType: PASS_TYPE.plate, fee }, error.message)
    }
    return leave(
      {
        ...stayValues,
        passType: PASS_TYPE.plate,
        releaseMode: RELEASE_MODE.exitCharged,
        released: true,
        fee,
        paid: fee,
      },
      id,
    )
  }
  // a temporary car pays the fee on the pass (at the booth or the gate's own terminal)
  if (!auto) return hold({ ...stayValues, passType: PASS_TYPE.plate, fee }, T.notAuto)
  return leave({
    ...stayValues,
    passType: PASS_TYPE.plate,
    releaseMode: RELEASE_MODE.exitCharged,
    released: true,
    fee,
  })
}

/**
 * A person opened the gate from the console (pass type 8, with who did it): the car named, if any,
 * starts its stay at an entry or ends it at an exit (its fee on the pass, collected by that person).
 */
export async function remoteOpen(
  tx: Tx,
  who: Required<Who>,
  gate: Gate,
  input: { plate?: string; plateColor?: number; remark?: string; at: Date },
): Promise<string> {
  const plate = normalPlate(input.plate)
  const named = plate !== PLATELESS
  const card = named ? await activeCard(tx, who.tenantId, gate.lot.id, plate) : undefined
  const base = {
    plate,
    plateColor: input.plateColor ?? 0,
    passTime: input.at,
    passType: PASS_TYPE.remote,
    released: true,
    card,
    reason: input.remark ?? '',
  }
  const stay = named ? await insideNow(tx, who.tenantId, gate.lot.id, plate) : undefined
  if (gate.direction === GATE_DIRECTION.entry) {
    const v = { ...base, direction: PASS_DIRECTION.entry, releaseMode: RELEASE_MODE.entrance }
    const id = await writePass(tx, who, gate, v)
    if (named && !stay) await startStay(tx, who, gate, v, id)
    return id
  }
  const v = { ...base, direction: PASS_DIRECTION.exit }
  if (!stay) return writePass(tx, who, gate, { ...v, releaseMode: RELEASE_MODE.exitFree })
  const minutes = minutesBetween(stay.entryTime, input.at)
  const fee = validFixed(card, input.at) ? 0 : feeOf(minutes, gate.lot)
  const id = await writePass(tx, who, gate, {
    ...v,
    entryTime: stay.entryTime,
    durationMinutes: minutes,
    fee,
    releaseMode: fee > 0 ? RELEASE_MODE.exitCharged : RELEASE_MODE.exitFree,
  })
  await tx.delete(parkingVehicle).where(eq(parkingVehicle.id, stay.id))
  return id
}

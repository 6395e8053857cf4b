import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import {
  CARD_TYPE,
  GATE_DIRECTION,
  PASS_DIRECTION,
  PASS_TYPE,
  RELEASE_MODE,
  SYNC_STATE,
} from '@xpark/contract/modules/parking'
import { and, eq } from 'drizzle-orm'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { parkMachine } from '../device/index.js'
import { financeCard } from '../finance/index.js'
import { feeOf } from './fees.js'
import { type PassWritten, passWritten } from './passes-written.js'
import { parkingCard, parkingGate, parkingLot, parkingPass, parkingVehicle } from './schema.js'

/**
 * The demo park's car park: 地下停车场 with the device demo's barrier GATE-P1 as its entry and a
 * second barrier GATE-P2 as its exit, 2 元 an hour after 15 free minutes, 20 元 a day at most;
 * a fixed card, a stored value card on 张伟's finance card and a temporary card; two cars inside and
 * a day of passes. With the device simulator on, cars come and go (traffic.ts).
 */
export const DEMO_LOT = { entry: 'GATE-P1', exit: 'GATE-P2' } as const

const RULE = { freeMinutes: 15, feePerHour: 200, dayCap: 2_000 }

export async function seedParkingDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin')
  if (!admin) return
  const auth = { tenantId, userId: admin, deptIds: depts.slice(0, 1) }
  const machineId = async (code: string, name: string) => {
    const [found] = await tx
      .select({ id: parkMachine.id })
      .from(parkMachine)
      .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.code, code)))
    if (found) return found.id
    const row = stamped(parkMachine, auth, { code, name, type: MACHINE_TYPE.barrier, location: '停车场出口' })
    await tx.insert(parkMachine).values(row as typeof parkMachine.$inferInsert)
    return String(row.id)
  }
  const entry = await machineId(DEMO_LOT.entry, '停车场道闸')
  const exit = await machineId(DEMO_LOT.exit, '停车场出口道闸')
  const lotId = nextId()
  await tx.insert(parkingLot).values(
    stamped(parkingLot, auth, {
      id: lotId,
      name: '地下停车场',
      spaces: 120,
      ...RULE,
      autoRelease: '1,3',
      address: 'A 栋地下一层',
    }) as typeof parkingLot.$inferInsert,
  )
  await tx.insert(parkingGate).values([
    stamped(parkingGate, auth, {
      lotId,
      machineId: entry,
      direction: GATE_DIRECTION.entry,
      name: '南入口',
    }),
    stamped(parkingGate, auth, { lotId, machineId: exit, direction: GATE_DIRECTION.exit, name: '南出口' }),
  ] as (typeof parkingGate.$inferInsert)[])

  const [wallet] = await tx
    .select({ id: financeCard.id })
    .from(financeCard)
    .where(and(eq(financeCard.tenantId, tenantId), eq(financeCard.cardNo, 'C0001')))
  const year = 365 * 86_400_000
  const now = Date.now()
  const cards = [
    {
      plate: '粤B12345',
      cardType: CARD_TYPE.fixed,
      holderName: '李娜',
      validFrom: new Date(now - 30 * 86_400_000),
      validTo: new Date(now + year),
    },
    ...(wallet
      ? [{ plate: '粤B66666', cardType: CARD_TYPE.storedValue, holderName: '张伟', financeCardId: wallet.id }]
      : []),
    { plate: '粤A88888', cardType: CARD_TYPE.temporary, holderName: '访客 王先生' },
  ]
  const cardIds = new Map<string, string>()
  for (const card of cards) {
    const id = nextId()
    cardIds.set(card.plate, id)
    await tx.insert(parkingCard).values(
      stamped(parkingCard, auth, {
        id,
        lotId,
        plateColor: 1,
        vehicleType: 1,
        parkingType: 0,
        ...card,
        // the fixed card was synced before; the others reach the parking system at the job's first turn
        ...(card.cardType === CARD_TYPE.fixed
          ? { syncState: SYNC_STATE.synced, syncedVersion: 1, syncedAt: new Date(), nextSyncAt: null }
          : { syncState: SYNC_STATE.pending, nextSyncAt: new Date() }),
      }) as typeof parkingCard.$inferInsert,
    )
  }

  // a day of passes: [plate, hours ago in, hours ago out (none: still inside)]
  const visits: readonly [string, number, number | null][] = [
    ['粤B12345', 26, 17],
    ['粤A88888', 9, 6.5],
    ['粤C20481', 8, 7.9],
    ['粤B12345', 3, null],
    ['湘A7K219', 1.5, null],
  ]
  const gateRow = (machine: string, name: string) => ({ lotId, machineId: machine, gateName: name })
  const written: PassWritten[] = []
  for (const [plate, inHours, outHours] of visits) {
    const cardId = cardIds.get(plate) ?? null
    const cardType = cards.find((c) => c.plate === plate)?.cardType ?? null
    const entryTime = new Date(now - inHours * 3_600_000)
    const entryPass = nextId()
    await tx.insert(parkingPass).values(
      stamped(parkingPass, auth, {
        id: entryPass,
        ...gateRow(entry, '南入口'),
        plate,
        plateColor: 1,
        direction: PASS_DIRECTION.entry,
        passType: PASS_TYPE.plate,
        releaseMode: RELEASE_MODE.entrance,
        released: 1,
        passTime: entryTime,
        cardId,
        cardType,
        createUser: null,
      }) as typeof parkingPass.$inferInsert,
    )
    written.push({ tenantId, passTime: entryTime })
    if (outHours === null) {
      await tx.insert(parkingVehicle).values(
        stamped(parkingVehicle, auth, {
          lotId,
          plate,
          plateColor: 1,
          entryTime,
          entryMachineId: entry,
          entryPassId: entryPass,
          cardId,
          cardType,
        }) as typeof parkingVehicle.$inferInsert,
      )
      continue
    }
    const minutes = Math.round((inHours - outHours) * 60)
    const fee = cardType === CARD_TYPE.fixed ? 0 : feeOf(minutes, RULE)
    const exitTime = new Date(now - outHours * 3_600_000)
    await tx.insert(parkingPass).values(
      stamped(parkingPass, auth, {
        ...gateRow(exit, '南出口'),
        plate,
        plateColor: 1,
        direction: PASS_DIRECTION.exit,
        passType: PASS_TYPE.plate,
        releaseMode: fee > 0 ? RELEASE_MODE.exitCharged : RELEASE_MODE.exitFree,
        released: 1,
        passTime: exitTime,
        entryTime,
        durationMinutes: minutes,
        fee,
        cardId,
        cardType,
        createUser: null,
      }) as typeof parkingPass.$inferInsert,
    )
    written.push({ tenantId, passTime: exitTime })
  }
  await passWritten.run(tx, written)
}

import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import {
  CARD_STATUS,
  CARD_TYPE,
  currentVehicleContract,
  PARKING_TEXTS,
  parkingCardContract,
  parkingLotContract,
  passRecordContract,
  SYNC_STATE,
} from '@xpark/contract/modules/parking'
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import { defineResource, type LinesContext, lookup } from '../../core/crud/index.js'
import { AppError, badRequest } from '../../core/errors.js'
import { machines, parkMachine } from '../device/index.js'
import { financeCard, financeCards } from '../finance/index.js'
import { user } from '../identity/index.js'
import { normalPlate } from './gate.js'
import { parkingCard, parkingGate, parkingLot, parkingPass, parkingVehicle } from './schema.js'

/** Car parks with their gates, vehicle cards, the vehicles inside, the pass records. See docs/modules/parking.md. */

const T = PARKING_TEXTS
const lotTable = sql.identifier('xpark_parking_lot')
const vehicleTable = sql.identifier('xpark_parking_vehicle')

// —— car parks ——

/** Gates are barrier machines, each once here and in no other car park. */
async function checkGates({ tx, auth, headerId, lines }: LinesContext): Promise<void> {
  const ids = lines.map((l) => String(l.machineId))
  if (new Set(ids).size !== ids.length) throw badRequest(T.gateTwice)
  if (!ids.length) return
  const found = await tx
    .select({ id: parkMachine.id, type: parkMachine.type })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, auth.tenantId), inArray(parkMachine.id, ids)))
  if (found.some((m) => m.type !== MACHINE_TYPE.barrier)) throw badRequest(T.notBarrier)
  const [taken] = await tx
    .select({ name: parkingLot.name })
    .from(parkingGate)
    .innerJoin(parkingLot, eq(parkingLot.id, parkingGate.lotId))
    .where(
      and(
        eq(parkingGate.tenantId, auth.tenantId),
        eq(parkingGate.isDeleted, 0),
        inArray(parkingGate.machineId, ids),
        ne(parkingGate.lotId, headerId),
      ),
    )
    .limit(1)
  if (taken) throw new AppError(409, T.gateTaken.replace('{name}', taken.name))
  for (const line of lines) delete line.id
}

const insideCount = sql`(select count(*)::int from ${vehicleTable} v where v.lot_id = ${lotTable}.id and v.tenant_id = ${lotTable}.tenant_id and v.is_deleted = 0)`

export const parkingLots = defineResource({
  contract: parkingLotContract,
  table: parkingLot,
  unique: [{ fields: ['name'], message: '车场名称已存在: {name}' }],
  expand: {
    inside: () => insideCount,
    freeSpaces: () => sql`greatest(${lotTable}.spaces - ${insideCount}, 0)`,
    gateCount: () =>
      sql`(select count(*)::int from xpark_parking_gate g where g.lot_id = ${lotTable}.id and g.tenant_id = ${lotTable}.tenant_id and g.is_deleted = 0)`,
  },
  lines: {
    table: parkingGate,
    expand: {
      machineName: lookup(parkMachine, 'name', 'machineId'),
      machineCode: lookup(parkMachine, 'code', 'machineId'),
    },
    references: { machineId: { to: machines, message: '设备不存在' } },
    prepare: checkGates,
  },
  inUse: [
    { table: parkingCard, column: 'lotId', message: '车场下还有车辆卡, 不能删除: {label}' },
    { table: parkingVehicle, column: 'lotId', message: '车场内还有车辆, 不能删除: {label}' },
  ],
})

// —— vehicle cards ——

type CardValues = Partial<typeof parkingCard.$inferInsert> & Record<string, unknown>

/** The card's rules on the whole of it (an update sends part): validity for fixed, a finance card for stored value. */
function checkCard(card: CardValues): void {
  if (card.cardType === CARD_TYPE.fixed) {
    if (!card.validFrom || !card.validTo) throw badRequest(T.needValidity)
    if (card.validTo <= card.validFrom) throw badRequest(T.validityOrder)
  }
  if (card.cardType === CARD_TYPE.storedValue && !card.financeCardId) throw badRequest(T.needFinanceCard)
}

export const parkingCards = defineResource({
  contract: parkingCardContract,
  table: parkingCard,
  unique: [{ fields: ['lotId', 'plate'], message: T.plateTaken }],
  references: {
    lotId: { to: parkingLots, message: '车场不存在' },
    financeCardId: { to: financeCards, message: '储值卡不存在' },
  },
  expand: {
    lotName: lookup(parkingLot, 'name', 'lotId'),
    financeCardNo: lookup(financeCard, 'cardNo', 'financeCardId'),
    balance: lookup(financeCard, 'balance', 'financeCardId'),
  },
  readonlyWhen: { field: 'status', in: [CARD_STATUS.cancelled], message: T.cancelled },
  // a card the parking system holds is cancelled (pmsSync cancel) before it goes
  inUse: [
    {
      when: and(eq(parkingCard.status, CARD_STATUS.active), gt(parkingCard.syncedVersion, 0))!,
      message: T.activeCard,
    },
  ],
  beforeWrite: async ({ tx, values, id }) => {
    const v = values as CardValues
    if (typeof v.plate === 'string') v.plate = normalPlate(v.plate)
    const [current] = id ? await tx.select().from(parkingCard).where(eq(parkingCard.id, id)) : []
    checkCard({ ...current, ...v })
    // every change is a new version for the parking system, queued now
    Object.assign(v, {
      version: (current?.version ?? 0) + 1,
      syncState: SYNC_STATE.pending,
      syncError: '',
      syncAttempts: 0,
      nextSyncAt: new Date(),
    })
  },
})

// —— vehicles inside, pass records (read here; written by the gates: gate.ts) ——

const entryGate = lookup(parkingGate, 'name', 'entryMachineId', { key: 'machineId', where: { isDeleted: 0 } })
const entryMachine = lookup(parkMachine, 'name', 'entryMachineId')

export const currentVehicles = defineResource({
  contract: currentVehicleContract,
  table: parkingVehicle,
  expand: {
    lotName: lookup(parkingLot, 'name', 'lotId'),
    // the gate's name as the pass records write it (gate.ts): the lot's gate on that machine, else the machine's
    entryGateName: (outer) => sql`coalesce(nullif(${entryGate(outer)}, ''), ${entryMachine(outer)})`,
    minutes: () => sql`greatest(ceil(extract(epoch from (now() - ${vehicleTable}.entry_time)) / 60), 0)::int`,
  },
})

export const passRecords = defineResource({
  contract: passRecordContract,
  table: parkingPass,
  expand: {
    lotName: lookup(parkingLot, 'name', 'lotId'),
    createUserName: lookup(user, 'realName', 'createUser'),
  },
})

import { CONTROL, MACHINE_TYPE, machineCommands } from '@xpark/contract/modules/device'
import {
  CARD_STATUS,
  carPassRecordCall,
  gateMachineTreeCall,
  PARKING_TEXTS,
  pmsSyncCall,
  remoteOpenCall,
  SYNC_STATE,
} from '@xpark/contract/modules/parking'
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { findRow, rowSelection, whereOf } from '../../../core/crud/index.js'
import { runDeclared } from '../../../core/devices/index.js'
import { page } from '../../../core/envelope.js'
import { AppError, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { parseDateTime } from '../../../core/query/values.js'
import { machineInScope, machines, parkMachine } from '../../device/index.js'
import { gateByMachine, normalPlate, remoteOpen } from '../gate.js'
import { PARKING_SOURCE } from '../gate-events.js'
import { parkingCards, parkingLots, passRecords } from '../resources.js'
import { parkingCard, parkingPass } from '../schema.js'
import { pmsOf, syncDue } from '../sync.js'

const T = PARKING_TEXTS

/** A plate's passes, a card's sync with the parking system, and opening a gate from the console. */
export function registerParkingRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]

  handle(
    api,
    carPassRecordCall,
    async ({ plate, startTime, endTime, current = 1, size = 10 }, request) => {
      const where = await whereOf(
        passRecords,
        authOf(request),
        and(
          eq(parkingPass.plate, normalPlate(plate)),
          startTime ? gte(parkingPass.passTime, parseDateTime(startTime)!) : undefined,
          endTime ? lte(parkingPass.passTime, parseDateTime(endTime)!) : undefined,
        ),
      )
      const rows = await db
        .select({ ...rowSelection(passRecords), total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(parkingPass)
        .where(where)
        .orderBy(desc(parkingPass.passTime), desc(parkingPass.id))
        .limit(size)
        .offset((current - 1) * size)
      const total = rows[0]?.total ?? 0
      return page(
        rows.map(({ total: _, ...r }) => r),
        total,
        current,
        size,
      )
    },
    { preHandler: guards },
  )

  handle(
    api,
    gateMachineTreeCall,
    async (_params, request) => {
      const rows = await db
        .select({ id: parkMachine.id, name: parkMachine.name, code: parkMachine.code })
        .from(parkMachine)
        .where(await whereOf(machines, authOf(request), eq(parkMachine.type, MACHINE_TYPE.barrier)))
        .orderBy(asc(parkMachine.name))
        .limit(1000)
      return rows.map((m) => ({
        id: m.id,
        parentId: '0',
        title: `${m.name} (${m.code})`,
        key: m.id,
        value: m.id,
        isLeaf: true,
      }))
    },
    { preHandler: guards },
  )

  handle(
    api,
    pmsSyncCall,
    async ({ id, action }, request) => {
      const auth = authOf(request)
      await findRow(db, parkingCards, auth, id)
      await db.transaction(async (tx) => {
        const [card] = await tx.select().from(parkingCard).where(eq(parkingCard.id, id)).for('update')
        if (!card) throw notFound('车辆卡不存在')
        if (card.status === CARD_STATUS.cancelled) throw new AppError(409, T.cancelled)
        const now = new Date()
        if (action === 'update') {
          await tx
            .update(parkingCard)
            .set({ syncState: SYNC_STATE.pending, syncError: '', syncAttempts: 0, nextSyncAt: now })
            .where(eq(parkingCard.id, id))
          return
        }
        // cancel: the parking system hears of it only if it ever held the card
        const known = card.syncedVersion > 0
        await tx
          .update(parkingCard)
          .set({
            status: CARD_STATUS.cancelled,
            version: card.version + 1,
            syncState: known ? SYNC_STATE.pending : SYNC_STATE.localOnly,
            syncError: '',
            syncAttempts: 0,
            nextSyncAt: known ? now : null,
            updateUser: auth.userId,
            updateTime: now,
          })
          .where(eq(parkingCard.id, id))
      })
      // with the jobs running here, send at once rather than at the job's next turn
      if (ctx.config.jobs)
        void pmsOf(ctx)
          .then((client) => syncDue(db, client))
          .catch(() => {})
      return findRow(db, parkingCards, auth, id)
    },
    { preHandler: guards },
  )

  handle(
    api,
    remoteOpenCall,
    async ({ machineId, plate, plateColor, remark }, request) => {
      const auth = authOf(request)
      const machine = await machineInScope(ctx, auth, machineId)
      const gate = await db.transaction((tx) => gateByMachine(tx, auth.tenantId, machine.id))
      if (!gate) throw new AppError(400, T.notGate)
      // the car park as the caller may see it
      await findRow(db, parkingLots, auth, gate.lot.id)
      const ran = await runDeclared(db, ctx.devices, machineCommands, {
        // the call's own permission (parking_remote_open) covers opening the gate
        by: { authorized: auth },
        // a gate is opened as a barrier, whatever type its machine was registered with
        machine: { id: machine.id, code: machine.code, type: MACHINE_TYPE.barrier },
        control: CONTROL.open,
        params: { remote: true },
        source: PARKING_SOURCE,
      })
      if (ran.result !== 1) throw new AppError(409, `${ran.resultName}: ${ran.reason}`)
      const passId = await db.transaction((tx) =>
        remoteOpen(tx, { tenantId: auth.tenantId, userId: auth.userId, deptIds: auth.deptIds }, gate, {
          ...(plate ? { plate } : {}),
          ...(plateColor !== undefined ? { plateColor } : {}),
          ...(remark ? { remark } : {}),
          at: new Date(),
        }),
      )
      return findRow(db, passRecords, auth, passId)
    },
    { preHandler: guards },
  )
}

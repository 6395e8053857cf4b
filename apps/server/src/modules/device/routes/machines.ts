import {
  addWarehouseMachineCall,
  clockCardCall,
  controlMachineCall,
  deviceDashboardCall,
  GRANT,
  machineCommands,
  machineControlsCall,
  machineCountCall,
  syncMachinesCall,
  warehouseMachinesCall,
} from '@xpark/contract/modules/device'
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { assertReferences, referenceScopes, rowSelection, whereOf } from '../../../core/crud/index.js'
import { deviceCommand } from '../../../core/devices/schema.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { idsIn } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { touched } from '../../../core/tenancy.js'
import { dict } from '../../dict/index.js'
import { controlMachine, machineInScope } from '../machine-commands.js'
import { configureMachines } from '../report-config.js'
import { machines } from '../resources.js'
import { machineGrant, parkMachine } from '../schema.js'

/** The machine screen's calls beside the kit's: controls, sync, clock cards, warehouses, counts, dashboard. */
export function registerMachineRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }

  handle(
    api,
    machineControlsCall,
    async ({ machineId }, request) => {
      const machine = await machineInScope(ctx, authOf(request), machineId)
      const labels = await db
        .select({ key: dict.dictKey, value: dict.dictValue })
        .from(dict)
        .where(and(eq(dict.code, 'machine_control_type'), eq(dict.isDeleted, 0), sql`${dict.parentId} <> 0`))
      const named = new Map(labels.map((l) => [l.key, l.value]))
      return machineCommands
        .controlsOf(machine.type)
        .map((key) => ({ dictKey: key, dictValue: named.get(key) ?? key }))
    },
    guard,
  )

  handle(
    api,
    controlMachineCall,
    async ({ machineId, control, params }, request) =>
      controlMachine(request.server, ctx, authOf(request), {
        machineId,
        control,
        ...(params ? { params } : {}),
        source: 'WEB',
      }),
    guard,
  )

  handle(
    api,
    syncMachinesCall,
    async (_, request) => {
      const auth = authOf(request)
      const rows = await db
        .select({ id: parkMachine.id, code: parkMachine.code })
        .from(parkMachine)
        .where(await whereOf(machines, auth))
      const configured = await configureMachines(
        ctx,
        auth.tenantId,
        rows.map((r) => r.id),
      )
      const presence = await ctx.devices.online(
        auth.tenantId,
        rows.map((r) => r.code),
      )
      return { total: rows.length, online: [...presence.values()].filter((p) => p.online).length, configured }
    },
    guard,
  )

  handle(
    api,
    clockCardCall,
    async ({ machineId, clockCard }, request) => {
      const auth = authOf(request)
      const updated = await db
        .update(parkMachine)
        .set(touched(parkMachine, auth, { clockCard }) as never)
        .where(await whereOf(machines, auth, eq(parkMachine.id, machineId)))
        .returning({ id: parkMachine.id })
      if (!updated.length) throw notFound('设备不存在')
      return {}
    },
    guard,
  )

  handle(
    api,
    warehouseMachinesCall,
    async ({ warehouseId }, request) =>
      db
        .select(rowSelection(machines))
        .from(parkMachine)
        .where(
          await whereOf(
            machines,
            authOf(request),
            warehouseId ? eq(parkMachine.warehouseId, warehouseId) : isNotNull(parkMachine.warehouseId),
          ),
        )
        .orderBy(parkMachine.code) as never,
    guard,
  )

  handle(
    api,
    addWarehouseMachineCall,
    async ({ warehouseId, machineIds }, request) => {
      const auth = authOf(request)
      const ids = idsIn(machineIds)
      const scopes = await referenceScopes(machines.references, auth)
      await db.transaction(async (tx) => {
        await assertReferences(tx, auth, machines.references, { warehouseId }, scopes)
        const moved = await tx
          .update(parkMachine)
          .set(touched(parkMachine, auth, { warehouseId, roomId: null }) as never)
          .where(await whereOf(machines, auth, inArray(parkMachine.id, ids)))
          .returning({ id: parkMachine.id })
        // every id must be a machine of the caller: one unknown refuses the batch
        if (moved.length !== ids.length) throw notFound('设备不存在')
      })
      return {}
    },
    guard,
  )

  const countsOf = async (auth: ReturnType<typeof authOf>, warehouseId?: string) => {
    const rows = await db
      .select({ type: parkMachine.type, code: parkMachine.code })
      .from(parkMachine)
      .where(
        await whereOf(machines, auth, warehouseId ? eq(parkMachine.warehouseId, warehouseId) : undefined),
      )
    const presence = await ctx.devices.online(
      auth.tenantId,
      rows.map((r) => r.code),
    )
    const byType = new Map<number, { type: number; total: number; online: number }>()
    for (const r of rows) {
      const entry = byType.get(r.type) ?? { type: r.type, total: 0, online: 0 }
      entry.total++
      if (presence.get(r.code)?.online) entry.online++
      byType.set(r.type, entry)
    }
    return [...byType.values()].sort((a, b) => a.type - b.type)
  }

  handle(
    api,
    machineCountCall,
    async ({ warehouseId }, request) => countsOf(authOf(request), warehouseId),
    guard,
  )

  handle(
    api,
    deviceDashboardCall,
    async (_, request) => {
      const auth = authOf(request)
      const byType = await countsOf(auth)
      const since = new Date(Date.now() - 6 * 86_400_000)
      since.setHours(0, 0, 0, 0)
      const commands = await db
        .select({
          day: sql<string>`to_char(${deviceCommand.createTime}, 'YYYY-MM-DD')`,
          succeeded: sql<number>`count(*) filter (where ${deviceCommand.result} = 1)::int`,
          failed: sql<number>`count(*) filter (where ${deviceCommand.result} = 2)::int`,
          timedOut: sql<number>`count(*) filter (where ${deviceCommand.result} = 3)::int`,
        })
        .from(deviceCommand)
        .where(and(eq(deviceCommand.tenantId, auth.tenantId), gte(deviceCommand.createTime, since)))
        .groupBy(sql`1`)
        .orderBy(sql`1`)
      const [grants] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${machineGrant.grantStatus} = ${GRANT.pending})::int`,
          failed: sql<number>`count(*) filter (where ${machineGrant.grantStatus} = ${GRANT.failed})::int`,
        })
        .from(machineGrant)
        .where(and(eq(machineGrant.tenantId, auth.tenantId), eq(machineGrant.isDeleted, 0)))
      return {
        total: byType.reduce((s, t) => s + t.total, 0),
        online: byType.reduce((s, t) => s + t.online, 0),
        byType,
        commands,
        grantsPending: grants?.pending ?? 0,
        grantsFailed: grants?.failed ?? 0,
        gatewayConnected: ctx.devices.connected,
      }
    },
    guard,
  )
}

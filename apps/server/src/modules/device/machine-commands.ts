import { machineCommands } from '@xpark/contract/modules/device'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '../../core/auth/tokens.js'
import { whereOf } from '../../core/crud/index.js'
import { type RanCommand, runDeclared } from '../../core/devices/index.js'
import { notFound } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import { machines } from './resources.js'
import { parkMachine } from './schema.js'

/**
 * Controlling a machine, for every screen that does (the machine screen, meeting machines, scenes):
 * the machine read in the caller's scope, then the declared machine controls (contract
 * `machineCommands`: the door types behind `machine_control_door`) down the one command path of
 * core/devices (permission, supported, online, ack, logged).
 */
export interface MachineOfCommand {
  id: string
  code: string
  type: number
  name: string
}

export async function machineInScope(
  ctx: ModuleContext,
  auth: AuthContext,
  id: string,
): Promise<MachineOfCommand> {
  const [row] = await ctx.database.db
    .select({ id: parkMachine.id, code: parkMachine.code, type: parkMachine.type, name: parkMachine.name })
    .from(parkMachine)
    .where(await whereOf(machines, auth, eq(parkMachine.id, id)))
  if (!row) throw notFound('设备不存在')
  return row
}

export async function controlMachine(
  app: FastifyInstance,
  ctx: ModuleContext,
  auth: AuthContext,
  run: {
    machineId: string
    control: string
    params?: Record<string, unknown>
    source: string
    /** how long to wait for the ack (default 10 s; a scene's steps wait less) */
    timeoutMs?: number
  },
): Promise<RanCommand> {
  const machine = await machineInScope(ctx, auth, run.machineId)
  return runDeclared(ctx.database.db, ctx.devices, machineCommands, {
    by: { person: auth, app },
    machine,
    control: run.control,
    ...(run.params ? { params: run.params } : {}),
    source: run.source,
    ...(run.timeoutMs ? { timeoutMs: run.timeoutMs } : {}),
  })
}

/** A machine by code in a tenant (the machines' messages name them so). */
export async function machineByCode(ctx: ModuleContext, tenantId: string, code: string) {
  const [row] = await ctx.database.db
    .select({ id: parkMachine.id, type: parkMachine.type, name: parkMachine.name })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.code, code), eq(parkMachine.isDeleted, 0)))
  return row
}

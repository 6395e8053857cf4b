import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.js'
import { can } from '../auth/guards.js'
import type { AuthContext } from '../auth/tokens.js'
import { forbidden } from '../errors.js'
import { type CommandGateway, type CommandTarget, type RanCommand, runCommand } from './run-command.js'

/**
 * A command of a declared set (`defineCommands`, @xpark/contract/commands) down the one command
 * path: a person's permission for this control on this machine's type first (403
 * `没有控制此设备的权限`, nothing sent, nothing logged), then `runCommand` with what the set
 * declares — the controls the type carries out (400 `该设备不支持此操作`), the wire name, the ack
 * wait, whether it is logged. Callers name the set and the control; they compose no constants.
 */
export const NOT_PERMITTED = '没有控制此设备的权限'

/** What the path reads of a declared set (any `CommandSet` is one). */
export interface DeclaredCommands {
  permissionFor(type: number, control: string): string
  controlsOf(type: number): readonly string[]
  wireOf(control: string): string
  timeoutOf(control: string): number
  isLogged(control: string): boolean
}

type Who = Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>

/**
 * Who sends it: a person, whose declared permission is checked through the app's guards; or a
 * sender already authorized — the system on its own (a linkage, a gate's decision, a grant: no
 * person; the log row names whoever set it up, or 0) or a call whose own permission covers the
 * command (parking's remote open, `parking_remote_open`).
 */
export type CommandSender = { person: AuthContext; app: FastifyInstance } | { authorized: Who }

export interface DeclaredRun {
  by: CommandSender
  machine: CommandTarget & { type: number }
  /** the control's key in the set (as logged) */
  control: string
  params?: Record<string, unknown>
  /** what sent it: WEB (a person), SCENE, LINKAGE, GRANT, PARKING … */
  source: string
  /** a shorter wait than declared, where the caller answers someone meanwhile (a scene's step, a gate) */
  timeoutMs?: number
}

export async function runDeclared(
  db: Db,
  devices: CommandGateway,
  set: DeclaredCommands,
  run: DeclaredRun,
): Promise<RanCommand> {
  const { machine, control } = run
  if ('person' in run.by && !(await can(run.by.app, run.by.person, set.permissionFor(machine.type, control))))
    throw forbidden(NOT_PERMITTED)
  return runCommand(db, devices, {
    auth: 'person' in run.by ? run.by.person : run.by.authorized,
    machine: { id: machine.id, code: machine.code },
    control,
    sendAs: set.wireOf(control),
    ...(run.params ? { params: run.params } : {}),
    source: run.source,
    supported: set.controlsOf(machine.type),
    timeoutMs: run.timeoutMs ?? set.timeoutOf(control),
    logged: set.isLogged(control),
  })
}

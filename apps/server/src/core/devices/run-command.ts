import type { Db } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError, badRequest } from '../errors.js'
import { stamped } from '../tenancy.js'
import {
  COMMAND_RESULT_NAMES,
  COMMAND_TIMEOUT_MS,
  type CommandOutcome,
  type CommandRequest,
} from './commands.js'
import type { Presence } from './presence.js'
import { deviceCommand } from './schema.js'

/**
 * The one path every command to a machine takes (the machine screen's controls, meeting machines,
 * scenes, linkages): refused before anything is sent when the machine's type does not carry the
 * control out (400 `该设备不支持此操作`), when the broker is away (503 `设备网关未连接`) or the
 * machine is offline (409 `设备离线`) — a refusal writes nothing. A sent command is logged with how
 * it ended (控制记录) whatever that was. Commands of a declared set take it through `runDeclared`
 * (run-declared.ts), which reads these facts from the set.
 */
export const UNSUPPORTED = '该设备不支持此操作'
export const OFFLINE = '设备离线'

/** What the path needs of the device layer (`ctx.devices`). */
export interface CommandGateway {
  readonly connected: boolean
  online(tenantId: string, machines: readonly string[]): Promise<Map<string, Presence>>
  command(request: CommandRequest): Promise<CommandOutcome>
}

export interface CommandTarget {
  id: string
  /** the machine's code (its topic level) */
  code: string
}

export interface RunCommand {
  auth: Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>
  machine: CommandTarget
  /** the control as logged (a dictionary key) */
  control: string
  /** the control as the machine is told it (default: `control`) */
  sendAs?: string
  params?: Record<string, unknown>
  /** what sent it: WEB (a person), SCENE, LINKAGE, GRANT … */
  source: string
  /** the controls the machine's type carries out */
  supported: readonly string[]
  timeoutMs?: number
  /** written to the command log (default true; a declared set says per control, `runDeclared`) */
  logged?: boolean
}

export interface RanCommand {
  id: string
  result: 1 | 2 | 3
  resultName: string
  reason: string
  elapsedMs: number
}

export async function runCommand(db: Db, devices: CommandGateway, run: RunCommand): Promise<RanCommand> {
  if (!run.supported.includes(run.control)) throw badRequest(UNSUPPORTED)
  if (!devices.connected) throw new AppError(503, '设备网关未连接')
  const presence = (await devices.online(run.auth.tenantId, [run.machine.code])).get(run.machine.code)
  if (!presence?.online) throw new AppError(409, OFFLINE)
  const outcome = await devices.command({
    tenantId: run.auth.tenantId,
    machine: run.machine.code,
    control: run.sendAs ?? run.control,
    ...(run.params ? { params: run.params } : {}),
    timeoutMs: run.timeoutMs ?? COMMAND_TIMEOUT_MS,
  })
  const resultName = COMMAND_RESULT_NAMES[outcome.result] ?? ''
  // an unlogged command has no log row: its id is empty
  if (run.logged === false) return { id: '', ...outcome, resultName }
  const row = stamped(deviceCommand, run.auth, {
    machineId: run.machine.id,
    machine: run.machine.code,
    control: run.control,
    params: run.params ?? {},
    source: run.source,
    result: outcome.result,
    reason: outcome.reason,
    elapsedMs: outcome.elapsedMs,
  })
  await db.insert(deviceCommand).values(row as typeof deviceCommand.$inferInsert)
  return { id: String(row.id), ...outcome, resultName }
}

import { and, eq } from 'drizzle-orm'
import { MediaClient } from '../../adapters/media/client.js'
import { MEDIA_TEXT, MediaError, type PlayerMachine } from '../../adapters/media/protocol.js'
import { type MediaSimulator, startMediaSimulator } from '../../adapters/media/simulator.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { whereOf } from '../../core/crud/index.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import { machines, parkMachine } from '../device/index.js'

const DEMO_KEY = 'xpark-demo'

/** A machine as the player needs it (spec 01 §3), credentials opened, and its name for the screens. */
export interface MachineForPlayer extends PlayerMachine {
  name: string
  code: string
}

/** Loads a machine of the caller's scope for the player (the seam the routes are written against). */
export type PlayerMachineLoader = (auth: AuthContext, machineId: string) => Promise<MachineForPlayer>

/**
 * The media side of one app: the client, and — when the device simulator runs (demo, tests) — the
 * loopback media simulator that machines without a `serviceUrl` play from. Started on first use.
 */
export class MediaService {
  readonly client = new MediaClient()
  private simulator?: Promise<MediaSimulator>

  constructor(private readonly ctx: ModuleContext) {}

  /** the simulator's URL (started on first use), or null when it does not run */
  async simulatorUrl(): Promise<string | null> {
    if (!this.ctx.config.deviceSimulator) return null
    this.simulator ??= startMediaSimulator()
    return (await this.simulator).url
  }

  /** the running simulator, for tests that look into it */
  running(): Promise<MediaSimulator> | undefined {
    return this.simulator
  }

  /** the machine in the caller's scope (tenant and data scope), 404 otherwise */
  loader(): PlayerMachineLoader {
    return async (auth, machineId) => {
      const [row] = await this.ctx.database.db
        .select()
        .from(parkMachine)
        .where(await whereOf(machines, auth, eq(parkMachine.id, machineId)))
      if (!row) throw notFound('设备不存在')
      return this.forPlayer(row)
    }
  }

  /** a tenant's machine by id, without a caller (the idle job) */
  async byId(tenantId: string, machineId: string): Promise<MachineForPlayer | null> {
    const [row] = await this.ctx.database.db
      .select()
      .from(parkMachine)
      .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.id, machineId)))
    return row ? this.forPlayer(row) : null
  }

  private async forPlayer(row: typeof parkMachine.$inferSelect): Promise<MachineForPlayer> {
    const { ctx } = this
    const serviceUrl = row.serviceUrl || (await this.simulatorUrl()) || ''
    // a machine played from the simulator signs its artemis calls with a key of the demo's when it has none
    const simulated = !row.serviceUrl && !!serviceUrl
    return {
      machineId: row.id,
      name: row.name,
      code: row.code,
      serviceUrl,
      serverType: row.serverType,
      agreeContext: row.agreeContext || row.code,
      machineAccount: row.machineAccount ? ctx.secrets.open(row.machineAccount) : simulated ? DEMO_KEY : null,
      machinePassword: row.machinePassword
        ? ctx.secrets.open(row.machinePassword)
        : simulated
          ? DEMO_KEY
          : null,
      machineIp: row.machineIp,
      machinePort: row.machinePort,
    }
  }

  async close(): Promise<void> {
    const sim = this.simulator
    this.simulator = undefined
    if (sim) await (await sim).close()
  }
}

/** A media server's refusal as our answer: unsupported 400, a server that failed or is away 502. */
export async function media<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof MediaError)) throw error
    if (error.message === MEDIA_TEXT.unsupported) throw badRequest(error.message)
    throw new AppError(502, error.message)
  }
}

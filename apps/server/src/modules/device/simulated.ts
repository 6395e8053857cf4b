import { grantCommands, machineCommands } from '@xpark/contract/modules/device'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { DeviceSimulator } from '../../adapters/device/simulator.js'
import type { Devices } from '../../core/devices/index.js'
import type { ModuleContext } from '../../core/module.js'
import { parkMachine } from './schema.js'

/**
 * The simulated park (XPARK_DEVICE_SIMULATOR=on): every registered machine of every tenant as a
 * simulated machine on the broker, new ones joining within seconds. Tests and the end-to-end suite
 * reach it through `simulatorOf(app.devices)` to switch faults and raise events.
 */
const running = new WeakMap<Devices, DeviceSimulator>()

export const simulatorOf = (devices: Devices): DeviceSimulator | undefined => running.get(devices)

const REFRESH_MS = 5_000

export function startSimulatedPark(ctx: ModuleContext, log: FastifyBaseLogger): () => Promise<void> {
  const simulator = new DeviceSimulator(ctx.devices.brokerUrl, ctx.devices.keyOf, {
    protocolVersion: ctx.devices.link.protocolVersion,
  })
  running.set(ctx.devices, simulator)
  const refresh = async () => {
    const rows = await ctx.database.db
      .select({ tenantId: parkMachine.tenantId, code: parkMachine.code, type: parkMachine.type })
      .from(parkMachine)
      .where(eq(parkMachine.isDeleted, 0))
    await simulator.add(
      rows.map((r) => ({
        tenantId: r.tenantId,
        code: r.code,
        // what the declared sets say its type carries out, as it is told them
        controls: [machineCommands, grantCommands].flatMap((set) =>
          set.controlsOf(r.type).map((c) => set.wireOf(c)),
        ),
      })),
    )
  }
  let stopped = false
  const tick = () =>
    void refresh().catch((error) => {
      // a refresh cut short by the server's close is no news
      if (!stopped) log.warn({ err: error }, 'device simulator: machines not refreshed')
    })
  tick()
  const timer = setInterval(tick, REFRESH_MS)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    running.delete(ctx.devices)
    await simulator.close()
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DeviceSimulator } from '../../adapters/device/simulator.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { mosquittoBinary, PrivateMosquitto } from '../../test/services.js'
import { until } from '../../test/until.js'
import { type Devices, openDevices, subscription } from './index.js'

/**
 * Two server nodes on one mosquitto (MQTT 5): each event is handled by one of them (shared
 * subscription, and the repeat key if both got it), each command's answer comes back to the node
 * that sent it, and the broker going away is told (`connected` false) and recovered from.
 */
const bin = mosquittoBinary()
if (!bin)
  console.warn('devices-nodes.test.ts skipped: mosquitto is not installed (apt-get install -y mosquitto)')

describe.skipIf(!bin)('several nodes on mosquitto', () => {
  let t: TestContext
  let broker: PrivateMosquitto
  let nodes: Devices[] = []
  let simulator: DeviceSimulator
  const handledBy: string[][] = [[], []]

  beforeAll(async () => {
    t = await startTestApp()
    broker = await PrivateMosquitto.create(bin!)
    nodes = await Promise.all(
      [0, 1].map(async (n) => {
        const devices = await openDevices(
          // the first node takes its share on four connections (XPARK_MQTT_INTAKE), the second on one
          { url: broker.url(), host: '127.0.0.1', port: 0, node: `node${n}`, intake: n === 0 ? 4 : 1 },
          { database: t.database, realtime: t.app.realtime, secret: t.signingSecret, log: t.app.log },
        )
        await devices.start([
          subscription({
            kind: 'event',
            payload: z.object({ id: z.string(), type: z.string() }),
            handle: async (m) => {
              handledBy[n]!.push(m.payload.id)
            },
          }),
        ])
        return devices
      }),
    )
    simulator = new DeviceSimulator(broker.url(), nodes[0]!.keyOf, { protocolVersion: 5 })
    await simulator.add([{ tenantId: '000000', code: 'gate-1' }])
  }, 30_000)

  afterAll(async () => {
    await simulator?.close()
    for (const n of nodes) await n.close()
    await broker?.destroy()
    await t?.close()
  })

  it('every event is handled once across the two nodes', async () => {
    const ids: string[] = []
    for (let i = 0; i < 40; i++) ids.push(await simulator.raise('000000', 'gate-1', { type: 'pass' }))
    await until(() => handledBy[0]!.length + handledBy[1]!.length >= 40)
    await new Promise((r) => setTimeout(r, 200))
    const all = [...handledBy[0]!, ...handledBy[1]!]
    expect(all.sort()).toEqual([...ids].sort())
    // shared: both nodes took a share
    expect(handledBy[0]!.length).toBeGreaterThan(0)
    expect(handledBy[1]!.length).toBeGreaterThan(0)
  })

  it('a burst is handled once, and the node with several connections writes it in fewer transactions', async () => {
    const before = [handledBy[0]!.length, handledBy[1]!.length]
    const batchesBefore = nodes[0]!.ingested.eventBatches
    const ids = await Promise.all(
      Array.from({ length: 200 }, () => simulator.raise('000000', 'gate-1', { type: 'pass' })),
    )
    await until(() => handledBy[0]!.length + handledBy[1]!.length - before[0]! - before[1]! >= 200, 20_000)
    await new Promise((r) => setTimeout(r, 200))
    const burst = [...handledBy[0]!.slice(before[0]), ...handledBy[1]!.slice(before[1])]
    expect(burst.sort()).toEqual([...ids].sort())
    const first = handledBy[0]!.length - before[0]!
    expect(first).toBeGreaterThan(0)
    expect(nodes[0]!.ingested.eventBatches - batchesBefore).toBeLessThan(first)
  }, 30_000)

  it("each node gets its own commands' answers", async () => {
    const outcomes = await Promise.all(
      nodes.flatMap((n) =>
        [0, 1, 2].map(() =>
          n.command({ tenantId: '000000', machine: 'gate-1', control: 'open', timeoutMs: 3_000 }),
        ),
      ),
    )
    expect(outcomes.map((o) => o.result)).toEqual([1, 1, 1, 1, 1, 1])
  })

  it('the broker away is told, and the nodes reconnect when it is back', async () => {
    await broker.stop()
    await until(() => nodes.every((n) => !n.connected))
    await expect(
      nodes[0]!.command({ tenantId: '000000', machine: 'gate-1', control: 'open' }),
    ).rejects.toThrow('设备网关未连接')
    await broker.start()
    await until(() => nodes.every((n) => n.connected), 10_000)
  }, 20_000)
})

import { describe, expect, it } from 'vitest'
import { startEmbeddedBroker } from '../../core/devices/broker.js'
import { deviceKey } from '../../core/devices/credentials.js'
import { DeviceSimulator } from './simulator.js'

/**
 * The server's close with the simulated park still coming online (a CI run's SIGTERM came half a
 * second after startup and its shutdown waited out the 10 s): machines still connecting are ended
 * with the rest, and the broker's close never waits on a client.
 */

const SECRET = 'simulator-test-secret'
const CLOSE_WITHIN_MS = 5_000

/** resolves 'closed', or 'waiting' when the close is still pending after the bound */
const settledWithin = (closing: Promise<void>) =>
  Promise.race([
    closing.then(() => 'closed' as const),
    new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), CLOSE_WITHIN_MS).unref()),
  ])

describe('closing the simulated park', () => {
  it('ends machines still connecting, and the broker then closes', async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, secret: SECRET })
    const simulator = new DeviceSimulator(broker.url, (tenant, code) => deviceKey(SECRET, tenant, code))
    const machines = Array.from({ length: 30 }, (_, i) => ({ tenantId: '000000', code: `m-${i}` }))
    // the close comes while the connections are under way
    const adding = simulator.add(machines).catch(() => {})
    await new Promise((resolve) => setImmediate(resolve))
    expect(await settledWithin(simulator.close())).toBe('closed')
    await adding
    expect(simulator.size).toBe(0)
    expect(await settledWithin(broker.close())).toBe('closed')
  })

  it('a client left connected does not hold the broker open', async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, secret: SECRET })
    const simulator = new DeviceSimulator(broker.url, (tenant, code) => deviceKey(SECRET, tenant, code))
    await simulator.add([{ tenantId: '000000', code: 'door-1' }])
    expect(simulator.size).toBe(1)
    // the broker goes first: the machine tries to reconnect every 2 s, and the close still ends
    expect(await settledWithin(broker.close())).toBe('closed')
    await simulator.close()
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IntercomClient } from '../../adapters/intercom/client.js'
import { DEMO_ACCOUNT, type IntercomSimulator, md5, startIntercomSimulator } from '../../adapters/intercom/simulator.js'
import { MemoryCache } from '../../core/cache/index.js'
import { MemoryBus, Realtime, tenantChannel } from '../../core/realtime/index.js'
import { LOCATIONS_TOPIC, LocationFeed } from './feed.js'
import { IntercomOperations } from './operations.js'
import { IntercomSessions } from './session.js'

/**
 * Live locations: 5,000 moving members reach a watching console as one batch per period (not one
 * message per member), only the positions that changed, once per period across processes, and
 * nothing is polled while nobody watches.
 */
describe('location feed', () => {
  let sim: IntercomSimulator
  const cache = new MemoryCache()
  const bus = new MemoryBus()
  const realtime = new Realtime(bus)
  let feeds: LocationFeed[]

  beforeAll(async () => {
    sim = await startIntercomSimulator({ members: 5000 })
    const store = {
      load: async () => ({ base: sim.url, ...DEMO_ACCOUNT, dispatcherPwdSecret: md5(DEMO_ACCOUNT.dispatcherPwd) }),
      savePassword: async () => {},
    }
    const ops = new IntercomOperations(new IntercomSessions({ cache, transport: new IntercomClient(), store }))
    // two processes on one cache and one bus
    feeds = [new LocationFeed(ops, realtime, cache, 1000), new LocationFeed(ops, realtime, cache, 1000)]
  })
  afterAll(() => sim.close())

  it('publishes one batch per period with the changed positions only; another process skips the slot', async () => {
    const channel = tenantChannel('100001', LOCATIONS_TOPIC)
    expect(await feeds[0]!.tick('100001', 1_000)).toBe(0) // nobody watches: no call
    const messages: string[] = []
    const unsubscribe = await bus.subscribe(channel, (m) => messages.push(m))
    // a stream of this process would count itself; the test stands in for one
    ;(realtime as unknown as { local: Map<string, number> }).local.set(channel, 1)

    const first = await feeds[0]!.tick('100001', 2_000)
    expect(first).toBe(5000)
    expect(await feeds[1]!.tick('100001', 2_500)).toBe(0) // same slot: the other process had it
    expect(messages).toHaveLength(1)
    const frame = messages[0]!
    expect(frame.startsWith('event: locations\ndata: ')).toBe(true)
    const batch = JSON.parse(frame.split('data: ')[1]!) as [string, number, number, number][]
    expect(batch).toHaveLength(5000)
    expect(batch[0]).toHaveLength(4)

    sim.tick(Date.now() + 5_000)
    const moved = await feeds[1]!.tick('100001', 3_000)
    // gate guards and the monitoring centre stand still: only walkers are sent
    expect(moved).toBeGreaterThan(1000)
    expect(moved).toBeLessThan(5000)
    expect(messages).toHaveLength(2)
    await unsubscribe()
  })
})

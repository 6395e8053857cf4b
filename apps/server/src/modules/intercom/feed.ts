import type { Cache } from '../../core/cache/index.js'
import { type Realtime, tenantChannel } from '../../core/realtime/index.js'
import type { IntercomOperations } from './operations.js'

export const LOCATIONS_TOPIC = 'intercom.locations'

/**
 * Live member locations for the consoles watching a tenant: while a process holds a stream of the
 * tenant, it ticks; each period one process across all of them (a slot claimed in the shared cache)
 * asks the platform for the positions changed since the last batch and publishes them as **one**
 * message (compact tuples), which every process delivers to its own streams. Nobody watching: no
 * polling.
 */
export class LocationFeed {
  private readonly timers = new Map<string, NodeJS.Timeout>()

  constructor(
    private readonly ops: IntercomOperations,
    private readonly realtime: Realtime,
    private readonly cache: Cache,
    private readonly periodMs = 2000,
  ) {}

  watch(tenantId: string): void {
    if (this.timers.has(tenantId)) return
    // the cache, the bus or the intercom away: this period is skipped, the next one tries again
    const timer = setInterval(() => void this.tick(tenantId).catch(() => {}), this.periodMs)
    timer.unref()
    this.timers.set(tenantId, timer)
  }

  /** One period: returns how many positions were published (0 when another process had the slot). */
  async tick(tenantId: string, now = Date.now()): Promise<number> {
    const channel = tenantChannel(tenantId, LOCATIONS_TOPIC)
    if (this.realtime.listening(channel) === 0) {
      clearInterval(this.timers.get(tenantId))
      this.timers.delete(tenantId)
      return 0
    }
    const slot = Math.floor(now / this.periodMs)
    const ttl = Math.max(1, Math.ceil((this.periodMs * 2) / 1000))
    if (!(await this.cache.setIfAbsent(`intercom:poll:${tenantId}:${slot}`, '1', ttl))) return 0
    const sinceKey = `intercom:since:${tenantId}`
    const since = Number(await this.cache.get(sinceKey)) || 0
    const answer = await this.ops.locations(tenantId, since)
    const batch = answer.locations ?? []
    if (answer.result !== 200 || batch.length === 0) return 0
    await this.cache.set(sinceKey, String(batch.reduce((m, l) => Math.max(m, l[3]), since)), 3600)
    await this.realtime.publish(channel, { event: 'locations', data: batch })
    return batch.length
  }

  stop(): void {
    for (const t of this.timers.values()) clearInterval(t)
    this.timers.clear()
  }
}

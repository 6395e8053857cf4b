import { Redis } from 'ioredis'
import type { Bus, Handler } from './bus-types.js'

/** One publishing and one subscribed connection per process; Redis channels are subscribed once. */
export class RedisBus implements Bus {
  readonly kind = 'redis' as const
  private readonly pub: Redis
  private readonly sub: Redis
  private readonly handlers = new Map<string, Set<Handler>>()

  constructor(
    url: string,
    private readonly prefix = 'xpark:',
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2000 })
    this.sub = new Redis(url)
    // a Redis that is away is reported by the cache; ioredis reconnects (and resubscribes) by itself
    this.pub.on('error', () => {})
    this.sub.on('error', () => {})
    this.sub.on('message', (channel: string, message: string) => {
      for (const h of this.handlers.get(channel.slice(this.prefix.length)) ?? []) h(message)
    })
  }

  async publish(channel: string, message: string): Promise<void> {
    try {
      await this.pub.publish(this.prefix + channel, message)
    } catch {
      // Redis is away (degraded mode): this process's listeners still hear it, the others cannot
      for (const h of this.handlers.get(channel) ?? []) h(message)
    }
  }

  async subscribe(channel: string, handler: Handler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel)
    if (!set) {
      set = new Set()
      this.handlers.set(channel, set)
      await this.sub.subscribe(this.prefix + channel)
    }
    set.add(handler)
    return async () => {
      const current = this.handlers.get(channel)
      if (!current) return
      current.delete(handler)
      if (current.size === 0) {
        this.handlers.delete(channel)
        await this.sub.unsubscribe(this.prefix + channel)
      }
    }
  }

  async close(): Promise<void> {
    const end = (r: Redis) =>
      r.status === 'ready' ? r.quit().then(() => {}) : Promise.resolve(r.disconnect())
    await Promise.all([end(this.pub), end(this.sub)])
  }
}

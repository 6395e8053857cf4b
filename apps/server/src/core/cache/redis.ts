import { Redis } from 'ioredis'
import type { Cache } from './cache.js'

export class RedisCache implements Cache {
  readonly kind = 'redis' as const
  private readonly redis: Redis

  /** keyPrefix keeps several xpark deployments (or test runs) apart on one Redis. */
  constructor(url: string, keyPrefix = 'xpark:') {
    this.redis = new Redis(url, { keyPrefix, lazyConnect: false, maxRetriesPerRequest: 2 })
  }

  async get(key: string) {
    return this.redis.get(key)
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(key, value, 'EX', ttlSeconds)
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.set(key, value, 'EX', ttlSeconds, 'NX')) === 'OK'
  }

  async take(key: string) {
    return this.redis.getdel(key)
  }

  async del(key: string) {
    await this.redis.del(key)
  }

  async incr(key: string, ttlSeconds: number) {
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, ttlSeconds, 'NX').exec()) as [
      [Error | null, number],
    ]
    return count
  }

  async clearPrefix(prefix: string) {
    const fullPrefix = `${this.redis.options.keyPrefix ?? ''}${prefix}`
    let cursor = '0'
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${fullPrefix}*`, 'COUNT', 500)
      cursor = next
      // scan returns full keys; del re-applies keyPrefix, so strip it
      const own = keys.map((k) => k.slice((this.redis.options.keyPrefix ?? '').length))
      if (own.length) await this.redis.del(...own)
    } while (cursor !== '0')
  }

  async ping(): Promise<void> {
    await this.redis.ping()
  }

  async close() {
    await this.redis.quit()
  }
}

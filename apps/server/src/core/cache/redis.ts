import { Redis } from 'ioredis'
import type { Cache } from './cache.js'
import { MemoryCache } from './memory.js'

/**
 * The cache in Redis, shared by every process. When Redis is unreachable the process carries on with
 * an in-memory cache of its own (degraded mode, docs/operations.md): sign-ins and pages keep working,
 * but captchas, counters and revocations written meanwhile are seen by this process only. Values
 * written while Redis was away are still read after it returns (a revocation made during the outage
 * keeps holding here), and Redis is used again as soon as it answers.
 */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const
  private readonly redis: Redis
  /** what was written while Redis was unreachable */
  private readonly fallback = new MemoryCache()
  private degraded = false

  /** keyPrefix keeps several xpark deployments (or test runs) apart on one Redis. */
  constructor(
    url: string,
    keyPrefix = 'xpark:',
    private readonly warn: (message: string) => void = (m) => console.warn(`xpark: ${m}`),
  ) {
    this.redis = new Redis(url, {
      keyPrefix,
      lazyConnect: false,
      // while disconnected a command fails at once (the fallback answers) instead of waiting in a queue
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // a Redis that hangs counts as away
      commandTimeout: 2000,
      // keep trying to reconnect, at most every 2 s
      retryStrategy: (times) => Math.min(times * 200, 2000),
    })
    // without a listener ioredis reports every failed reconnect as an unhandled error event
    this.redis.on('error', () => {})
    this.redis.on('ready', () => {
      if (this.degraded) this.warn('Redis is reachable again: the shared cache is back')
      this.degraded = false
    })
  }

  /** Redis, or the fallback when it is away (said once per outage). */
  private async attempt<T>(viaRedis: (r: Redis) => Promise<T>, viaMemory: (m: MemoryCache) => Promise<T>) {
    if (this.redis.status === 'ready') {
      try {
        return await viaRedis(this.redis)
      } catch (error) {
        // a command Redis refused (wrong type, a script error) is a bug, not an outage
        if (this.redis.status === 'ready' && !/timed out/i.test(String(error))) throw error
      }
    }
    if (!this.degraded) {
      this.degraded = true
      this.warn('Redis is unreachable: carrying on with this process’s own cache until it returns')
    }
    return viaMemory(this.fallback)
  }

  /** true when Redis answers now (health check) */
  async reachable(): Promise<boolean> {
    if (this.redis.status !== 'ready') return false
    try {
      return (await this.redis.ping()) === 'PONG'
    } catch {
      return false
    }
  }

  async get(key: string) {
    return this.attempt(
      async (r) => (await r.get(key)) ?? (await this.fallback.get(key)),
      (m) => m.get(key),
    )
  }

  async getMany(keys: readonly string[]) {
    if (!keys.length) return []
    return this.attempt(
      async (r) => {
        const values = await r.mget(...keys)
        // a key Redis lacks may have been written while it was away (as get reads it)
        if (!values.includes(null)) return values
        const kept = await this.fallback.getMany(keys)
        return values.map((v, i) => v ?? kept[i] ?? null)
      },
      (m) => m.getMany(keys),
    )
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.attempt(
      async (r) => {
        await r.set(key, value, 'EX', ttlSeconds)
      },
      (m) => m.set(key, value, ttlSeconds),
    )
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return this.attempt(
      async (r) => (await r.set(key, value, 'EX', ttlSeconds, 'NX')) === 'OK',
      (m) => m.setIfAbsent(key, value, ttlSeconds),
    )
  }

  async take(key: string) {
    return this.attempt(
      async (r) => (await r.getdel(key)) ?? (await this.fallback.take(key)),
      (m) => m.take(key),
    )
  }

  async del(key: string) {
    await this.fallback.del(key)
    await this.attempt(
      async (r) => {
        await r.del(key)
      },
      async () => {},
    )
  }

  async incr(key: string, ttlSeconds: number) {
    return this.attempt(
      async (r) => {
        const [[, count]] = (await r.multi().incr(key).expire(key, ttlSeconds, 'NX').exec()) as [
          [Error | null, number],
        ]
        return count
      },
      (m) => m.incr(key, ttlSeconds),
    )
  }

  async clearPrefix(prefix: string) {
    await this.fallback.clearPrefix(prefix)
    await this.attempt(
      async (r) => {
        const fullPrefix = `${r.options.keyPrefix ?? ''}${prefix}`
        let cursor = '0'
        do {
          const [next, keys] = await r.scan(cursor, 'MATCH', `${fullPrefix}*`, 'COUNT', 500)
          cursor = next
          // scan returns full keys; del re-applies keyPrefix, so strip it
          const own = keys.map((k) => k.slice((r.options.keyPrefix ?? '').length))
          if (own.length) await r.del(...own)
        } while (cursor !== '0')
      },
      async () => {},
    )
  }

  /** at startup: a configured Redis that does not answer is a configuration error */
  async ping(): Promise<void> {
    if (this.redis.status !== 'ready')
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Redis did not answer within 10 s')), 10_000)
        this.redis.once('ready', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    await this.redis.ping()
  }

  async close() {
    await this.fallback.close()
    // quit needs a connection; a Redis that is away is just disconnected
    if (this.redis.status === 'ready') await this.redis.quit()
    else this.redis.disconnect()
  }
}

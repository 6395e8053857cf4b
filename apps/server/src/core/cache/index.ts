import type { Cache } from './cache.js'
import { MemoryCache } from './memory.js'
import { RedisCache } from './redis.js'

export type { Cache } from './cache.js'
export { MemoryCache } from './memory.js'
export { RedisCache } from './redis.js'

export async function openCache(redisUrl: string | undefined, keyPrefix?: string): Promise<Cache> {
  if (!redisUrl) return new MemoryCache()
  const cache = new RedisCache(redisUrl, keyPrefix)
  await cache.ping()
  return cache
}

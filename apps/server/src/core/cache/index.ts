import type { Cache } from './cache.js'
import { MemoryCache } from './memory.js'

export type { Cache } from './cache.js'
export { MemoryCache } from './memory.js'
export { parsedOnce } from './parsed.js'

/**
 * Caches derived from system data (menus, permission codes, dictionaries, scopes) live under `sys:`;
 * what belongs to one tenant under `sys:t:<tenantId>:`, so a tenant's `clear-cache` drops its own
 * entries and nobody else's.
 */
export const SYSTEM_CACHE = 'sys:'
export const tenantCache = (tenantId: string): string => `${SYSTEM_CACHE}t:${tenantId}:`

export async function openCache(redisUrl: string | undefined, keyPrefix?: string): Promise<Cache> {
  if (!redisUrl) return new MemoryCache()
  // ioredis is loaded only when Redis is configured
  const { RedisCache } = await import('./redis.js')
  const cache = new RedisCache(redisUrl, keyPrefix)
  await cache.ping()
  return cache
}

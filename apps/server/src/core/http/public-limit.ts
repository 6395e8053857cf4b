import type { FastifyRequest } from 'fastify'
import type { Cache } from '../cache/index.js'
import { AppError } from '../errors.js'

/** Calls per address per minute on a public (no token) route. */
export const PUBLIC_RATE_PER_MINUTE = 60

/**
 * preHandler for public routes: they answer anyone, so a budget per address keeps them from being a
 * free load generator or a way to walk every tenant id. The count lives in the cache (shared through
 * Redis when several nodes run).
 */
export function publicRateLimit(cache: Cache, bucket: string, perMinute = PUBLIC_RATE_PER_MINUTE) {
  return async (request: FastifyRequest): Promise<void> => {
    const used = await cache.incr(`public:${bucket}:${request.ip}`, 60)
    if (used > perMinute) throw new AppError(429, '请求过于频繁,请稍后再试')
  }
}

/** The tenant lookups of the login page: one office behind one address may sign in together. */
export const TENANT_FACE_RATE_PER_MINUTE = 120

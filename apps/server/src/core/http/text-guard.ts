import type { FastifyInstance } from 'fastify'
import { badRequest } from '../errors.js'

/**
 * No NUL character (U+0000) in any text a request brings: PostgreSQL text cannot hold it, so it
 * reached the database as a driver error (HTTP 500, the SQL text in the error log). Refused at the
 * edge, before any handler: the query, the path parameters, every string and key of a JSON body, and
 * the headers. Multipart file names are checked where uploads are read (core/http/uploads.ts).
 */

export const NUL_REFUSED = '参数校验失败: 不能包含空字符 (\\u0000)'

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (value === null || typeof value !== 'object' || depth > 32) return false
  if (Buffer.isBuffer(value)) return false
  if (Array.isArray(value)) {
    for (const v of value) if (hasNul(v, depth + 1)) return true
    return false
  }
  // for…in over own keys: no entry arrays made for every request's headers and query
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key], depth + 1)) return true
  }
  return false
}

export function registerTextGuard(app: FastifyInstance): void {
  // a callback hook: an async one costs every request a promise (issue 13)
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.headers) || hasNul(request.body))
      done(badRequest(NUL_REFUSED))
    else done()
  })
}

/** For text read outside the hook (multipart names and fields). */
export function assertNoNul(...texts: (string | undefined)[]): void {
  if (texts.some((t) => t?.includes('\u0000'))) throw badRequest(NUL_REFUSED)
}

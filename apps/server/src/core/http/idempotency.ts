import type { FastifyRequest } from 'fastify'
import { badRequest } from '../errors.js'

/**
 * The key that makes a retried write the same write (a refund, a payment): the client's own number
 * in the body (`refundNo`), or the standard `Idempotency-Key` header for clients that cannot add a
 * field. Answers `{ [field]: key }` to merge into the parameters; both given and different is a 400.
 */
export function idempotencyKey(request: FastifyRequest, field: string): Record<string, string> {
  const header = request.headers['idempotency-key']
  if (header === undefined) return {}
  const key = Array.isArray(header) ? header[0] : header
  const sent = (
    { ...(request.query as object), ...((request.body as object | null) ?? {}) } as Record<string, unknown>
  )[field]
  if (sent !== undefined && sent !== '' && sent !== key)
    throw badRequest(`参数校验失败: ${field}: differs from the Idempotency-Key header`)
  return key ? { [field]: key } : {}
}

import { z } from 'zod'
import { badRequest } from '../../../core/errors.js'

/** The asset calls' query as BladeX clients send it: anything, read by the handler. */
export const loose = z.object({}).loose()

/** The `id` of a query, a 64-bit id (400 otherwise). */
export const idOf = (q: Record<string, unknown>) => {
  const id = String(q.id ?? '')
  if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('参数校验失败: id: must be a 64-bit id')
  return id
}

import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { badRequest } from '../../../core/errors.js'

/**
 * The canteen's calls that BladeX clients send either as a query or as a JSON body: both are read
 * together and checked by the form (400 `参数校验失败: field: …`).
 */

/** The query and the JSON body of a request as one record (the body wins). */
export const params = (request: FastifyRequest) => ({
  ...(request.query as Record<string, unknown>),
  ...((request.body as Record<string, unknown> | null | undefined) ?? {}),
})

export const parse = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw badRequest(`参数校验失败: ${issue?.path.join('.')}: ${issue?.message}`)
  }
  return parsed.data
}

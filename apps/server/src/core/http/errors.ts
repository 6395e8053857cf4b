import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import { recordServerError } from '../audit/index.js'
import { fail } from '../envelope.js'
import { AppError } from '../errors.js'

function sendStatus(reply: FastifyReply, status: number, body: unknown) {
  reply.status(status)
  return reply.send(body)
}

/** The PostgreSQL error code, whether the driver error arrives bare or wrapped by Drizzle. */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
    e = e.cause as typeof e
  }
  return undefined
}

/** Turn every failure into the BladeX envelope; never leak a stack or SQL to the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendStatus(reply, error.code, {
        ...fail(error.message, error.code),
        ...(error.data ? { data: error.data } : {}),
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((v) => {
        const field =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.missingProperty ?? '')
        return `${field || error.validationContext || 'body'}: ${v.message}`
      })
      return sendStatus(reply, 400, fail(`参数校验失败: ${problems.join('; ')}`))
    }
    // a handler that parses its own input (a body and a query merged, BladeX style) throws zod's error
    if (error instanceof ZodError) {
      const problems = error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
      return sendStatus(reply, 400, fail(`参数校验失败: ${problems.join('; ')}`))
    }
    const sqlState = pgCode(error)
    if (sqlState === '23505') return sendStatus(reply, 400, fail('数据已存在 (违反唯一约束)'))
    // class 22 (data exception: a number out of range, a malformed date or id, a text too long) is
    // input that slipped past the edge's checks: the caller's mistake, told without the SQL; logged so
    // the missing check gets written
    if (sqlState?.startsWith('22')) {
      request.log.warn({ reqId: request.id, sqlState, url: request.url }, 'data exception past validation')
      return sendStatus(reply, 400, fail('参数校验失败: 数据格式或取值范围不正确'))
    }
    const status = error.statusCode ?? 500
    if (status === 429) return sendStatus(reply, 429, fail('请求过于频繁,请稍后再试', 429))
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type)
      return sendStatus(
        reply,
        status,
        fail(error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持当前媒体类型' : error.message, status),
      )
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error')
    recordServerError(request, error)
    return sendStatus(reply, 500, fail(`服务器异常 (request ${request.id})`, 500))
  })

  app.setNotFoundHandler((request, reply) => {
    sendStatus(reply, 404, fail(`没找到请求: ${request.method} ${request.url.split('?')[0]}`, 404))
  })
}

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

/** The column a constraint error names (PostgreSQL's `column` field), as a camelCase field name. */
function pgColumn(error: unknown): string | undefined {
  for (
    let e = error as { column?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    depth++
  ) {
    if (typeof e.column === 'string' && /^[a-z0-9_]+$/.test(e.column))
      return e.column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
    e = e.cause as typeof e
  }
  return undefined
}

/** PostgreSQL refusing for now: shutting down, starting up, too many connections, connection lost. */
const UNAVAILABLE_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
])
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|terminating connection/i

/**
 * Whether the error means the database cannot be reached right now (restarting, network), as opposed
 * to a statement it refused: the caller gets a 503 to retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.has(e.code) || UNAVAILABLE_SOCKET.has(e.code)))
      return true
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true
    e = e.cause as typeof e
  }
  return false
}

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

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
    // a required value the form let through absent (23502), a reference the rules missed (23503):
    // the same, and logged for the same reason
    if (sqlState === '23502' || sqlState === '23503') {
      const column = pgColumn(error)
      request.log.warn(
        { reqId: request.id, sqlState, column, url: request.url },
        'constraint past validation',
      )
      const problem = sqlState === '23502' ? '不能为空' : '所引用的数据不存在'
      return sendStatus(reply, 400, fail(`参数校验失败: ${column ?? '数据'}: ${problem}`))
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        {
          reqId: request.id,
          url: request.url,
          cause: String((error as { cause?: unknown }).cause ?? error.message).slice(0, 200),
        },
        'database unavailable: answered 503',
      )
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return sendStatus(reply, 503, fail('数据库暂时不可用,请稍后再试', 503))
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

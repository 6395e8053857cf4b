import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onResponseAsyncHookHandler,
  RouteOptions,
} from 'fastify'
import type { Db } from '../../db/client.js'
import type { Cache } from '../cache/index.js'
import { AppError } from '../errors.js'
import { AuditLog, type AuditOptions, type LogOwner, type UsualLevel } from './writer.js'

/**
 * Logs as BladeX keeps them: an API log row for every write, an error log row for every 500, and
 * usual log rows that modules write through `logUsual`. Rows are batched and written after the
 * response (see writer.ts); the log module serves them to tenant administrators.
 */

export { cut, isSecretName, MASK, maskParams, maskUrl, maskValue } from './mask.js'
export { logApi, logError, logUsual as logUsualTable } from './schema.js'
export { AuditLog, type AuditOptions, type LogOwner, ownerOf, type UsualLevel } from './writer.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** the log writer of this app (core/audit) */
    audit: AuditLog
  }
  interface FastifyRequest {
    /** who a public route verified (a sign-in): its API log row is filed under that account */
    logOwner: LogOwner | null
  }
}

/** Reads and retries do not change anything: only writes are API-logged. */
const UNLOGGED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Create the writer, reachable as `app.audit` everywhere; queued rows are written on close. */
export function registerAudit(app: FastifyInstance, db: Db, options: AuditOptions = {}): AuditLog {
  const audit = new AuditLog(db, app.log, options)
  app.decorate('audit', audit)
  app.addHook('onClose', async () => {
    await audit.flush()
  })
  return audit
}

/**
 * The API log: one row for every non-GET request of the scope it is registered on, successful or
 * failed, written after the response, filed under the caller its token names or the account a public
 * route verified (a sign-in). Anything else — no or a bad token, a failed sign-in, an anonymous
 * logout — is not logged (it would let anyone fill any tenant's log under any name) but counted per
 * address: past `unverifiedPerMinute` such writes in a minute, that address's public writes (token,
 * logout) are answered 429 until the minute is over. Client secrets guessed at the token endpoint
 * meet the same budget.
 */
export function registerApiLog(api: FastifyInstance, cache: Cache, unverifiedPerMinute: number): void {
  api.decorateRequest('logOwner', null)
  const key = (request: FastifyRequest) => `audit:unverified:${request.ip}`
  const throttle: onRequestAsyncHookHandler = async (request) => {
    if (UNLOGGED_METHODS.has(request.method)) return
    if (Number((await cache.get(key(request))) ?? 0) >= unverifiedPerMinute)
      throw new AppError(429, '请求过于频繁,请稍后再试')
  }
  const record: onResponseAsyncHookHandler = async (request, reply) => {
    if (UNLOGGED_METHODS.has(request.method)) return
    if (request.auth || request.logOwner) {
      request.server.audit.recordApi(request, reply.statusCode, reply.elapsedTime)
      return
    }
    const count = await cache.incr(key(request), 60)
    if (count === unverifiedPerMinute)
      request.log.warn(
        { ip: request.ip, count },
        'unverified writes from one address: throttled for a minute',
      )
  }
  // on the routes that write only (a hook on every route cost each read two promises; issue 13)
  api.addHook('onRoute', (route: RouteOptions) => {
    if (([] as string[]).concat(route.method).every((m) => UNLOGGED_METHODS.has(m))) return
    const config = route.config as { public?: boolean } | undefined
    if (config?.public) route.onRequest = [...hooksOf(route.onRequest), throttle]
    route.onResponse = [...hooksOf(route.onResponse), record]
  })
}

/** A route's hooks of one kind as a list (Fastify takes one function or an array). */
function hooksOf<H>(hooks: H | H[] | undefined): H[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
}

/** Record an unhandled error of a request (the error handler calls it for every 500). */
export function recordServerError(request: FastifyRequest, error: unknown): void {
  try {
    if (request.server.hasDecorator('audit')) request.server.audit.recordError(request, error)
  } catch (err) {
    request.log.error({ err }, 'error log: could not record')
  }
}

/**
 * Write a usual log row (BladeX `UsualLogger`): `level` and `message`, with `data` stored masked.
 * `ctx` is the current request (tenant, account and request columns come from it), or for work
 * without a request the app and the owner to file it under.
 */
export function logUsual(
  ctx: FastifyRequest | { app: FastifyInstance; owner: LogOwner },
  level: UsualLevel,
  message: string,
  data?: unknown,
): void {
  if ('app' in ctx && 'owner' in ctx) ctx.app.audit.recordUsual(ctx.owner, { level, message, data })
  else (ctx as FastifyRequest).server.audit.recordUsual(ctx as FastifyRequest, { level, message, data })
}

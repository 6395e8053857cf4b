import { hostname, networkInterfaces } from 'node:os'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.js'
import { nextId } from '../ids.js'
import { cut, maskParams, scrubErrorText } from './mask.js'
import { logApi, logError, logUsual } from './schema.js'

/**
 * The log writer: rows are queued in memory and written in batches after the response, so logging
 * never delays a request and never fails one (a failed write is reported to the process log and
 * dropped). Each node writes its own rows; nothing is shared between nodes.
 */

export const PLATFORM_TENANT = '000000'
const SERVICE_ID = 'xpark'

type ApiRow = typeof logApi.$inferInsert
type ErrorRow = typeof logError.$inferInsert
type UsualRow = typeof logUsual.$inferInsert

export type UsualLevel = 'debug' | 'info' | 'warn' | 'error'

/** Who a row is filed under when there is no request to read it from (jobs, adapters). */
export interface LogOwner {
  tenantId: string
  /** the account, or a job's name */
  createBy?: string
}

export interface AuditOptions {
  /** how long a row may wait before its batch is written (ms) */
  delayMs?: number
  /** a batch this big is written at once */
  batchSize?: number
  /** rows waiting beyond this are dropped (and counted): a dead database must not eat the memory */
  maxPending?: number
  env?: string
}

function serverIp(): string {
  for (const list of Object.values(networkInterfaces()))
    for (const nic of list ?? []) if (nic.family === 'IPv4' && !nic.internal) return nic.address
  return '127.0.0.1'
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0]
  return undefined
}

/**
 * The tenant and account a request is filed under: the token's, or the account a public route
 * verified (`request.logOwner`: a sign-in that proved its password). Never what a request merely
 * says: anyone could then file rows under any tenant. Without either, the platform tenant.
 */
export function ownerOf(request: FastifyRequest): LogOwner {
  if (request.auth) return { tenantId: request.auth.tenantId, createBy: request.auth.account }
  if (request.logOwner) return request.logOwner
  return { tenantId: PLATFORM_TENANT, createBy: '' }
}

/** The request columns every log row has. */
function requestColumns(request: FastifyRequest) {
  const owner = ownerOf(request)
  const userAgent = text(request.headers['user-agent']) ?? ''
  return {
    tenantId: owner.tenantId,
    createBy: owner.createBy ?? '',
    method: cut(request.method, 10),
    requestUri: cut(request.url.split('?')[0] ?? '', 255),
    userAgent: cut(userAgent, 1000),
    remoteIp: cut(request.ip ?? '', 255),
    methodName: cut(request.routeOptions.url ?? '', 255),
    params: maskParams(request.query, request.body),
  }
}

/** The OpenAPI summary of the route, else its tag, else its URL pattern. */
function titleOf(request: FastifyRequest): string {
  const schema = (request.routeOptions.schema ?? {}) as { summary?: string; tags?: string[] }
  return cut(schema.summary ?? schema.tags?.[0] ?? request.routeOptions.url ?? '', 255)
}

function tagOf(request: FastifyRequest): string {
  const schema = (request.routeOptions.schema ?? {}) as { tags?: string[] }
  return cut(schema.tags?.[0] ?? '', 255)
}

/** `at fn (file:line:col)` → file and line of the first frame. */
function firstFrame(stack: string): { fileName: string; lineNumber: number | null } {
  const m = /\n\s+at (?:.*? \()?(.+?):(\d+):\d+\)?/.exec(stack)
  return m ? { fileName: cut(m[1]!, 1000), lineNumber: Number(m[2]) } : { fileName: '', lineNumber: null }
}

export class AuditLog {
  private api: ApiRow[] = []
  private errors: ErrorRow[] = []
  private usuals: UsualRow[] = []
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()
  private readonly server: { serviceId: string; serverHost: string; serverIp: string; env: string }
  private readonly delayMs: number
  private readonly batchSize: number
  private readonly maxPending: number
  /** rows dropped because the queue was full */
  dropped = 0

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: AuditOptions = {},
  ) {
    this.delayMs = options.delayMs ?? 200
    this.batchSize = options.batchSize ?? 200
    this.maxPending = options.maxPending ?? 10_000
    this.server = {
      serviceId: SERVICE_ID,
      serverHost: cut(hostname(), 255),
      serverIp: serverIp(),
      env: options.env ?? '',
    }
  }

  get pending(): number {
    return this.api.length + this.errors.length + this.usuals.length
  }

  /** One API log row for a finished request (called from the onResponse hook). */
  recordApi(request: FastifyRequest, statusCode: number, elapsedMs: number): void {
    this.guard('api log', () => {
      this.push(this.api, {
        id: nextId(),
        ...this.server,
        ...requestColumns(request),
        methodClass: tagOf(request),
        type: statusCode < 400 ? '1' : '2',
        title: titleOf(request),
        time: Math.max(0, Math.round(elapsedMs)),
        status: statusCode,
        createTime: new Date(),
      })
    })
  }

  /** One error log row for an unhandled error (a 500); nothing of it goes to the client. */
  recordError(request: FastifyRequest, error: unknown): void {
    this.guard('error log', () => {
      const e = error instanceof Error ? error : new Error(String(error))
      const stack = scrubErrorText(e.stack ?? '')
      this.push(this.errors, {
        id: nextId(),
        ...this.server,
        ...requestColumns(request),
        methodClass: tagOf(request),
        exceptionName: cut(e.name || e.constructor?.name || 'Error', 255),
        message: cut(scrubErrorText(e.message ?? ''), 4000),
        stackTrace: cut(stack, 20_000),
        ...firstFrame(stack),
        createTime: new Date(),
      })
    })
  }

  /**
   * A usual log row. With a request, tenant, account and request columns come from it; without
   * (a job), from `owner`. `data` is stored masked, as params are.
   */
  recordUsual(
    source: FastifyRequest | LogOwner,
    entry: {
      level: UsualLevel | string
      logId?: string
      message: string
      data?: unknown
      requestUri?: string
    },
  ): void {
    this.guard('usual log', () => {
      const fromRequest = 'routeOptions' in source ? requestColumns(source) : undefined
      const owner = fromRequest ?? {
        tenantId: (source as LogOwner).tenantId,
        createBy: cut((source as LogOwner).createBy ?? '', 64),
      }
      this.push(this.usuals, {
        id: nextId(),
        ...this.server,
        ...owner,
        ...(entry.requestUri !== undefined ? { requestUri: cut(entry.requestUri, 255) } : {}),
        params: entry.data === undefined ? '' : maskParams(undefined, entry.data),
        logLevel: cut(entry.level, 10),
        logId: cut(entry.logId ?? '', 100),
        logData: cut(entry.message, 10_000),
        createTime: new Date(),
      })
    })
  }

  /** Write everything queued now (tests and shutdown wait on it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.writing = this.writing.then(() => this.write())
    return this.writing
  }

  private guard(what: string, fn: () => void): void {
    try {
      fn()
    } catch (err) {
      this.log.error({ err }, `${what}: could not record`)
    }
  }

  private push<T>(queue: T[], row: T): void {
    if (this.pending >= this.maxPending) {
      if (this.dropped++ % 1000 === 0)
        this.log.warn({ dropped: this.dropped }, 'audit log queue full: rows dropped')
      return
    }
    queue.push(row)
    if (this.pending >= this.batchSize) void this.flush()
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs)
      this.timer.unref()
    }
  }

  private async write(): Promise<void> {
    const batches = [
      ['blade_log_api', logApi, this.api.splice(0)],
      ['blade_log_error', logError, this.errors.splice(0)],
      ['blade_log_usual', logUsual, this.usuals.splice(0)],
    ] as const
    for (const [name, table, rows] of batches) {
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500)
        try {
          await this.db.insert(table).values(chunk as never)
        } catch (err) {
          this.log.error({ err, table: name, rows: chunk.length }, 'audit log: write failed, rows dropped')
        }
      }
    }
  }
}

import { z } from 'zod'
import { defineCall, SIGNED_IN, TENANT_ADMIN } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract, type ResourceContractInput } from '../kit.js'

/**
 * Logs (BladeX blade_log_usual / blade_log_api / blade_log_error) and the console's error-log
 * upload (spec 01 §2 error-log dialog, §3 error log entry, §8 '(sent successfully)').
 */

/** The most entries one upload may carry; the console keeps fewer than this. */
export const WEB_LOG_MAX_ENTRIES = 200

/** Each field is cut to its cap rather than refused: a long stack must not lose the whole upload. */
const capped = (max: number) =>
  z
    .unknown()
    .transform((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)))
    .transform((s) => (s.length > max ? `${s.slice(0, max)}…` : s))

/** One entry of the console's error log: `{type, url, message, stack, info, time}`. */
export const WebLogEntrySchema = z.object({
  type: capped(50),
  url: capped(1000),
  message: capped(2000),
  stack: capped(10_000),
  info: capped(2000),
  time: capped(50),
})
export type WebLogEntry = z.infer<typeof WebLogEntrySchema>

export const WebLogUploadSchema = z
  .array(WebLogEntrySchema, { error: 'expected a list of error-log entries' })
  .max(WEB_LOG_MAX_ENTRIES, `at most ${WEB_LOG_MAX_ENTRIES} entries per upload`)

/**
 * The console's error-log dialog, "upload to the server" (spec 01 §2, §8): filed as usual-log rows of
 * the caller's tenant. Any signed-in user may send their own browser's errors.
 */
export const webLogUploadCall = defineCall({
  path: 'blade-log/error/upload',
  method: 'POST',
  in: 'body',
  permission: SIGNED_IN,
  params: WebLogUploadSchema,
  reply: z.object({}),
  summary: 'log-usual: upload the console error log (at most 200 entries)',
  tag: 'log-usual',
})

/** Columns every log record carries (dates as `yyyy-MM-dd HH:mm:ss`, ids as strings). */
interface LogRecordBase {
  id: string
  tenantId: string
  serviceId: string
  serverHost: string
  serverIp: string
  env: string
  method: string
  requestUri: string
  userAgent: string
  remoteIp: string
  methodClass: string
  methodName: string
  /** query and body as JSON, with every password/secret/token field masked */
  params: string
  createBy: string
  createTime: string
}

export interface LogUsualRecord extends LogRecordBase {
  logLevel: string
  logId: string
  logData: string
}

export interface LogApiRecord extends LogRecordBase {
  /** '1' succeeded, '2' failed */
  type: string
  title: string
  /** milliseconds */
  time: number
  /** HTTP status */
  status: number
}

export interface LogErrorRecord extends LogRecordBase {
  stackTrace: string
  exceptionName: string
  message: string
  lineNumber: number | null
  fileName: string
}

/** What reads any log (besides a tenant's administrator and the platform administrator). */
export const LOG_VIEW = 'log_view'

const logRowBase = {
  id: wire.id,
  tenantId: wire.text,
  serviceId: wire.text,
  serverHost: wire.text,
  serverIp: wire.text,
  env: wire.text,
  method: wire.text,
  requestUri: wire.text,
  userAgent: wire.text,
  remoteIp: wire.text,
  methodClass: wire.text,
  methodName: wire.text,
  params: wire.text,
  createBy: wire.text,
  createTime: wire.date,
}
export const LogUsualRow = z.object({
  ...logRowBase,
  logLevel: wire.text,
  logId: wire.text,
  logData: wire.text,
})
export const LogApiRow = z.object({
  ...logRowBase,
  type: wire.text,
  title: wire.text,
  time: wire.number,
  status: wire.number,
})
export const LogErrorRow = z.object({
  ...logRowBase,
  stackTrace: wire.text,
  exceptionName: wire.text,
  message: wire.text,
  lineNumber: wire.optionalNumber,
  fileName: wire.text,
})

/**
 * A log's resource: read only (`list`, `page`, `detail`; nothing writes a log through HTTP). Never
 * public and never for every user (BladeX served its logs without a login, SpringBlade#9): a tenant's
 * administrator, the platform administrator and holders of `log_view` read, and so do holders of
 * BladeX's per-log view button (`log_usual_view`, …) for that log. The write codes are `log_view`,
 * as before the kit: no write route exists.
 */
function logContract<R extends z.ZodObject>(
  kind: 'usual' | 'api' | 'error',
  row: R,
  filters: NonNullable<ResourceContractInput<z.ZodObject, R>['filters']>,
  sorts: readonly string[],
) {
  return defineContract({
    path: `blade-log/${kind}`,
    code: `log_${kind}`,
    form: z.object({}),
    row,
    label: 'requestUri',
    filters: { requestUri: 'like', method: 'eq', createBy: 'like', remoteIp: 'like', ...filters },
    sorts,
    routes: { remove: false, submit: false, save: false, update: false },
    permissions: {
      add: LOG_VIEW,
      edit: LOG_VIEW,
      delete: LOG_VIEW,
      view: [TENANT_ADMIN, LOG_VIEW, `log_${kind}_view`],
    },
  })
}

export const logUsualContract = logContract(
  'usual',
  LogUsualRow,
  { logLevel: 'eq', logId: 'eq', logData: 'like' },
  ['createTime'],
)
export const logApiContract = logContract('api', LogApiRow, { title: 'like', type: 'eq', status: 'eq' }, [
  'createTime',
  'time',
])
export const logErrorContract = logContract(
  'error',
  LogErrorRow,
  { exceptionName: 'like', message: 'like' },
  ['createTime'],
)

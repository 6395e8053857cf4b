import { z } from 'zod'

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

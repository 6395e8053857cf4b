import { callApi } from './calls'

/** One entry of the console's error log as the upload sends it (`WebLogEntrySchema` of the contract). */
export interface WebLogEntry {
  type: string
  url: string
  message: string
  stack: string
  info: string
  time: string
}

/** What one upload may carry (`WEB_LOG_MAX_ENTRIES` of the contract; the local log keeps no more). */
export const WEB_LOG_MAX_ENTRIES = 200

/**
 * The error-log dialog's "upload to the server" (spec 01 §2, §8): the local list, newest first, filed
 * by the server as usual-log rows of the signed-in user's tenant.
 */
export async function uploadErrorLog(entries: readonly WebLogEntry[]): Promise<unknown> {
  const body = entries.slice(0, WEB_LOG_MAX_ENTRIES).map(({ type, url, message, stack, info, time }) => ({
    type,
    url,
    message,
    stack,
    info,
    time,
  }))
  // the declaration comes with its zod schemas: loaded when the upload is made, not with the shell
  const { webLogUploadCall } = await import('@xpark/contract/schemas')
  return callApi(webLogUploadCall, body)
}

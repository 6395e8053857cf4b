import { badRequest } from '../errors.js'
import { isId } from '../ids.js'

/** Rows an export reads per batch (a resource's rows: core/crud/export.ts). */
export const EXPORT_BATCH = 1000
/** Ticked rows an export takes at most. */
export const EXPORT_MAX_IDS = 10_000

/**
 * The `ids` of an export (the ticked rows, comma-separated): undefined when absent or empty, a 400
 * before any byte of the file is sent when they are not ids or too many.
 */
export function exportIds(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  const ids = String(raw).split(',')
  if (ids.length > EXPORT_MAX_IDS || !ids.every(isId))
    throw badRequest('参数校验失败: ids: must be comma-separated ids')
  return ids
}

import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Excel import and export, one mechanism for every module (spec 02 §9): streaming export of a
 * resource's rows, import templates, and reading an uploaded workbook row by row with zod.
 * See docs/architecture.md, "Excel import and export".
 */

export { yuanCell } from './cells.js'
export { type ExportOptions, sendWorkbook, writeWorkbook } from './export.js'
export {
  IMPORT_MAX_ROWS,
  type ImportResult,
  type ImportRow,
  type ImportRowError,
  MAX_ENTRY_BYTES,
  MAX_INFLATED_BYTES,
  NOT_XLSX,
  readWorkbook,
} from './import.js'
export { EXPORT_BATCH, EXPORT_MAX_IDS, exportIds } from './rows.js'
export {
  COLUMN_WIDTH,
  COLUMN_WIDTH_PX,
  columnFields,
  contentDisposition,
  type ExcelColumn,
  safeTitle,
  timestampTitle,
  widthInPixels,
  XLSX_TYPE,
} from './sheet.js'
export { cellOf } from './sheet-xml.js'
export { NOTES_SHEET, sendTemplate, type TemplateOptions, writeTemplate } from './template.js'

/**
 * onResponse hook for a download route: a GET is not API-logged by default (core/audit logs writes),
 * but an export takes data out of the system, so it is filed like a write.
 */
export async function logDownload(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.auth) return
  request.server.audit.recordApi(request, reply.statusCode, reply.elapsedTime)
}

/**
 * What every spreadsheet of xpark shares (spec 02 §9: xlsx, frozen first column, column width
 * 165 px, default title the current timestamp): the columns, the title, the width and the reply headers.
 */

/** One column of a sheet: the header text a person reads, the row key, and how a value is shown. */
export interface ExcelColumn<T = Record<string, unknown>> {
  /** header text (exact: imports map header texts back to keys) */
  header: string
  key: string
  /** the cell value of a row (a dict label, joined names); default: `row[key]` */
  value?: (row: T) => unknown
  /**
   * the row keys `value` reads (default: `key`). An export reads from the database only the columns
   * its sheet needs when every column with a `value` says which (`columnFields`); else every column.
   */
  reads?: readonly string[]
  /** a line for the template's notes sheet: required or not, format, allowed values */
  note?: string
}

/**
 * The row keys a sheet's cells come from, or undefined when a column's `value` does not say which
 * it reads (then the whole row must be read).
 */
export function columnFields<T>(columns: readonly ExcelColumn<T>[]): string[] | undefined {
  const fields = new Set<string>()
  for (const c of columns) {
    if (c.value && !c.reads) return undefined
    for (const key of c.reads ?? [c.key]) fields.add(key)
  }
  return [...fields]
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Column width: 165 px. Excel stores widths in "characters" of the default font's maximum digit
 * width (Calibri 11: 7 px) and draws `trunc(((256·w + trunc(128/7)) / 256) · 7)` pixels (ECMA-376
 * §18.3.1.13). w = 165 / 7, kept to 1/256 of a character as Excel does, gives 23.5703125, which
 * draws 165 px.
 */
const MAX_DIGIT_WIDTH_PX = 7
export const COLUMN_WIDTH_PX = 165
export const COLUMN_WIDTH = Math.trunc((COLUMN_WIDTH_PX / MAX_DIGIT_WIDTH_PX) * 256) / 256

/** Pixels Excel draws for a stored width (the inverse, for tests and the docs). */
export function widthInPixels(width: number): number {
  return Math.trunc(((256 * width + Math.trunc(128 / MAX_DIGIT_WIDTH_PX)) / 256) * MAX_DIGIT_WIDTH_PX)
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The default title: the current timestamp as `yyyy-MM-dd HH-mm-ss` (server time zone). It is the
 * BladeX date format with `-` for `:`, because `:` is allowed neither in a Windows file name nor in
 * a sheet name; it sorts by time and is 19 characters (sheet names allow 31).
 */
export function timestampTitle(now = new Date()): string {
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ` +
    `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`
  )
}

/** Characters Excel refuses in sheet names (and Windows in file names), and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const FORBIDDEN = /[\\/?*[\]:"<>|\u0000-\u001f]/g

/** A title safe as a file name and as a sheet name (at most 31 characters there). */
export function safeTitle(title: string | undefined): { file: string; sheet: string } {
  const clean = (title ?? '').replace(FORBIDDEN, '-').trim() || timestampTitle()
  return { file: clean.slice(0, 100), sheet: clean.slice(0, 31) }
}

/** RFC 5987 value: encodeURIComponent leaves `'()*` alone, which the grammar does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): browsers take the UTF-8 name (Chinese
 * titles), old clients the ASCII fallback.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`
}

/**
 * exceljs, loaded on the first export or template: it pulls in some 300 files (zip, streams, CSV)
 * that a server start would otherwise read and compile for nothing (bench section 1, restart).
 */
export async function loadExcelJs(): Promise<typeof import('exceljs')> {
  return (await import('exceljs')).default
}

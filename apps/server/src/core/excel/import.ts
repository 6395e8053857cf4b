import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { z } from 'zod'
import { formatDateTime } from '../envelope.js'
import { badRequest } from '../errors.js'
import type { ExcelColumn } from './sheet.js'
import { assertInflatesWithin } from './zip-guard.js'

/**
 * Reading an uploaded xlsx: the first sheet, header texts (row 1) mapped to keys, every later row
 * validated with a zod schema. The zip is first inflated and measured (zip-guard.ts: shared strings
 * are cached whole by the reader, so a small file must not inflate to gigabytes), then read with
 * exceljs's streaming reader, stopped once the row limit is passed.
 */

/** Rows an import takes at most (besides the header row). */
export const IMPORT_MAX_ROWS = 10_000
export const NOT_XLSX = '请上传 xlsx 格式的 Excel 文件'

/** One bad row: its Excel row number (the header is row 1) and every problem found. */
export interface ImportRowError {
  row: number
  messages: string[]
}

/** A valid row with its Excel row number (checks against the database report it by number too). */
export interface ImportRow<T> {
  row: number
  data: T
}

export interface ImportResult<T> {
  rows: ImportRow<T>[]
  errors: ImportRowError[]
}

export interface ReadOptions<S extends z.ZodType> {
  columns: readonly ExcelColumn<never>[]
  /** one row: keys of `columns` → trimmed texts (absent when the cell is empty) */
  schema: S
  maxRows?: number
}

/** A cell as a person reads it: rich text joined, a formula's result, numbers and dates as text. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return formatDateTime(value)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('formula' in value || 'sharedFormula' in value)
      return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return String(value.error)
    return ''
  }
  return String(value).trim()
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

/** The first sheet's rows as [excel row number, cell texts by column number]. */
async function* sheetRows(buffer: Buffer, seen: { sheet: boolean }): AsyncGenerator<[number, string[]]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  })
  for await (const sheet of reader) {
    seen.sheet = true
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[]
      yield [row.number, values.map((v) => cellText(v))]
    }
    return // the first sheet only: the template's second sheet holds notes
  }
}

/** The key of each column number, from the header row; every declared column must be there. */
function headerMap(header: string[], columns: readonly ExcelColumn<never>[]): Map<number, string> {
  const byText = new Map(columns.map((c) => [c.header, c.key]))
  const keys = new Map<number, string>()
  header.forEach((text, i) => {
    const key = byText.get(text)
    if (key) keys.set(i, key)
  })
  const found = new Set(keys.values())
  const missing = columns.filter((c) => !found.has(c.key)).map((c) => c.header)
  if (missing.length) throw badRequest(`导入文件缺少列: ${missing.join(', ')} (请使用导入模板)`)
  return keys
}

/** Messages of a failed row, each led by its column header. */
function messagesOf(error: z.ZodError, columns: readonly ExcelColumn<never>[]): string[] {
  const headers = new Map(columns.map((c) => [c.key, c.header]))
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '')
    const header = headers.get(key)
    return header ? `${header}: ${issue.message}` : issue.message
  })
}

/**
 * Parse and validate an uploaded workbook. A file that is not an xlsx, has no header row, lacks a
 * column or passes the row limit is refused as a whole (400); bad rows are reported one by one.
 */
export async function readWorkbook<S extends z.ZodType>(
  buffer: Buffer,
  options: ReadOptions<S>,
): Promise<ImportResult<z.infer<S>>> {
  const max = options.maxRows ?? IMPORT_MAX_ROWS
  if (buffer.length < ZIP_MAGIC.length || !buffer.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(NOT_XLSX)
  assertInflatesWithin(buffer)
  const result: ImportResult<z.infer<S>> = { rows: [], errors: [] }
  let keys: Map<number, string> | null = null
  let count = 0
  const seen = { sheet: false }
  try {
    for await (const [number, cells] of sheetRows(buffer, seen)) {
      if (!keys) {
        keys = headerMap(cells, options.columns)
        continue
      }
      // every row counts, blank or not: a sheet of a million empty rows is refused, not walked
      if (++count > max) throw badRequest(`导入数据不能超过 ${max} 行`)
      const record: Record<string, string> = {}
      for (const [i, key] of keys) if (cells[i]) record[key] = cells[i]
      if (!Object.keys(record).length) continue // an empty row in the middle is not data
      const parsed = options.schema.safeParse(record)
      if (parsed.success) result.rows.push({ row: number, data: parsed.data })
      else result.errors.push({ row: number, messages: messagesOf(parsed.error, options.columns) })
    }
  } catch (err) {
    if (err instanceof Error && err.name === 'AppError') throw err
    // a zip that is no workbook (a .docx, a damaged file): the reader's own error says nothing useful
    throw badRequest(NOT_XLSX)
  }
  // a zip without a worksheet is some other file (a .docx renamed, a plain archive)
  if (!seen.sheet) throw badRequest(NOT_XLSX)
  if (!keys) throw badRequest('导入文件没有数据 (第 1 行应为表头)')
  return result
}

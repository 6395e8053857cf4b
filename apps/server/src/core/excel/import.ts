import type { z } from 'zod'
import { badRequest } from '../errors.js'
import { InflateBudget, looksLikeZip, ZipDamaged, ZipTooLarge } from '../zip/index.js'
import type { ExcelColumn } from './sheet.js'
import { CellTooLong, firstSheetRows, MAX_CELL_TEXT, NotWorkbook } from './xlsx-reader.js'

/**
 * Reading an uploaded xlsx: the first sheet, header texts (row 1) mapped to keys, every later row
 * validated with a zod schema. The sheet is read straight from the zip (xlsx-reader.ts), inflated
 * within limits and off the event loop (core/zip), and reading stops once the row limit is passed.
 */

/** One part of a workbook (a sheet, the shared strings) may inflate to this much at the most. */
export const MAX_ENTRY_BYTES = 32 * 1024 * 1024
/** All parts read together. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024

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
  /** inflate limits in bytes (tests); default MAX_ENTRY_BYTES / MAX_INFLATED_BYTES */
  limits?: { entry: number; total: number }
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
  if (!looksLikeZip(buffer)) throw badRequest(NOT_XLSX)
  const budget = new InflateBudget(
    options.limits?.entry ?? MAX_ENTRY_BYTES,
    options.limits?.total ?? MAX_INFLATED_BYTES,
  )
  const result: ImportResult<z.infer<S>> = { rows: [], errors: [] }
  let keys: Map<number, string> | null = null
  let count = 0
  try {
    for await (const [number, cells] of firstSheetRows(buffer, budget)) {
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
    if (err instanceof ZipTooLarge)
      throw badRequest(
        err.limit === budget.perEntry
          ? `文件解压后过大 (单个部分不能超过 ${mb(err.limit)} MB), 请拆分后导入`
          : `文件解压后过大 (合计不能超过 ${mb(err.limit)} MB), 请拆分后导入`,
      )
    if (err instanceof CellTooLong) throw badRequest(`单元格内容过长 (不能超过 ${MAX_CELL_TEXT} 个字符)`)
    // a zip that is no workbook (a .docx, a damaged file)
    if (err instanceof NotWorkbook || err instanceof ZipDamaged) throw badRequest(NOT_XLSX)
    throw err
  }
  if (!keys) throw badRequest('导入文件没有数据 (第 1 行应为表头)')
  return result
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

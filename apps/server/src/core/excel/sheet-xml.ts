import type ExcelJS from 'exceljs'
import { formatDateTime } from '../envelope.js'
import type { ExcelColumn } from './sheet.js'

/**
 * The data rows of an export as sheet XML, written directly: exceljs builds a row model, a cell
 * model per cell, and renders them through its XML stream, which cost most of a 100,000-row export
 * (issue 13). The text is what exceljs's streaming writer writes for the same values (no style,
 * inline `t="str"` strings, its escaping), so a file reads back the same; excel.test.ts compares
 * the two.
 */

/** A cell: dates in the BladeX format, ids (bigints) as text, nothing as an empty cell. */
export function cellOf(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return formatDateTime(value)
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'object') return JSON.stringify(value)
  return value as ExcelJS.CellValue
}

export function columnValue<T>(column: ExcelColumn<T>, row: T): ExcelJS.CellValue {
  return cellOf(column.value ? column.value(row) : (row as Record<string, unknown>)[column.key])
}

/** Column letters as Excel names them: A … Z, AA … */
export function columnLetters(n: number): string {
  let letters = ''
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26))
    letters = String.fromCharCode(65 + ((i - 1) % 26)) + letters
  return letters
}

/** What needs escaping, or removing: XML 1.0 does not allow most control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/

/** exceljs's `xmlEncode`: the five entities, DEL and the control characters XML refuses dropped. */
export function xmlText(text: string): string {
  const first = SPECIAL.exec(text)
  if (!first) return text
  let out = ''
  let last = 0
  for (let i = first.index; i < text.length; i++) {
    const code = text.charCodeAt(i)
    let entity: string
    switch (code) {
      case 34:
        entity = '&quot;'
        break
      case 38:
        entity = '&amp;'
        break
      case 39:
        entity = '&apos;'
        break
      case 60:
        entity = '&lt;'
        break
      case 62:
        entity = '&gt;'
        break
      case 127:
        entity = ''
        break
      default:
        if (code <= 31 && (code <= 8 || (code >= 11 && code !== 13))) {
          entity = ''
          break
        }
        continue
    }
    if (last !== i) out += text.substring(last, i)
    last = i + 1
    out += entity
  }
  return last !== text.length ? out + text.substring(last) : out
}

/** `<c>` of one value at `ref`, as exceljs's CellXform renders an unstyled cell. */
function cellXml(ref: string, value: ExcelJS.CellValue): string {
  switch (typeof value) {
    case 'string':
      return `<c r="${ref}" t="str"><v>${xmlText(value)}</v></c>`
    case 'number':
      return `<c r="${ref}"><v>${xmlText(String(value))}</v></c>`
    case 'boolean':
      return `<c r="${ref}" t="b"><v>${value ? '1' : '0'}</v></c>`
    default:
      // cellOf leaves only strings, numbers and booleans; anything else is written as its text
      return `<c r="${ref}" t="str"><v>${xmlText(String(value))}</v></c>`
  }
}

/** Renders rows one after another from a row number on (the header is row 1). */
export class RowsXml<T> {
  private readonly letters: string[]
  private readonly open: string

  constructor(
    private readonly columns: readonly ExcelColumn<T>[],
    private number: number,
  ) {
    this.letters = columns.map((_, i) => columnLetters(i + 1))
    // exceljs writes the span of the cells a row holds: every column, since no value is left out
    this.open = columns.length
      ? ` spans="1:${columns.length}" x14ac:dyDescent="0.25">`
      : ' x14ac:dyDescent="0.25">'
  }

  /** The `<row>` of the next row. */
  next(row: T): string {
    const n = this.number++
    let xml = `<row r="${n}"${this.open}`
    const { columns, letters } = this
    for (let i = 0; i < columns.length; i++)
      xml += cellXml(`${letters[i]}${n}`, columnValue(columns[i]!, row))
    return `${xml}</row>`
  }
}

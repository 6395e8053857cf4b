import type { PgColumn } from 'drizzle-orm/pg-core'
import { badRequest } from '../errors.js'

/**
 * Typed reading of query-string values. Every value is checked against its column's type here, so a
 * bad value answers 400 naming the parameter instead of reaching PostgreSQL as a failed cast (500).
 */

export type ColumnKind = 'text' | 'integer' | 'number' | 'id' | 'date' | 'boolean'

export function columnKind(column: PgColumn): ColumnKind {
  const type = column.getSQLType().toLowerCase()
  if (type.startsWith('timestamp') || type === 'date') return 'date'
  if (type === 'bigint' || type === 'bigserial') return 'id'
  if (type === 'smallint' || type === 'integer' || type === 'serial' || type === 'smallserial')
    return 'integer'
  if (
    type.startsWith('numeric') ||
    type.startsWith('decimal') ||
    type === 'real' ||
    type.startsWith('double')
  )
    return 'number'
  if (type === 'boolean') return 'boolean'
  return 'text'
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`, in the server's time zone (the zone dates are written in). */
export function parseDateTime(value: string): Date | null {
  const m = DATE.exec(value)
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(y, mo - 1, d, h, mi, s)
  // Date rolls 2024-02-31 over to March: a round trip catches impossible dates
  const same =
    date.getFullYear() === y &&
    date.getMonth() === mo - 1 &&
    date.getDate() === d &&
    date.getHours() === h &&
    date.getMinutes() === mi
  return same ? date : null
}

const INTEGER = /^-?\d{1,15}$/
const ID = /^-?\d{1,19}$/
const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/

/** One value for a column, or 400 naming the query parameter it came from. */
export function readValue(kind: ColumnKind, value: string, param: string): string | number | boolean | Date {
  const wrong = () => badRequest(`查询条件 ${param} 的值格式不正确: ${value.slice(0, 40)}`)
  switch (kind) {
    case 'text':
      return value
    case 'integer':
      if (!INTEGER.test(value)) throw wrong()
      return Number(value)
    case 'number':
      if (!NUMBER.test(value)) throw wrong()
      return Number(value)
    case 'id':
      // bigint ids stay strings: JavaScript numbers lose their low bits
      if (
        !ID.test(value) ||
        BigInt(value) > 9_223_372_036_854_775_807n ||
        BigInt(value) < -9_223_372_036_854_775_808n
      )
        throw wrong()
      return value
    case 'boolean':
      if (value === 'true' || value === '1') return true
      if (value === 'false' || value === '0') return false
      throw wrong()
    case 'date': {
      const date = parseDateTime(value)
      if (!date) throw badRequest(`查询条件 ${param} 的日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`)
      return date
    }
  }
}

/** `%`, `_` and the escape character itself match literally inside a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

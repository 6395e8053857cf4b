import type { Page, R } from '@xpark/contract'

/** BladeX `R.data`: 200 with data; a null payload says so in msg, as BladeX does. */
export function ok<T>(data: T, msg?: string): R<T> {
  return {
    code: 200,
    success: true,
    data,
    msg: msg ?? (data === null || data === undefined ? '暂无承载数据' : '操作成功'),
  }
}

/** BladeX `R.success(msg)`: 200 without data. */
export function success(msg = '操作成功'): R<Record<string, never>> {
  return { code: 200, success: true, data: {}, msg }
}

/** BladeX `R.status(bool)`. */
export function status(done: boolean): R<Record<string, never>> {
  return done ? success() : fail('操作失败')
}

/** BladeX `R.fail(msg)`: body code 400 (the HTTP status is chosen by whoever sends it). */
export function fail(msg: string, code = 400): R<Record<string, never>> {
  return { code, success: false, data: {}, msg }
}

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return {
    records,
    total,
    size,
    current,
    pages: size > 0 ? Math.ceil(total / size) : 0,
    orders: [],
    searchCount: true,
  }
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

/** `yyyy-MM-dd HH:mm:ss` in the server's time zone, the BladeX date format. */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** JSON.stringify replacer for the wire: dates in BladeX format, bigints as strings. */
export function wireReplacer(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key]
  if (raw instanceof Date) return formatDateTime(raw)
  if (typeof value === 'bigint') return value.toString()
  return value
}

export function toWireJson(payload: unknown): string {
  return JSON.stringify(payload, wireReplacer)
}

import { asc, desc, getTableColumns, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { badRequest } from '../errors.js'
import { toCamel } from './filters.js'

/** BladeX `Query`: `current` (1-based), `size`, `ascs`/`descs` comma lists of field names. */

export const DEFAULT_SIZE = 10
export const MAX_SIZE = 1000

export interface Paging {
  current: number
  size: number
  offset: number
}

/** A page order by one unique column alone (the default `id desc`): deep pages can start by keyset. */
export interface Keyset {
  column: PgColumn
  descending: boolean
}

function positive(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback
  const text = Array.isArray(raw) ? undefined : String(raw)
  if (text === undefined || !/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw badRequest(`参数 ${name} 应为正整数`)
  return Number(text)
}

export function readPaging(query: Readonly<Record<string, unknown>>): Paging {
  const current = positive(query.current, 'current', 1)
  const size = positive(query.size, 'size', DEFAULT_SIZE)
  if (size > MAX_SIZE) throw badRequest(`参数 size 不能超过 ${MAX_SIZE}`)
  return { current, size, offset: (current - 1) * size }
}

/**
 * The fields a resource may be sorted by. BladeX cleaned `ascs`/`descs` of odd characters and still
 * put them into SQL (GHSA-62pr-54gv-vg5g); here a name either maps to a declared column or is refused.
 */
export class SortSet {
  private readonly columns = new Map<string, PgColumn>()
  private readonly id: PgColumn | undefined

  constructor(table: PgTable, fields: readonly string[]) {
    const all = getTableColumns(table) as Record<string, PgColumn>
    this.id = all.id
    for (const name of fields) {
      const column = all[name]
      if (!column) throw new Error(`sort ${name}: no such column`)
      this.columns.set(name, column)
    }
    if (this.id) this.columns.set('id', this.id)
  }

  /**
   * ORDER BY for a request: ascs first, then descs (MyBatis-Plus order), then `id desc` so pages are
   * stable when values tie (ids are time-ordered, so the default is newest first).
   */
  orderBy(query: Readonly<Record<string, unknown>>): SQL[] {
    return this.order(query).orderBy
  }

  /** The ORDER BY, and the keyset when the order is by id alone. */
  order(query: Readonly<Record<string, unknown>>): { orderBy: SQL[]; keyset?: Keyset } {
    const out: SQL[] = []
    const seen: string[] = []
    let idDescending = true
    for (const [param, direction] of [
      ['ascs', asc],
      ['descs', desc],
    ] as const) {
      for (const name of listOf(query[param], param)) {
        const key = this.columns.has(name) ? name : toCamel(name)
        const column = this.columns.get(key)
        if (!column) throw badRequest(`不支持的排序字段: ${name}`)
        if (seen.includes(key)) continue
        seen.push(key)
        if (key === 'id') idDescending = direction === desc
        out.push(direction(column))
      }
    }
    if (this.id && !seen.includes('id')) out.push(desc(this.id))
    const byIdAlone = this.id && (seen.length === 0 || (seen.length === 1 && seen[0] === 'id'))
    return this.id && byIdAlone
      ? { orderBy: out, keyset: { column: this.id, descending: idDescending } }
      : { orderBy: out }
  }
}

function listOf(raw: unknown, param: string): string[] {
  if (raw === undefined || raw === null) return []
  if (Array.isArray(raw)) throw badRequest(`参数 ${param} 只能出现一次`)
  return String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

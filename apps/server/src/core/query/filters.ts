import {
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notIlike,
  type SQL,
} from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { badRequest } from '../errors.js'
import { matchedAnywhere } from './forms.js'
import { type ColumnKind, columnKind, escapeLike, readValue } from './values.js'

/**
 * List filters from a per-resource whitelist (spec 01 §5; BladeX `Condition.getQueryWrapper`).
 * Only declared fields ever become SQL, as bound parameters: BladeX built conditions from any
 * parameter name and was injectable through it (SpringBlade#9, #28, #32).
 */

/** The operators a resource may declare for a field's bare parameter (`paramName=…`). */
export type Operator = 'eq' | 'ne' | 'like' | 'gt' | 'ge' | 'lt' | 'le' | 'in'
/**
 * A filter field, long form. `index: 'trigram'` asks for a pg_trgm GIN index on the column, so a
 * contains-search (`like`) does not scan the tenant: the table's `tenantIndexes(…, filters)`
 * (db/columns.ts) creates it, and `defineResource` refuses a declaration whose table lacks it.
 */
export interface FilterField {
  op: Operator
  index?: 'trigram'
}
export type FilterSpec = Readonly<Record<string, Operator | FilterField>>

/** The long form of a declared filter. */
export function filterField(spec: Operator | FilterField): FilterField {
  return typeof spec === 'string' ? { op: spec } : spec
}

/** The fields of a spec that ask for a trigram index. */
export function trigramFields(spec: FilterSpec): string[] {
  return Object.entries(spec)
    .filter(([, f]) => filterField(f).index === 'trigram')
    .map(([name]) => name)
}

type Op = Operator | 'notlike' | 'likeleft' | 'likeright' | 'null' | 'notnull'

/** BladeX `SqlKeyword` suffixes; the `date*` ones only on date columns. */
const SUFFIXES: Readonly<Record<string, { op: Op; date?: true }>> = {
  equal: { op: 'eq' },
  notequal: { op: 'ne' },
  like: { op: 'like' },
  notlike: { op: 'notlike' },
  likeleft: { op: 'likeleft' },
  likeright: { op: 'likeright' },
  gt: { op: 'gt' },
  ge: { op: 'ge' },
  lt: { op: 'lt' },
  le: { op: 'le' },
  in: { op: 'in' },
  null: { op: 'null' },
  notnull: { op: 'notnull' },
  dategt: { op: 'gt', date: true },
  datege: { op: 'ge', date: true },
  datelt: { op: 'lt', date: true },
  datele: { op: 'le', date: true },
  dateequal: { op: 'eq', date: true },
}
const SUFFIXED = new RegExp(`^(.+?)_(${[...Object.keys(SUFFIXES), 'ignore'].join('|')})$`)

/** Paging, sorting and the token are not filters. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  'current',
  'size',
  'ascs',
  'descs',
  'blade-auth',
])

const MAX_IN = 1000
/** A contains-search through a trigram index: its matches are read as a set, not by an order walk. */
const anywhere = (field: Field, condition: SQL): SQL =>
  field.trigram ? matchedAnywhere(condition) : condition

const LIKE_OPS: ReadonlySet<Op> = new Set(['like', 'notlike', 'likeleft', 'likeright'])

interface Field {
  column: PgColumn
  kind: ColumnKind
  op: Operator
  /** a pg_trgm index answers its contains-searches */
  trigram: boolean
}

/** A resource's filters, checked against its table once, when the resource is declared. */
export class FilterSet {
  private readonly fields = new Map<string, Field>()

  constructor(table: PgTable, spec: FilterSpec) {
    const columns = getTableColumns(table) as Record<string, PgColumn>
    for (const [name, declared] of Object.entries(spec)) {
      const { op, index } = filterField(declared)
      const column = columns[name]
      if (!column) throw new Error(`filter ${name}: no such column`)
      const kind = columnKind(column)
      if (op === 'like' && kind !== 'text') throw new Error(`filter ${name}: like needs a text column`)
      if (index === 'trigram' && kind !== 'text')
        throw new Error(`filter ${name}: a trigram index needs a text column`)
      this.fields.set(name, { column, kind, op, trigram: index === 'trigram' })
    }
  }

  names(): string[] {
    return [...this.fields.keys()]
  }

  kindOf(name: string): ColumnKind | undefined {
    return this.fields.get(name)?.kind
  }

  opOf(name: string): Operator | undefined {
    return this.fields.get(name)?.op
  }

  /** WHERE conditions for a request's query parameters; unknown parameters are ignored. */
  conditions(query: Readonly<Record<string, unknown>>): SQL[] {
    const out: SQL[] = []
    for (const [param, raw] of Object.entries(query)) {
      if (RESERVED_PARAMS.has(param)) continue
      const target = this.resolve(param)
      if (!target) continue
      const value = textOf(raw, param)
      if (value === null) continue // spec §5: empty search values are dropped
      out.push(this.condition(target.field, target.op, target.date, value, param))
    }
    return out
  }

  /** The field and operator a parameter names, null when the parameter is none of ours. */
  private resolve(param: string): { field: Field; op: Op; date: boolean } | null {
    const bare = this.fields.get(param)
    if (bare) return { field: bare, op: bare.op, date: false }
    const m = SUFFIXED.exec(param)
    if (!m) return null
    const [, name, suffix] = m as unknown as [string, string, string]
    if (suffix === 'ignore') return null
    // snake_case names are accepted too: MyBatis-era clients send column names
    const field = this.fields.get(name) ?? this.fields.get(toCamel(name))
    if (!field) throw badRequest(`不支持的查询条件: ${param}`)
    const { op, date } = SUFFIXES[suffix]!
    return { field, op, date: date === true }
  }

  private condition(field: Field, op: Op, date: boolean, value: string, param: string): SQL {
    const { column, kind } = field
    if (date && kind !== 'date') throw badRequest(`查询条件 ${param} 只能用于日期字段`)
    if (LIKE_OPS.has(op) && kind !== 'text') throw badRequest(`查询条件 ${param} 不支持模糊匹配`)
    const one = () => readValue(kind, value, param)
    switch (op) {
      case 'eq':
        return eq(column, one())
      case 'ne':
        return ne(column, one())
      case 'gt':
        return gt(column, one())
      case 'ge':
        return gte(column, one())
      case 'lt':
        return lt(column, one())
      case 'le':
        return lte(column, one())
      case 'like':
        return anywhere(field, ilike(column, `%${escapeLike(value)}%`))
      case 'notlike':
        return notIlike(column, `%${escapeLike(value)}%`)
      case 'likeleft':
        return anywhere(field, ilike(column, `%${escapeLike(value)}`))
      case 'likeright':
        return ilike(column, `${escapeLike(value)}%`)
      case 'null':
        return isNull(column)
      case 'notnull':
        return isNotNull(column)
      case 'in': {
        const items = value.split(',').filter((v) => v.trim() !== '')
        if (items.length > MAX_IN) throw badRequest(`查询条件 ${param} 最多 ${MAX_IN} 个值`)
        return inArray(
          column,
          items.map((v) => readValue(kind, v, param)),
        )
      }
    }
  }
}

/** A parameter's text, or null when it is empty (BladeX clients send `''` for an unset search box). */
function textOf(raw: unknown, param: string): string | null {
  if (raw === undefined || raw === null) return null
  if (Array.isArray(raw)) throw badRequest(`查询条件 ${param} 只能出现一次`)
  const value = typeof raw === 'string' ? raw : String(raw)
  return value.trim() === '' ? null : value
}

export function toCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

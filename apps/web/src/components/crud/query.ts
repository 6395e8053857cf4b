import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Page } from '@xpark/contract'
import type { Dayjs } from 'dayjs'
import { getData, postData } from '@/api/http'
import type { Query } from '@/api/httpCore'
import { website } from '@/config'
import type { CrudColumn, CrudResource, Operator } from './types'

/** Query suffixes of the BladeX wire format, per operator. */
export const operatorSuffix: Record<Operator, string> = {
  eq: '_equal',
  ne: '_notequal',
  like: '_like',
  gt: '_gt',
  ge: '_ge',
  lt: '_lt',
  le: '_le',
  in: '_in',
}

export const operators = Object.keys(operatorSuffix) as Operator[]

/** A filter-drawer condition. */
export interface Condition {
  prop: string
  symbol: Operator
  value: string
}

export interface Sort {
  field: string
  order: 'ascend' | 'descend'
}

export const PAGE_SIZES = {
  default: website.pageSizeOptions as readonly number[],
  long: [10, 30, 50, 100, 200] as readonly number[],
}

export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss'

export const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0)

/** Empty search values are dropped from the query (spec 01 §5). */
export function dropEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmpty(v))) as Partial<T>
}

/**
 * Search-form values and drawer conditions as query parameters: bare `prop=` or `prop_<suffix>=`,
 * date ranges as `<dateField>_dategt` / `_datelt` (yyyy-MM-dd HH:mm:ss), empty values dropped.
 */
export function toQuery<T extends object>(
  columns: CrudColumn<T>[],
  search: Record<string, unknown>,
  conditions: Condition[],
  dateField = 'createTime',
): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  const byProp = new Map(columns.map((c) => [c.prop as string, c]))
  for (const [prop, value] of Object.entries(dropEmpty(search))) {
    const column = byProp.get(prop)
    if (column?.search === 'dateRange') {
      const [from, to] = value as [Dayjs | null, Dayjs | null]
      if (from) out[`${dateField}_dategt`] = from.format(DATE_FORMAT)
      if (to) out[`${dateField}_datelt`] = to.format(DATE_FORMAT)
      continue
    }
    const text = typeof value === 'string' ? value.trim() : (value as string | number)
    const key = column?.searchOperator ? `${prop}${operatorSuffix[column.searchOperator]}` : prop
    out[key] = Array.isArray(text) ? text.join(',') : text
  }
  for (const c of conditions) {
    if (isEmpty(c.prop) || isEmpty(c.value)) continue
    const value =
      c.symbol === 'in'
        ? c.value
            .split(/[,，]/)
            .map((s) => s.trim())
            .filter(Boolean)
            .join(',')
        : c.value
    out[`${c.prop}${operatorSuffix[c.symbol]}`] = value
  }
  return out
}

export function sortQuery(sort: Sort | undefined): Query {
  if (!sort) return {}
  return sort.order === 'ascend' ? { ascs: sort.field } : { descs: sort.field }
}

/**
 * Query keys of resources: `['crud', code, …]`. A write invalidates its resource's keys and every
 * query whose `meta.shows` names it (a list showing another resource's names), so every list that
 * shows the resource refreshes. One factory for every screen.
 */
export const crudKeys = {
  all: (code: string) => ['crud', code] as const,
  of: (code: string, ...rest: unknown[]) => ['crud', code, ...rest] as const,
}

export const resourceCode = (resource: Pick<CrudResource<object>, 'queryCode' | 'path'>) =>
  resource.queryCode ?? resource.path

/** Refresh everything that shows this resource. */
export function invalidateResource(client: QueryClient, code: string): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) =>
      // a screen's own lookups keyed by the resource's path (`[path, 'select']`) refresh too
      q.queryKey[0] === code ||
      (q.queryKey[0] === 'crud' &&
        (q.queryKey[1] === code || ((q.meta?.shows as readonly string[] | undefined) ?? []).includes(code))),
  })
}

/**
 * A list route of a resource: a name under its path (`page`, `list`), or an absolute `/x/y` as a
 * contract may declare it (the spec puts some pages elsewhere, as the alarm records' page under the alarm controller).
 */
export function listUrl(resource: Pick<CrudResource<object>, 'path'>, route: string): string {
  return route.startsWith('/') ? route.slice(1) : `${resource.path}/${route}`
}

/** The list call of one resource: paged, or the whole (or one level of a) tree. */
export function listQuery<T extends object>(
  resource: CrudResource<T>,
  page: { current: number; size: number },
  params: Query,
) {
  const tree = resource.tree
  return queryOptions({
    queryKey: crudKeys.of(
      resourceCode(resource),
      tree ? `tree:${tree.listPath ?? 'list'}` : (resource.pagePath ?? 'page'),
      tree ? {} : page,
      params,
    ),
    meta: { shows: resource.shows ?? [] },
    queryFn: async (): Promise<{ records: T[]; total: number }> => {
      if (tree) {
        const rows = await getData<T[] | Page<T>>(listUrl(resource, tree.listPath ?? 'list'), params)
        return Array.isArray(rows) ? { records: rows, total: rows.length } : rows
      }
      const p = await getData<Page<T>>(listUrl(resource, resource.pagePath ?? 'page'), {
        ...page,
        ...params,
      })
      return { records: p?.records ?? [], total: p?.total ?? 0 }
    },
    // the old rows stay on screen while the next page loads
    placeholderData: keepPreviousData,
  })
}

type Routed = Pick<CrudResource<object>, 'path' | 'routes'>

/** Where a dialog's save goes: `submit`, or a resource's separate insert and update calls. */
export function submitUrl(r: Routed, body: object): string {
  const id = (body as { id?: unknown }).id
  const editing = id !== undefined && id !== null && id !== ''
  if (r.routes?.submit) return r.routes.submit
  if (editing && r.routes?.update) return r.routes.update
  if (!editing && r.routes?.save) return r.routes.save
  return `${r.path}/submit`
}

export const crudApi = {
  detail: <T>(r: Routed, id: string) =>
    getData<T>(r.routes?.detail ?? `${r.path}/detail`, { [r.routes?.detailParam ?? 'id']: id }),
  /** insert without an id, update with one (to `save` / `update` when the resource has no `submit`) */
  submit: (r: Routed, body: object) => postData<unknown>(submitUrl(r, body), undefined, body),
  remove: (r: Routed, ids: string[]) =>
    postData<unknown>(r.routes?.remove ?? `${r.path}/remove`, {
      [r.routes?.removeParam ?? 'ids']: ids.join(','),
    }),
}

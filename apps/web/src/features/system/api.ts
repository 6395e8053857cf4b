import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Page } from '@xpark/contract'
import { getData, postData } from '@/api/http'

/** `blade_param` row as the API serialises it. */
export interface Param {
  id: string
  paramName: string
  paramKey: string
  paramValue: string
  remark?: string
}

export type ParamForm = Omit<Param, 'id'> & { id?: string }

export interface ParamFilter {
  paramName?: string
  paramKey?: string
}

/** Empty search values are dropped from the query (spec 01 §5). */
export function dropEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== ''),
  ) as Partial<T>
}

const base = 'blade-system/param'

export const paramPageQuery = (current: number, size: number, filter: ParamFilter) =>
  queryOptions({
    queryKey: [base, 'page', current, size, filter],
    queryFn: () => getData<Page<Param>>(`${base}/page`, { current, size, ...dropEmpty({ ...filter }) }),
    // keep the old rows on screen while the next page loads
    placeholderData: keepPreviousData,
  })

export const paramDetail = (id: string) => getData<Param>(`${base}/detail`, { id })

/** Insert when there is no id, update otherwise. */
export const paramSubmit = (form: ParamForm) => postData<unknown>(`${base}/submit`, undefined, form)

export const paramRemove = (ids: string[]) => postData<unknown>(`${base}/remove`, { ids: ids.join(',') })

export const paramKeys = { all: [base] as const }

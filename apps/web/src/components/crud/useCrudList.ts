import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Key } from 'react'
import { useCallback, useMemo, useState } from 'react'
import type { Query } from '@/api/httpCore'
import {
  type Condition,
  invalidateResource,
  listQuery,
  resourceCode,
  type Sort,
  sortQuery,
  toQuery,
} from './query'
import type { CrudResource } from './types'

const NO_SELECTION = { keys: [], rows: [] }

/**
 * Paging, search, drawer conditions, sort and selection of one CrudPage. All of it is component
 * state changed only by the user's actions (no effect resets any of it), so a keep-alive tab comes
 * back exactly as it was left.
 */
export function useCrudList<T extends object>(resource: CrudResource<T>, extra?: Query) {
  const queryClient = useQueryClient()
  const [page, setPage] = useState({ current: 1, size: resource.pageSize ?? 10 })
  const [search, setSearchState] = useState<Record<string, unknown>>({})
  const [conditions, setConditionsState] = useState<Condition[]>([])
  const [sort, setSort] = useState<Sort | undefined>()
  const [selection, setSelection] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] })

  // outside filters (a tree beside the table): a change starts again from page 1, adjusted while
  // rendering (no effect), as a new search does
  const extraKey = JSON.stringify(extra ?? {})
  const [seenExtra, setSeenExtra] = useState(extraKey)
  if (seenExtra !== extraKey) {
    setSeenExtra(extraKey)
    setPage((p) => ({ ...p, current: 1 }))
    setSelection(NO_SELECTION)
  }
  const params = useMemo(
    () => ({
      ...extra,
      ...toQuery(resource.columns, search, conditions, resource.dateField),
      ...sortQuery(sort),
    }),
    [extra, resource.columns, resource.dateField, search, conditions, sort],
  )
  const query = useQuery(listQuery(resource, page, params))

  // the same state when nothing is ticked: a new object would re-render the toolbar and the table
  const clearSelection = useCallback(
    () => setSelection((s) => (s.keys.length || s.rows.length ? NO_SELECTION : s)),
    [],
  )
  /** a new search (submit, reset or date range) starts again from page 1 */
  const setSearch = useCallback(
    (values: Record<string, unknown>) => {
      setSearchState(values)
      setPage((p) => ({ ...p, current: 1 }))
      clearSelection()
    },
    [clearSelection],
  )
  const setConditions = useCallback(
    (next: Condition[]) => {
      setConditionsState(next)
      setPage((p) => ({ ...p, current: 1 }))
      clearSelection()
    },
    [clearSelection],
  )
  /**
   * A new page size starts from page 1. The request leaves before React renders the change, so it
   * overlaps that render instead of following it.
   */
  const changePage = useCallback(
    (current: number, size: number) => {
      const next = { current: size === page.size ? current : 1, size }
      void queryClient.prefetchQuery(listQuery(resource, next, params))
      setPage(next)
    },
    [queryClient, resource, page.size, params],
  )
  const refresh = useCallback(
    () => void invalidateResource(queryClient, resourceCode(resource)),
    [queryClient, resource],
  )

  return {
    page,
    changePage,
    search,
    setSearch,
    conditions,
    setConditions,
    sort,
    setSort,
    selection,
    setSelection,
    clearSelection,
    query,
    refresh,
  }
}

import { useQuery } from '@tanstack/react-query'
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import type { Condition } from './query'
import { plainValues, savedViews } from './savedViews'

interface ListState {
  search: Record<string, unknown>
  conditions: Condition[]
  setSearch: (values: Record<string, unknown>) => void
  setConditions: (next: Condition[]) => void
}

/**
 * A list's saved views (the reports' slot, savedViews.ts): the toolbar's 保存为报表 with the list's
 * search, conditions and shown columns, and the view the address names (`?report=<id>`) applied once
 * it has loaded — the search form shows its values, the table its columns. The rows are the opener's:
 * the list is asked again with their token.
 */
export function useSavedView(
  list: ListState,
  props: readonly string[],
  prefs: { order: readonly string[]; hidden: ReadonlySet<string> },
) {
  const slot = savedViews()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const id = params.get('report')
  const saved = useQuery({
    queryKey: ['saved-view', id],
    queryFn: () => slot!.load(id!),
    enabled: Boolean(slot && id),
  })
  const [applied, setApplied] = useState<{
    id: string
    search: Record<string, unknown>
    columns?: string[]
  }>()
  const { setSearch, setConditions } = list
  useEffect(() => {
    if (!id || !saved.data || applied?.id === id) return
    const filters = saved.data.filters ?? {}
    const search = (filters.search ?? {}) as Record<string, unknown>
    setSearch(search)
    setConditions(Array.isArray(filters.conditions) ? (filters.conditions as Condition[]) : [])
    // columns the screen no longer has are left out
    const columns = saved.data.columns?.filter((c) => props.includes(c))
    setApplied({ id, search, columns: columns?.length ? columns : undefined })
  }, [id, saved.data, applied, setSearch, setConditions, props])

  const columns = applied?.columns
  const order = useMemo(
    () => (columns ? [...columns, ...props.filter((p) => !columns.includes(p))] : [...prefs.order]),
    [columns, props, prefs.order],
  )
  const hidden = useMemo(
    () => (columns ? new Set(props.filter((p) => !columns.includes(p))) : prefs.hidden),
    [columns, props, prefs.hidden],
  )
  // kept while the list only pages: the toolbar holding it is built once (issue 13)
  const shownKey = order.filter((p) => !hidden.has(p)).join(',')
  const Save = slot?.Save
  const { search, conditions } = list
  const saveTool: ReactNode = useMemo(
    () =>
      Save ? (
        // the slot's control may load lazily: the list does not wait for it
        <Suspense fallback={null}>
          <Save
            path={pathname}
            view={{
              filters: { search: plainValues(search), conditions },
              columns: shownKey ? shownKey.split(',') : [],
            }}
          />
        </Suspense>
      ) : null,
    [Save, pathname, search, conditions, shownKey],
  )
  return { saveTool, searchValues: applied?.search, order, hidden }
}

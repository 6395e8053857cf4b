import { useMemo, useState } from 'react'
import type { Condition } from './query'
import { plainValues } from './savedViews'
import { useSavedViewSlot } from './useSavedViewSlot'

interface ListState {
  search: Record<string, unknown>
  conditions: Condition[]
  setSearch: (values: Record<string, unknown>) => void
  setConditions: (next: Condition[]) => void
}

/**
 * A list's saved views (useSavedViewSlot): the toolbar's 保存为报表 with the list's search, conditions
 * and shown columns, and the view `?report=<id>` names applied once it has loaded — the search form
 * shows its values, the table its columns. The rows are the opener's: the list is asked again with
 * their token.
 */
export function useSavedView(
  list: ListState,
  props: readonly string[],
  prefs: { order: readonly string[]; hidden: ReadonlySet<string> },
) {
  const [restored, setRestored] = useState<{ search: Record<string, unknown>; columns?: string[] }>()
  const columns = restored?.columns
  const order = useMemo(
    () => (columns ? [...columns, ...props.filter((p) => !columns.includes(p))] : [...prefs.order]),
    [columns, props, prefs.order],
  )
  const hidden = useMemo(
    () => (columns ? new Set(props.filter((p) => !columns.includes(p))) : prefs.hidden),
    [columns, props, prefs.hidden],
  )
  // kept while the list only pages: the toolbar holding the control is built once (issue 13)
  const shownKey = order.filter((p) => !hidden.has(p)).join(',')
  const { search, conditions, setSearch, setConditions } = list
  const view = useMemo(
    () => ({
      filters: { search: plainValues(search), conditions },
      columns: shownKey ? shownKey.split(',') : [],
    }),
    [search, conditions, shownKey],
  )
  const { saveTool } = useSavedViewSlot(view, (saved) => {
    const filters = saved.filters ?? {}
    const values = (filters.search ?? {}) as Record<string, unknown>
    setSearch(values)
    setConditions(Array.isArray(filters.conditions) ? (filters.conditions as Condition[]) : [])
    // columns the screen no longer has are left out
    const kept = saved.columns?.filter((c) => props.includes(c))
    setRestored({ search: values, columns: kept?.length ? kept : undefined })
  })
  return { saveTool, searchValues: restored?.search, order, hidden }
}

import { useQuery } from '@tanstack/react-query'
import dayjs, { type Dayjs } from 'dayjs'
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { savedViews } from '@/components/crud/savedViews'

/**
 * A dashboard's saved views (the reports' slot, components/crud/savedViews.ts): 保存为报表 keeps its
 * range and filter values; opened as `?report=<id>` it shows that range and those filters, read again
 * as the opener.
 */
export function useDashboardView(
  params: Record<string, string>,
  setRange: (range: [Dayjs, Dayjs]) => void,
  setFilters: (filters: Record<string, string>) => void,
) {
  const slot = savedViews()
  const { pathname } = useLocation()
  const [search] = useSearchParams()
  const id = search.get('report')
  const saved = useQuery({
    queryKey: ['saved-view', id],
    queryFn: () => slot!.load(id!),
    enabled: Boolean(slot && id),
  })
  const [applied, setApplied] = useState<string>()
  useEffect(() => {
    if (!id || !saved.data || applied === id) return
    const { startTime, endTime, ...rest } = (saved.data.filters ?? {}) as Record<string, unknown>
    if (typeof startTime === 'string' && typeof endTime === 'string' && dayjs(startTime).isValid())
      setRange([dayjs(startTime), dayjs(endTime)])
    setFilters(
      Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >,
    )
    setApplied(id)
  }, [id, saved.data, applied, setRange, setFilters])

  const Save = slot?.Save
  const saveTool: ReactNode = useMemo(
    () =>
      Save ? (
        <Suspense fallback={null}>
          <Save path={pathname} view={{ filters: params }} />
        </Suspense>
      ) : null,
    [Save, pathname, params],
  )
  /** changes when a saved view was applied: the filter inputs start again from its values */
  return { saveTool, restored: applied ?? '' }
}

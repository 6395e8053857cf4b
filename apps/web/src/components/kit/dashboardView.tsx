import dayjs, { type Dayjs } from 'dayjs'
import { useMemo } from 'react'
import { useSavedViewSlot } from '@/components/crud/useSavedViewSlot'

/**
 * A dashboard's saved views (useSavedViewSlot): 保存为报表 keeps its range and filter values; opened as
 * `?report=<id>` it shows that range and those filters, read again as the opener.
 */
export function useDashboardView(
  params: Record<string, string>,
  setRange: (range: [Dayjs, Dayjs]) => void,
  setFilters: (filters: Record<string, string>) => void,
) {
  const view = useMemo(() => ({ filters: params }), [params])
  const { saveTool, applied } = useSavedViewSlot(view, (saved) => {
    const { startTime, endTime, ...rest } = (saved.filters ?? {}) as Record<string, unknown>
    if (typeof startTime === 'string' && typeof endTime === 'string' && dayjs(startTime).isValid())
      setRange([dayjs(startTime), dayjs(endTime)])
    setFilters(
      Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >,
    )
  })
  /** changes when a saved view was applied: the filter inputs start again from its values */
  return { saveTool, restored: applied }
}

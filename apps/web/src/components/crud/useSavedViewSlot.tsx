import { useQuery } from '@tanstack/react-query'
import { type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { type SavedView, savedViews } from './savedViews'

/**
 * The saved-view slot (savedViews.ts) for one screen, lists and dashboards alike: the slot's 保存为报表
 * control handed the screen's path and `view` (memoised by the caller: the control is rebuilt only
 * when the view changes), and the view the address names (`?report=<id>`), handed once to `apply`
 * when it has loaded. `applied` is that id ('' before): inputs that keep their own value start again
 * from the applied one.
 */
export function useSavedViewSlot(view: SavedView, apply: (saved: SavedView) => void) {
  const slot = savedViews()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const id = params.get('report')
  const saved = useQuery({
    queryKey: ['saved-view', id],
    queryFn: () => slot!.load(id!),
    enabled: Boolean(slot && id),
  })
  const [applied, setApplied] = useState('')
  // the latest `apply`, so a caller need not keep it stable
  const applyRef = useRef(apply)
  applyRef.current = apply
  useEffect(() => {
    if (!id || !saved.data || applied === id) return
    applyRef.current(saved.data)
    setApplied(id)
  }, [id, saved.data, applied])

  const Save = slot?.Save
  const saveTool: ReactNode = useMemo(
    () =>
      Save ? (
        // the slot's control may load lazily: the screen does not wait for it
        <Suspense fallback={null}>
          <Save path={pathname} view={view} />
        </Suspense>
      ) : null,
    [Save, pathname, view],
  )
  return { saveTool, applied }
}

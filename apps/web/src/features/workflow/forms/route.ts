import { matchPath, useLocation } from 'react-router'
import { useTabRoute } from '@/components/tabRoute'

/**
 * A framed page's route: its tab's (a hidden keep-alive tab keeps its own), else the address bar's.
 * `param` is the pattern's one named segment, decoded; `query` the search parameters.
 */
export function usePageRoute(pattern: string, name: string): { param: string; query: URLSearchParams } {
  const tab = useTabRoute()
  const location = useLocation()
  const path = tab.path || location.pathname
  const search = tab.path ? tab.search : location.search
  const raw = matchPath(pattern, path)?.params[name] ?? ''
  let param = raw
  try {
    param = decodeURIComponent(raw)
  } catch {
    // a malformed escape: the segment as it came
  }
  return {
    param,
    query: new URLSearchParams(search),
  }
}

import { matchPath } from 'react-router'
import { useTabRoute } from '@/components/tabRoute'

/**
 * A framed screen's path parameter (`/workflow/design/process/:id`), read from the tab it was opened
 * in: a hidden keep-alive tab keeps its own route, not the address bar's.
 */
export function usePathParam(pattern: string, name: string): string {
  const { path } = useTabRoute()
  const match = matchPath(pattern, path)
  return decodeURIComponent(match?.params[name] ?? '')
}

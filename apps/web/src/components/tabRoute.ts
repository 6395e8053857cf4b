import { createContext, useContext } from 'react'

/**
 * The route a tab was opened with. A hidden keep-alive tab must keep reading its own route, not the
 * address bar (which belongs to the visible tab), so screens read their query from here.
 */
export interface TabRoute {
  path: string
  search: string
}

export const TabRouteContext = createContext<TabRoute>({ path: '', search: '' })

export const useTabRoute = () => useContext(TabRouteContext)

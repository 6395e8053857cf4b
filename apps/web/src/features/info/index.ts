import { lazy } from 'react'

/** The signed-in user's own pages (reached from the user menu, not from the menu tree). */
export const infoScreens = {
  '/info/index': lazy(() => import('./ProfilePage')),
}

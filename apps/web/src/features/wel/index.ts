import { lazy } from 'react'

/** Home screens. */
export const welScreens = {
  '/wel/index': lazy(() => import('./WelcomePage')),
  // the seeded (hidden) 工作台 menu: the same home page, so a link or shortcut to it does not 404
  '/wel/dashboard': lazy(() => import('./WelcomePage')),
}

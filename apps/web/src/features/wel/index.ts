import { lazy } from 'react'

/** Home screens. */
export const welScreens = {
  '/wel/index': lazy(() => import('./WelcomePage')),
}

import { lazy } from 'react'

/** Screens of the system module, by menu path. */
export const systemScreens = {
  '/system/param': lazy(() => import('./ParamPage')),
}

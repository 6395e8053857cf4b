import { lazy } from 'react'

/** Screens of the base-data module, by menu path. */
export const baseScreens = {
  '/base/region': lazy(() => import('./RegionPage')),
}

import { lazy } from 'react'

/** Screens of the app module (the mobile app's releases and splash pages), by menu path. */
export const appScreens = {
  '/app/info': lazy(() => import('./AppInfoPage')),
  '/app/startup': lazy(() => import('./AppStartupPage')),
}

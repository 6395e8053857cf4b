import { lazy } from 'react'

/** Screens of the monitor module (logs), by menu path. */
export const monitorScreens = {
  '/monitor/log/usual': lazy(() => import('./UsualLogPage')),
  '/monitor/log/api': lazy(() => import('./ApiLogPage')),
  '/monitor/log/error': lazy(() => import('./ErrorLogPage')),
}

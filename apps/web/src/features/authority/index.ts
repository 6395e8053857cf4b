import { lazy } from 'react'

/** Screens of the authority module (data scopes, API scopes), by menu path. */
export const authorityScreens = {
  '/authority/datascope': lazy(() => import('./DataScopePage')),
  '/authority/apiscope': lazy(() => import('./ApiScopePage')),
}

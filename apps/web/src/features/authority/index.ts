import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Authority: data scopes and API scopes (rules granted to roles). */
export default defineFeature({
  name: 'authority',
  screens: {
    '/authority/datascope': lazy(() => import('./DataScopePage')),
    '/authority/apiscope': lazy(() => import('./ApiScopePage')),
  },
})

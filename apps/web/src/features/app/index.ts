import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** The mobile app's releases and splash pages. */
export default defineFeature({
  name: 'app',
  screens: {
    '/app/info': lazy(() => import('./AppInfoPage')),
    '/app/startup': lazy(() => import('./AppStartupPage')),
  },
})

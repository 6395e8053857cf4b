import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Basic settings: the administrative regions. */
export default defineFeature({
  name: 'base',
  screens: {
    '/base/region': lazy(() => import('./RegionPage')),
  },
})

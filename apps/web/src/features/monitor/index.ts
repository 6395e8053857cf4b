import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Monitoring: the usual, API and error logs. */
export default defineFeature({
  name: 'monitor',
  screens: {
    '/monitor/log/usual': lazy(() => import('./UsualLogPage')),
    '/monitor/log/api': lazy(() => import('./ApiLogPage')),
    '/monitor/log/error': lazy(() => import('./ErrorLogPage')),
  },
})

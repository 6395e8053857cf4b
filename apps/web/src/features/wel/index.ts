import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Home screens. */
export default defineFeature({
  name: 'wel',
  screens: {
    '/wel/index': lazy(() => import('./WelcomePage')),
    // the seeded (hidden) 工作台 menu: the same home page, so a link or shortcut to it does not 404
    '/wel/dashboard': lazy(() => import('./WelcomePage')),
  },
})

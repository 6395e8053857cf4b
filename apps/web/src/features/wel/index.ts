import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Home screens: the home page, its configuration per role, and its shortcuts card. */
export default defineFeature({
  name: 'wel',
  screens: {
    '/wel/index': lazy(() => import('./WelcomePage')),
    // the seeded (hidden) 工作台 menu: the same home page, so a link or shortcut to it does not 404
    '/wel/dashboard': lazy(() => import('./WelcomePage')),
    '/home-page-configuration/index': lazy(() => import('./HomeConfigPage')),
  },
  menuNames: { home_page_config: 'Home page configuration' },
  slots: {
    homeCards: {
      shortcuts: {
        title: 'wel.shortcuts',
        component: lazy(() => import('./ShortcutsCard')),
        byDefault: true,
        sort: 30,
      },
    },
  },
})

import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** The signed-in user's own pages (reached from the user menu, not from the menu tree). */
export default defineFeature({
  name: 'info',
  screens: {
    '/info/index': lazy(() => import('./ProfilePage')),
  },
})

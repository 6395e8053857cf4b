import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** The desk: notices and shortcuts, and the home page's latest notices card. */
export default defineFeature({
  name: 'desk',
  screens: {
    '/desk/notice': lazy(() => import('./NoticePage')),
    '/desk/shortcut': lazy(() => import('./ShortcutPage')),
  },
  slots: {
    homeCards: {
      latestNotices: {
        title: 'notice.latest',
        component: lazy(() => import('./LatestNoticesCard')),
        byDefault: true,
        sort: 20,
      },
    },
  },
})

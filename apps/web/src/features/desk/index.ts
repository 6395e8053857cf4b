import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** The desk: notices and shortcuts. */
export default defineFeature({
  name: 'desk',
  screens: {
    '/desk/notice': lazy(() => import('./NoticePage')),
    '/desk/shortcut': lazy(() => import('./ShortcutPage')),
  },
})

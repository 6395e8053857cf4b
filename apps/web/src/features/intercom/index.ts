import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** The wireless intercom dispatch console (spec 01 §2; issue 12): screens load with their chunk. */
export default defineFeature({
  name: 'intercom',
  screens: {
    '/intercom/console': lazy(() => import('./Console')),
    '/intercom/auth': lazy(() => import('./AuthInfoPage')),
  },
  menuNames: {
    intercom: 'Wireless intercom',
    intercom_console: 'Dispatch console',
    wirelessauth: 'Dispatcher account',
  },
})

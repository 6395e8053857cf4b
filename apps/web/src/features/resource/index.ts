import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Resources (blade-resource): object storage, SMS settings, attachments. */
export default defineFeature({
  name: 'resource',
  screens: {
    '/resource/oss': lazy(() => import('./OssPage')),
    '/resource/sms': lazy(() => import('./SmsPage')),
    '/resource/attach': lazy(() => import('./AttachPage')),
  },
})

import { lazy } from 'react'

/** Screens of the resource module (blade-resource), by menu path. */
export const resourceScreens = {
  '/resource/oss': lazy(() => import('./OssPage')),
  '/resource/sms': lazy(() => import('./SmsPage')),
  '/resource/attach': lazy(() => import('./AttachPage')),
}

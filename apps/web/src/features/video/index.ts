import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** Video (issue 28; spec 02 §2): live tiles with PTZ and snapshots, and recordings played back. */
export default defineFeature({
  name: 'video',
  screens: {
    '/video/live': lazy(() => import('./LivePage')),
    '/video/playback': lazy(() => import('./PlaybackPage')),
  },
  menuNames: {
    video: 'Video',
    video_live: 'Live video',
    video_playback: 'Playback',
  },
})

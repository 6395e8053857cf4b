import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/** The message centre: its screen, the top bar's link and popover, the home page's unread card. */
export default defineFeature({
  name: 'message',
  screens: {
    '/message-center/index': lazy(() => import('./MessageCenterPage')),
    '/meeting/scene-log': crudScreen(() => import('./sceneLog')),
  },
  menuNames: { message_center: 'Message centre', scene_log: 'Scene log' },
  slots: {
    topBar: [lazy(() => import('./TopBarMessages'))],
    homeCards: {
      unreadMessages: {
        title: 'message.card.unread',
        component: lazy(() => import('./UnreadCard')),
        byDefault: true,
        sort: 10,
      },
    },
  },
})

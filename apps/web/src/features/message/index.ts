import { lazy } from 'react'
import { defineFeature } from '@/components/kit'

/** The message centre: its screen, the top bar's link and popover, the home page's unread card. */
export default defineFeature({
  name: 'message',
  screens: {
    '/message-center/index': lazy(() => import('./MessageCenterPage')),
  },
  menuNames: { message_center: 'Message centre' },
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

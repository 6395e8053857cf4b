import { lazy } from 'react'
import { crudScreen, defineFeature, treeListScreen } from '@/components/kit'

/** Meetings (spec 02 §7): rooms, meetings, sign-in, templates, meeting machines, scenes, linkage, the scene log. */
export default defineFeature({
  name: 'meeting',
  screens: {
    '/meeting/room': lazy(() => import('./RoomsPage')),
    '/meeting/list': lazy(() => import('./MeetingsPage')),
    '/meeting/sign': lazy(() => import('./SignPage')),
    '/meeting/template': crudScreen(() => import('./templates')),
    '/meeting/machine': treeListScreen(() => import('./machines')),
    '/meeting/scene': crudScreen(() => import('./scenes')),
    '/meeting/scene-linkage': crudScreen(() => import('./linkages')),
    '/meeting/scene-log': crudScreen(() => import('./sceneLog')),
  },
  // the room's door screen: outside the frame, signed out (a public path, src/config.ts)
  pages: { '/meeting-display/:roomId': lazy(() => import('./DisplayPage')) },
  menuNames: {
    meeting: 'Meetings',
    meeting_room: 'Meeting rooms',
    meeting_list: 'Meetings',
    meeting_sign_screen: 'Sign-in',
    meeting_template: 'Meeting templates',
    meeting_machine: 'Meeting machines',
    scene: 'Scenes',
    scene_linkage: 'Scene linkage',
    scene_log: 'Scene log',
  },
})

import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/** Visitors, faces and doors (spec 02 §7, issue 30). */
export default defineFeature({
  name: 'visitor',
  screens: {
    '/visitor/list': crudScreen(() => import('./visits')),
    '/visitor/approval': lazy(() => import('./ApprovalPage')),
    '/face/record': crudScreen(() => import('./faces')),
    '/face/track': lazy(() => import('./TrackPage')),
    '/door/record': crudScreen(() => import('./doors')),
  },
  menuNames: {
    visitor_manage: 'Visitors',
    visitor: 'Visitors',
    visitor_approval: 'Visitor approval',
    face_record: 'Face records',
    face_track: 'Person track',
    door_record: 'Door records',
  },
})

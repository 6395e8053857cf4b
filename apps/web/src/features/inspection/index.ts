import { lazy } from 'react'
import { crudScreen, dashboardScreen, defineFeature } from '@/components/kit'

/** Inspection patrols (issue 29): overview, points, paths, plans, records with check-ins, events. */
export default defineFeature({
  name: 'inspection',
  screens: {
    '/inspection/overview': dashboardScreen(() => import('./overview')),
    '/inspection/point': crudScreen(() => import('./points')),
    '/inspection/path': crudScreen(() => import('./paths')),
    '/inspection/plan': crudScreen(() => import('./plans')),
    '/inspection/record': lazy(() => import('./RecordsPage')),
    '/inspection/event': crudScreen(() => import('./events')),
  },
  menuNames: {
    inspection: 'Inspection',
    inspection_overview: 'Inspection overview',
    inspection_point: 'Inspection points',
    inspection_path: 'Inspection paths',
    inspection_plan: 'Inspection plans',
    inspection_record: 'Inspection records',
    inspection_event: 'Inspection events',
  },
})

import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/** Property services (spec 02 §7 "/ydzy"): orders, appraisals, dictionaries, check lists, machines, hot cities, advice, visitors. */
export default defineFeature({
  name: 'property',
  screens: {
    '/property/repair': crudScreen(() => import('./repairs')),
    '/property/appraise': crudScreen(() => import('./appraisals')),
    '/property/clean': crudScreen(() => import('./cleans')),
    '/property/type': crudScreen(() => import('./types')),
    '/property/checklist': crudScreen(() => import('./checklist')),
    '/property/machine': crudScreen(() => import('./machines')),
    '/property/hotspot': lazy(() => import('./HotspotPage')),
    '/property/advice': crudScreen(() => import('./advice')),
    '/property/visitor': crudScreen(() => import('./visitors')),
  },
  // the app's download page: outside the frame, signed out (a public path, src/config.ts)
  pages: { '/download/ydzy': lazy(() => import('./DownloadPage')) },
  menuNames: {
    property: 'Property services',
    property_repair: 'Repairs',
    property_appraise: 'Repair ratings',
    property_clean: 'Cleaning',
    property_type: 'Service types',
    property_check: 'Check lists',
    property_machine: 'Community machines',
    property_hotspot: 'Hot cities',
    property_advice: 'Complaints and suggestions',
    property_visitor: 'Visitors',
  },
})

import { crudScreen, defineFeature } from '@/components/kit'

/** Parking (issue 30): car parks and gates, vehicles inside, passes with remote open, vehicle cards with PMS sync. */
export default defineFeature({
  name: 'parking',
  screens: {
    '/parking/lot': crudScreen(() => import('./lots')),
    '/parking/vehicle': crudScreen(() => import('./vehicles')),
    '/parking/pass': crudScreen(() => import('./passes')),
    '/parking/card': crudScreen(() => import('./cards')),
  },
  menuNames: {
    parking: 'Parking',
    parking_lot: 'Car parks',
    parking_vehicle: 'Vehicles inside',
    parking_pass: 'Passes',
    parking_card: 'Vehicle cards',
  },
})

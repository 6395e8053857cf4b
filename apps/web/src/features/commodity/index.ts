import { contractScreens, crudScreen, dashboardScreen, defineFeature, treeListScreen } from '@/components/kit'

/** Commodities (spec 02 §7): types, listings, orders and a dashboard; every screen is a declaration. */
export default defineFeature({
  name: 'commodity',
  screens: {
    '/commodity/type': crudScreen(() => import('./types')),
    '/commodity/message': treeListScreen(() => import('./messages')),
    '/commodity/order': crudScreen(() => import('./orders')),
    '/commodity/dashboard': dashboardScreen(() => import('./dashboard')),
    '/commodity/unit': crudScreen(() => import('./units')),
    // the screens declared with their contracts (screens/<segment>.tsx: /commodity/<segment>)
    ...contractScreens(import.meta.glob('./screens/*.tsx'), '/commodity'),
  },
  menuNames: {
    commodity: 'Commodities',
    commodity_type: 'Commodity types',
    commodity_message: 'Commodities',
    commodity_order: 'Commodity orders',
    commodity_dashboard: 'Shop dashboard',
    commodity_unit: 'Units',
  },
})

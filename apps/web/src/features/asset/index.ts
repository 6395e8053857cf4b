import { crudScreen, defineFeature, treeListScreen } from '@/components/kit'

/** Assets (spec 02 §7): types, properties and the asset register; every screen is a declaration. */
export default defineFeature({
  name: 'asset',
  screens: {
    '/asset/type': crudScreen(() => import('./types')),
    '/asset/property': crudScreen(() => import('./properties')),
    '/asset/list': treeListScreen(() => import('./assets')),
    '/asset/place': crudScreen(() => import('./places')),
  },
  menuNames: {
    asset_manage: 'Assets',
    asset_type: 'Asset types',
    asset_property: 'Asset properties',
    asset: 'Asset register',
    asset_place: 'Computer rooms and canteens',
  },
})

import { defineFeature, treeListScreen } from '@/components/kit'

/** Basic settings: the administrative regions. */
export default defineFeature({
  name: 'base',
  screens: {
    '/base/region': treeListScreen(() => import('./regions')),
  },
})

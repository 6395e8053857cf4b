import { lazy } from 'react'
import { contractScreens, defineFeature } from '@/components/kit'

/** Reports (spec 02 §7): saved reports, partner channels, their figures, orders and dining counts. */
export default defineFeature({
  name: 'report',
  screens: {
    '/report/list': lazy(() => import('./list')),
    '/report/partner': lazy(() => import('./partner')),
    '/report/darunfa': lazy(() => import('./darunfa')),
    '/report/dining': lazy(() => import('./dining')),
    // 合作渠道 (screens/channel.tsx), declared with its contract
    ...contractScreens(import.meta.glob('./screens/*.tsx'), '/report'),
  },
  // 保存为报表 on every kit list, and the list that opens a saved report (components/crud/savedViews.ts)
  slots: {
    savedViews: {
      Save: lazy(() => import('./SaveViewButton')),
      load: async (id) => (await import('./savedViewLoad')).loadView(id),
    },
  },
  menuNames: {
    reports: 'Reports',
    report: 'Saved reports',
    report_statistic: 'Partner statistics',
    report_darunfa: 'Darunfa orders',
    report_dining: 'Dining counts',
  },
})

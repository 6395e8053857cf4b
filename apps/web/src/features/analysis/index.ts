import { dashboardScreen, defineFeature } from '@/components/kit'

/** Park analysis (spec 02 §7, issue 30): five dashboards (报修分析 at the workflow's route), each figure a chart beside its table. */
export default defineFeature({
  name: 'analysis',
  screens: {
    '/analysis/visit': dashboardScreen(() => import('./visit')),
    '/analysis/pass': dashboardScreen(() => import('./pass')),
    '/analysis/environment': dashboardScreen(() => import('./environment')),
    '/analysis/operation': dashboardScreen(() => import('./operation')),
    '/workflow/repair-analysis': dashboardScreen(() => import('./repair')),
  },
  menuNames: {
    park_analysis: 'Park analysis',
    analysis_visit: 'Visit analysis',
    analysis_pass: 'Pass analysis',
    analysis_environment: 'Environment and energy',
    analysis_operation: 'Operations',
    analysis_repair: 'Repair analysis',
  },
})
